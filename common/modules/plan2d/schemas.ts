/**
 * The 2D plans' API contract (routes under /api/plan2d), written once: a site's plans by level,
 * each with its revisions (an image, or a PDF page rasterised by the server to PNG), its scale
 * (two points and the distance between them), its pins (a record of another module at a point)
 * and its zones (an evacuation route as a line, a risk area as a polygon, an assembly point).
 * Positions are in the plan's normalised frame: x and y from 0 to 1, from the image's top-left
 * corner, so a new revision keeps every pin where it was. Reading takes the sites' read right,
 * every change their manage right (a field user places the pin of a declaration it reports).
 * Server: server/src/modules/plan2d/; screens: src/features/plan2d/.
 */
import Type, { type Static } from 'typebox';
import { Actor, IsoDateTime, Uuid } from '../../schemas/platform';

/** The attachments' module of the plans' images and sources. */
export const PLAN2D_ATTACHMENT_MODULE = 'plan2d';
export const PLAN_NAME_MAX = 120;
export const LEVEL_MAX = 40;
export const ZONE_NAME_MAX = 80;
/** Points of a zone at most. */
export const ZONE_POINTS_MAX = 200;
/** A PDF page rasterised is at most this many pixels on its long edge. */
export const RASTER_EDGE = 4096;
/** PDF pages a plan's source may have, at most, for the page chosen (1-based). */
export const PDF_PAGE_MAX = 500;
/** Records listed per layer as candidates for a pin. */
export const CANDIDATES_MAX = 500;

/** The layers of pins: the owner module's kind of record. */
export const PIN_KINDS = ['equipment', 'poi', 'declaration', 'action', 'stage', 'contact'] as const;
export type PinKind = (typeof PIN_KINDS)[number];
export const PinKindSchema = Type.Union([
  Type.Literal('equipment'),
  Type.Literal('poi'),
  Type.Literal('declaration'),
  Type.Literal('action'),
  Type.Literal('stage'),
  Type.Literal('contact'),
]);

export const ZONE_TYPES = ['route', 'risk', 'assembly'] as const;
export type ZoneType = (typeof ZONE_TYPES)[number];
export const ZoneTypeSchema = Type.Union([Type.Literal('route'), Type.Literal('risk'), Type.Literal('assembly')]);

const Coordinate = Type.Number({ minimum: 0, maximum: 1 });
export const PlanPoint = Type.Object({ x: Coordinate, y: Coordinate }, { additionalProperties: false });
export type PlanPoint = Static<typeof PlanPoint>;
export const Colour = Type.String({ pattern: '^#[0-9a-fA-F]{6}$' });
const Name = (max: number) => Type.String({ minLength: 1, maxLength: max, pattern: '\\S' });
const Level = Type.String({ maxLength: LEVEL_MAX });
const Page = Type.Integer({ minimum: 1, maximum: PDF_PAGE_MAX });

/** The scale: the distance in metres between two points of the plan. */
export const Calibration = Type.Object({ a: PlanPoint, b: PlanPoint, meters: Type.Number({ exclusiveMinimum: 0, maximum: 100_000 }) }, { additionalProperties: false });
export type Calibration = Static<typeof Calibration>;

export const Plan = Type.Object({
  id: Uuid,
  version: Type.Integer({ minimum: 1 }),
  siteId: Uuid,
  level: Type.String(),
  name: Type.String(),
  /** The current revision's number (1 for the first upload). */
  revision: Type.Integer({ minimum: 1 }),
  /** The current image (PNG, JPEG or WebP attachment) and its size in pixels. */
  imageId: Uuid,
  width: Type.Integer(),
  height: Type.Integer(),
  calibration: Type.Union([Calibration, Type.Null()]),
  pins: Type.Integer({ minimum: 0 }),
  updatedAt: IsoDateTime,
});
export type Plan = Static<typeof Plan>;

export const Revision = Type.Object({
  revision: Type.Integer({ minimum: 1 }),
  imageId: Uuid,
  sourceId: Uuid,
  /** The PDF page rasterised, null for an image. */
  page: Type.Union([Type.Integer(), Type.Null()]),
  width: Type.Integer(),
  height: Type.Integer(),
  createdAt: IsoDateTime,
  createdBy: Actor,
});
export type Revision = Static<typeof Revision>;

export const Pin = Type.Object({
  id: Uuid,
  version: Type.Integer({ minimum: 1 }),
  planId: Uuid,
  kind: PinKindSchema,
  recordId: Uuid,
  x: Coordinate,
  y: Coordinate,
  /** The record's title as its module names it; null while the record is not on the server (yet) or deleted. */
  title: Type.Union([Type.String(), Type.Null()]),
});
export type Pin = Static<typeof Pin>;

export const Zone = Type.Object({
  id: Uuid,
  version: Type.Integer({ minimum: 1 }),
  planId: Uuid,
  type: ZoneTypeSchema,
  name: Type.String(),
  colour: Type.String(),
  points: Type.Array(PlanPoint),
});
export type Zone = Static<typeof Zone>;

