/**
 * The Sites module's API contract (routes under /api/sites), written once. See
 * common/schemas/platform.ts for the shared parts and docs/modules.md for how a module's
 * contract is used on both sides.
 */
import Type, { type Static } from 'typebox';
import { Attachment, GpsPoint, ListQueryBase, Page, RecordMeta, UpdateBody, Uuid } from '../../schemas/platform';

export const SITE_NAME_MAX = 200;
export const SITE_DESCRIPTION_MAX = 5000;
export const SITE_ADDRESS_MAX = 500;
export const SITE_OWNER_MAX = 200;
export const SITE_TYPE_NAME_MAX = 100;
export const STAGE_NAME_MAX = 100;

/** What a manager edits; an update sends only the fields it changed. */
export const SiteFields = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: SITE_NAME_MAX, pattern: '\\S' }),
    description: Type.String({ maxLength: SITE_DESCRIPTION_MAX }),
    address: Type.String({ maxLength: SITE_ADDRESS_MAX }),
    gps: Type.Union([GpsPoint, Type.Null()]),
    ownerName: Type.String({ maxLength: SITE_OWNER_MAX }),
    siteTypeId: Type.Union([Uuid, Type.Null()]),
  },
  { additionalProperties: false },
);
export type SiteFields = Static<typeof SiteFields>;
export const SITE_FIELDS = ['name', 'description', 'address', 'gps', 'ownerName', 'siteTypeId'] as const satisfies readonly (keyof SiteFields)[];

/** POST /api/sites (Idempotency-Key): the id is the client's. */
export const SiteCreate = Type.Object(
  {
    id: Uuid,
    name: SiteFields.properties.name,
    description: Type.Optional(SiteFields.properties.description),
    address: Type.Optional(SiteFields.properties.address),
    gps: Type.Optional(SiteFields.properties.gps),
    ownerName: Type.Optional(SiteFields.properties.ownerName),
    siteTypeId: Type.Optional(SiteFields.properties.siteTypeId),
  },
  { additionalProperties: false },
);
export type SiteCreate = Static<typeof SiteCreate>;

/** PATCH /api/sites/:id: 409 `record.version_conflict` with the current site when baseVersion is stale. */
export const SiteUpdate = UpdateBody(Type.Partial(SiteFields, { additionalProperties: false, minProperties: 1 }));
export type SiteUpdate = Static<typeof SiteUpdate>;

export const StageKind = Type.Union([Type.Literal('threeD'), Type.Literal('threeSixty')]);
export type StageKind = Static<typeof StageKind>;

/** A 3D or 360 stage of a site; a 360 stage's image is a panorama (an attachment). */
export const SiteStage = Type.Object({
  id: Uuid,
  kind: StageKind,
  name: Type.String({ maxLength: STAGE_NAME_MAX }),
  position: Type.Integer({ minimum: 0 }),
  imageUrl: Type.Union([Type.String(), Type.Null()]),
  thumbnailUrl: Type.Union([Type.String(), Type.Null()]),
});
export type SiteStage = Static<typeof SiteStage>;

/** POST /api/sites/:id/stages */
export const StageCreate = Type.Object(
  {
    id: Uuid,
    kind: StageKind,
    name: Type.String({ minLength: 1, maxLength: STAGE_NAME_MAX, pattern: '\\S' }),
    /** The uploaded panorama (tus, then attached to this stage), or none yet. */
    attachmentId: Type.Optional(Type.Union([Uuid, Type.Null()])),
  },
  { additionalProperties: false },
);
export type StageCreate = Static<typeof StageCreate>;

/** PUT /api/sites/:id/stages/order: the stages of one kind in their new order. */
export const StageOrder = Type.Object({ kind: StageKind, ids: Type.Array(Uuid, { maxItems: 500 }) }, { additionalProperties: false });
export type StageOrder = Static<typeof StageOrder>;

/** GET /api/sites/:id */
export const Site = Type.Intersect([
  RecordMeta,
  SiteFields,
  Type.Object({
    siteTypeName: Type.Union([Type.String(), Type.Null()]),
    stages: Type.Array(SiteStage),
    attachments: Type.Array(Attachment),
  }),
]);
export type Site = Static<typeof Site>;

/** A row of GET /api/sites. */
export const SiteSummary = Type.Object({
  id: Uuid,
  name: Type.String(),
  address: Type.String(),
  ownerName: Type.String(),
  siteTypeId: Type.Union([Uuid, Type.Null()]),
  siteTypeName: Type.Union([Type.String(), Type.Null()]),
  gps: Type.Union([GpsPoint, Type.Null()]),
  /** Thumbnail of the first 360 stage's panorama, when it has one. */
  thumbnailUrl: Type.Union([Type.String(), Type.Null()]),
  version: Type.Integer({ minimum: 1 }),
  updatedAt: Type.String(),
  deletedAt: Type.Union([Type.String(), Type.Null()]),
});
export type SiteSummary = Static<typeof SiteSummary>;

export const SITE_SORTS = ['name', '-name', 'address', '-address', 'updatedAt', '-updatedAt'] as const;
export type SiteSort = (typeof SITE_SORTS)[number];

/** GET /api/sites?search=&cursor=&limit=&sort=&siteType=&hasGps=&deleted= */
export const SiteListQuery = Type.Object(
  {
    ...ListQueryBase,
    sort: Type.Optional(Type.Union(SITE_SORTS.map((s) => Type.Literal(s)))),
    siteType: Type.Optional(Uuid),
    hasGps: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
    /** 'true': the deleted sites only (managers, to restore one). */
    deleted: Type.Optional(Type.Literal('true')),
  },
  { additionalProperties: false },
);
export type SiteListQuery = Static<typeof SiteListQuery>;
export const SitePage = Page(SiteSummary);

export const SiteType = Type.Object({
  id: Uuid,
  name: Type.String(),
  version: Type.Integer({ minimum: 1 }),
  siteCount: Type.Integer({ minimum: 0 }),
  deletedAt: Type.Union([Type.String(), Type.Null()]),
});
export type SiteType = Static<typeof SiteType>;

/** POST /api/sites/types */
export const SiteTypeCreate = Type.Object(
  { id: Uuid, name: Type.String({ minLength: 1, maxLength: SITE_TYPE_NAME_MAX, pattern: '\\S' }) },
  { additionalProperties: false },
);
export type SiteTypeCreate = Static<typeof SiteTypeCreate>;
/** PATCH /api/sites/types/:id */
export const SiteTypeUpdate = UpdateBody(Type.Object({ name: SiteTypeCreate.properties.name }, { additionalProperties: false }));
export type SiteTypeUpdate = Static<typeof SiteTypeUpdate>;
