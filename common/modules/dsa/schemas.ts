/**
 * The data-sharing area's API contract (routes under /api/dsa, public ones under
 * /api/shared/dsa), written once. An area is an exchange with one outside party: its name, an
 * optional site, the counterpart's name and e-mail, the district's documents (attachments of the
 * area, uploaded by its managers) and the deposits (files the outside party dropped through an
 * upload-only link). An upload-only link takes files of the types its manager chose, up to a
 * quota for the whole link, until it expires or is revoked; it never lists a file. Server
 * module: server/src/modules/dsa/; screens: src/features/dsa/.
 */
import Type, { type Static } from 'typebox';
import { Attachment, CreateBody, IsoDateTime, ListQueryBase, Page, RecordMeta, UpdateBody, Uuid } from '../../schemas/platform';
import { DSA_FILE_GROUPS, DSA_FILE_TYPES, type DsaFileGroup } from './public';

export { DSA_CHUNK_BYTES, DSA_FILE_GROUPS, DSA_FILE_TYPES, DSA_PUBLIC_PREFIX, dsaAccepts, type DsaFileGroup } from './public';

export const DSA_NAME_MAX = 200;
/** Days an upload-only link lasts by default, and at most (as the third-party share links). */
export const DSA_LINK_DEFAULT_DAYS = 14;
export const DSA_LINK_MAX_DAYS = 90;
/** A link's quota: 500 MB by default, 1 GiB at most (the largest document the server takes). */
export const DSA_QUOTA_DEFAULT = 500_000_000;
export const DSA_QUOTA_MAX = 1024 * 1024 * 1024;
/** Hours after which a deposit started and never finished is removed, its bytes freed and its room in the quota given back. */
export const DSA_ABANDONED_HOURS = 24;
/** An area's sheet in the app (the notice of a deposit links there). */
export const dsaAreaPath = (id: string): string => `/dsa/dsaView/${id}`;
/** The outsider's page in the app: /dsaDrop/<token>. */
export const DSA_DROP_PATH = '/dsaDrop';
/** The attachments' modules: the district's documents of an area, and the outside party's deposits. */
export const DSA_DOCUMENTS = 'dsa';
export const DSA_DEPOSITS = 'dsa_deposits';
/** The history's and sockets' module name of the areas. */
export const DSA_AREAS = 'dsa_areas';

/** The `accept` attribute of a file input for the groups. */
export const dsaAcceptAttribute = (groups: readonly string[]): string =>
  groups.flatMap((g) => (DSA_FILE_TYPES[g as DsaFileGroup] ? [...DSA_FILE_TYPES[g as DsaFileGroup].types, ...DSA_FILE_TYPES[g as DsaFileGroup].extensions.map((e) => `.${e}`)] : [])).join(',');

export const DSA_ERRORS = {
  notFound: 'dsa.not_found',
  linkNotFound: 'dsa.link_not_found',
  expired: 'dsa.link_expired',
  revoked: 'dsa.link_revoked',
  type: 'dsa.type_not_allowed',
  quota: 'dsa.over_quota',
  expiry: 'dsa.expiry_invalid',
  depositNotFound: 'dsa.deposit_not_found',
  depositIncomplete: 'dsa.deposit_incomplete',
  depositMoved: 'dsa.deposit_moved',
  site: 'dsa.site_not_found',
  destination: 'dsa.destination_not_found',
} as const;

const Name = Type.String({ minLength: 1, maxLength: DSA_NAME_MAX, pattern: '\\S' });
const Email = Type.String({ maxLength: 254, pattern: '^(|[^\\s@]+@[^\\s@]+\\.[^\\s@]+)$' });
const Group = Type.Union([Type.Literal('pdf'), Type.Literal('images'), Type.Literal('office'), Type.Literal('zip'), Type.Literal('cad')]);

// ---------------------------------------------------------------- areas

export const AreaFields = Type.Object(
  {
    name: Name,
    siteId: Type.Union([Uuid, Type.Null()]),
    counterpartName: Type.String({ maxLength: DSA_NAME_MAX }),
    counterpartEmail: Email,
  },
  { additionalProperties: false },
);
export type AreaFields = Static<typeof AreaFields>;
export const AreaCreate = CreateBody(AreaFields, ['name']);
export type AreaCreate = Static<typeof AreaCreate>;
export const AreaUpdate = UpdateBody(Type.Partial(AreaFields, { additionalProperties: false, minProperties: 1 }));
export type AreaUpdate = Static<typeof AreaUpdate>;

export const LinkState = Type.Union([Type.Literal('active'), Type.Literal('expired'), Type.Literal('revoked')]);
export type LinkState = Static<typeof LinkState>;

export const DsaLink = Type.Object({
  id: Uuid,
  areaId: Uuid,
  types: Type.Array(Group),
  quotaBytes: Type.Integer({ minimum: 0 }),
  usedBytes: Type.Integer({ minimum: 0 }),
  expiresAt: IsoDateTime,
  revokedAt: Type.Union([IsoDateTime, Type.Null()]),
  state: LinkState,
  createdAt: IsoDateTime,
  deposits: Type.Integer({ minimum: 0 }),
});
export type DsaLink = Static<typeof DsaLink>;