/** A plan as its viewer opens it. */
export const PlanSheet = Type.Object({ plan: Plan, revisions: Type.Array(Revision), pins: Type.Array(Pin), zones: Type.Array(Zone) });
export type PlanSheet = Static<typeof PlanSheet>;

export const Candidate = Type.Object({ kind: PinKindSchema, id: Uuid, title: Type.String() });
export type Candidate = Static<typeof Candidate>;

// ---------------------------------------------------------------- writes

/** A new plan: its source (an image or a PDF uploaded as an attachment of the plan) and, for a PDF, the page. */
export const PlanCreate = Type.Object(
  { id: Uuid, siteId: Uuid, level: Level, name: Name(PLAN_NAME_MAX), sourceId: Uuid, page: Type.Optional(Page) },
  { additionalProperties: false },
);
export type PlanCreate = Static<typeof PlanCreate>;

/**
 * A new revision of a plan. `registration`, when given, is two points of the old revision and
 * where they are on the new one: the pins and zones are moved by that similarity (a plan redrawn
 * with another margin or scale); without it they keep their normalised positions.
 */
export const RevisionCreate = Type.Object(
  {
    baseVersion: Type.Integer({ minimum: 1 }),
    sourceId: Uuid,
    page: Type.Optional(Page),
    registration: Type.Optional(Type.Object({ from: Type.Tuple([PlanPoint, PlanPoint]), to: Type.Tuple([PlanPoint, PlanPoint]) }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);
export type RevisionCreate = Static<typeof RevisionCreate>;

export const PlanUpdate = Type.Object(
  {
    baseVersion: Type.Integer({ minimum: 1 }),
    changes: Type.Object({ name: Type.Optional(Name(PLAN_NAME_MAX)), level: Type.Optional(Level), calibration: Type.Optional(Type.Union([Calibration, Type.Null()])) }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);
export type PlanUpdate = Static<typeof PlanUpdate>;

export const PinCreate = Type.Object({ id: Uuid, kind: PinKindSchema, recordId: Uuid, x: Coordinate, y: Coordinate }, { additionalProperties: false });
export type PinCreate = Static<typeof PinCreate>;
/** The pin of a declaration the caller reports from the plan (its own work). */
export const DeclarationPinCreate = Type.Object({ id: Uuid, recordId: Uuid, x: Coordinate, y: Coordinate }, { additionalProperties: false });
export type DeclarationPinCreate = Static<typeof DeclarationPinCreate>;
export const PinMove = Type.Object({ baseVersion: Type.Integer({ minimum: 1 }), x: Coordinate, y: Coordinate }, { additionalProperties: false });
export type PinMove = Static<typeof PinMove>;

export const ZoneCreate = Type.Object(
  { id: Uuid, type: ZoneTypeSchema, name: Name(ZONE_NAME_MAX), colour: Colour, points: Type.Array(PlanPoint, { minItems: 1, maxItems: ZONE_POINTS_MAX }) },
  { additionalProperties: false },
);
export type ZoneCreate = Static<typeof ZoneCreate>;

/** How many points each zone type needs at least. */
export const ZONE_MIN_POINTS: Readonly<Record<ZoneType, number>> = { route: 2, risk: 3, assembly: 1 };

/** The scale of a plan in metres per pixel of its image, null without a calibration. */
export function metersPerPixel(plan: Pick<Plan, 'width' | 'height' | 'calibration'>): number | null {
  const c = plan.calibration;
  if (!c) return null;
  const pixels = Math.hypot((c.b.x - c.a.x) * plan.width, (c.b.y - c.a.y) * plan.height);
  return pixels > 0 ? c.meters / pixels : null;
}

/**
 * The similarity (scale, rotation, translation, in pixels of each image) that takes the two
 * `from` points of the old image to the two `to` points of the new one, applied to a point
 * normalised in the old image; the result normalised in the new image, kept within 0..1.
 */
export function registerPoint(
  point: PlanPoint,
  old: { width: number; height: number },
  next: { width: number; height: number },
  registration: { from: readonly [PlanPoint, PlanPoint]; to: readonly [PlanPoint, PlanPoint] },
): PlanPoint {
  const px = (p: PlanPoint, size: { width: number; height: number }) => ({ re: p.x * size.width, im: p.y * size.height });
  const [f0, f1] = registration.from.map((p) => px(p, old));
  const [t0, t1] = registration.to.map((p) => px(p, next));
  const dF = { re: f1!.re - f0!.re, im: f1!.im - f0!.im };
  const dT = { re: t1!.re - t0!.re, im: t1!.im - t0!.im };
  const norm = dF.re * dF.re + dF.im * dF.im;
  if (norm === 0) return point;
  // k = dT / dF as complex numbers: rotation and scale.
  const k = { re: (dT.re * dF.re + dT.im * dF.im) / norm, im: (dT.im * dF.re - dT.re * dF.im) / norm };
  const p = px(point, old);
  const v = { re: p.re - f0!.re, im: p.im - f0!.im };
  const out = { re: t0!.re + k.re * v.re - k.im * v.im, im: t0!.im + k.re * v.im + k.im * v.re };
  const clamp = (n: number) => Math.min(1, Math.max(0, n));
  return { x: clamp(out.re / next.width), y: clamp(out.im / next.height) };
}