export const Deposit = Type.Object({
  id: Uuid,
  linkId: Uuid,
  name: Type.String(),
  type: Type.String(),
  size: Type.Integer({ minimum: 0 }),
  complete: Type.Boolean(),
  depositorName: Type.String(),
  depositorEmail: Type.String(),
  address: Type.String(),
  userAgent: Type.String(),
  createdAt: IsoDateTime,
  url: Type.String(),
  /** Where it was moved (a site's folder, "Site / Dossier"), and when; null while it is here. */
  movedTo: Type.Union([Type.String(), Type.Null()]),
  movedAt: Type.Union([IsoDateTime, Type.Null()]),
});
export type Deposit = Static<typeof Deposit>;

export const Area = Type.Object({
  ...RecordMeta.properties,
  ...AreaFields.properties,
  siteName: Type.Union([Type.String(), Type.Null()]),
  /** The district's documents (for the outside party to read, through a third-party link). */
  files: Type.Array(Attachment),
  links: Type.Array(DsaLink),
  deposits: Type.Array(Deposit),
});
export type Area = Static<typeof Area>;

export const AreaRow = Type.Object({
  ...RecordMeta.properties,
  ...AreaFields.properties,
  siteName: Type.Union([Type.String(), Type.Null()]),
  activeLinks: Type.Integer({ minimum: 0 }),
  depositCount: Type.Integer({ minimum: 0 }),
  lastDepositAt: Type.Union([IsoDateTime, Type.Null()]),
});
export type AreaRow = Static<typeof AreaRow>;
export const AreaPage = Page(AreaRow);
export const AreaListQuery = Type.Object(
  { ...ListQueryBase, site: Type.Optional(Type.String({ maxLength: 2000 })), deleted: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])) },
  { additionalProperties: false },
);
export type AreaListQuery = Static<typeof AreaListQuery>;

// ---------------------------------------------------------------- links

/** POST /api/dsa/areas/:id/links: a new upload-only link (its id the client's); the token is answered once. */
export const LinkCreate = Type.Object(
  {
    id: Uuid,
    types: Type.Array(Group, { minItems: 1, maxItems: DSA_FILE_GROUPS.length, uniqueItems: true }),
    quotaBytes: Type.Integer({ minimum: 1024 * 1024, maximum: DSA_QUOTA_MAX }),
    expiresAt: Type.Optional(IsoDateTime),
  },
  { additionalProperties: false },
);
export type LinkCreate = Static<typeof LinkCreate>;
export const LinkCreated = Type.Object({ ...DsaLink.properties, token: Type.String(), url: Type.String() });
export type LinkCreated = Static<typeof LinkCreated>;
export const LinkExtend = Type.Object({ expiresAt: IsoDateTime }, { additionalProperties: false });
export type LinkExtend = Static<typeof LinkExtend>;
export const AreaLinkParams = Type.Object({ id: Uuid, linkId: Uuid }, { additionalProperties: false });
export const AreaDepositParams = Type.Object({ id: Uuid, depositId: Uuid }, { additionalProperties: false });

/** POST /api/dsa/areas/:id/deposits/:depositId/move: into a site's folder (the files module). */
export const DepositMove = Type.Object({ folderId: Uuid, documentId: Uuid }, { additionalProperties: false });
export type DepositMove = Static<typeof DepositMove>;

// ---------------------------------------------------------------- public

export const DSA_TOKEN_PATTERN = '^[A-Za-z0-9_-]{65}$';
export const DropTokenParams = Type.Object({ token: Type.String({ pattern: DSA_TOKEN_PATTERN, maxLength: 65 }) }, { additionalProperties: false });
export const DropDepositParams = Type.Object({ token: Type.String({ pattern: DSA_TOKEN_PATTERN, maxLength: 65 }), id: Uuid }, { additionalProperties: false });

/** GET /api/shared/dsa/:token: what the outsider's page says (never a file). */
export const DropView = Type.Object({
  areaName: Type.String(),
  types: Type.Array(Group),
  accept: Type.String(),
  quotaBytes: Type.Integer({ minimum: 0 }),
  leftBytes: Type.Integer({ minimum: 0 }),
  expiresAt: IsoDateTime,
});
export type DropView = Static<typeof DropView>;

/**
 * The tus upload of a deposit: POST /api/shared/dsa/:token/uploads (tus creation, with or without
 * its first bytes), HEAD and PATCH /api/shared/dsa/:token/uploads/:id. Its Upload-Metadata
 * carries the deposit's id (the page's), the file's name and type and the depositor's name and
 * optional e-mail, each as tus encodes them (base64 of UTF-8).
 */
export const DropMetadata = Type.Object(
  {
    id: Uuid,
    name: Type.String({ minLength: 1, maxLength: 255, pattern: '\\S' }),
    type: Type.String({ maxLength: 127 }),
    depositorName: Type.String({ minLength: 1, maxLength: DSA_NAME_MAX, pattern: '\\S' }),
    depositorEmail: Type.Optional(Email),
  },
  { additionalProperties: false },
);
export type DropMetadata = Static<typeof DropMetadata>;
