/**
 * The 360° tours' API contract (routes under /api/360), written once: a site's 360 stages (the
 * Sites module's panoramas) linked as a tour (arrows from one stage to another, placed at a
 * direction, and a start stage), markers placed at a direction of a stage and linked to a
 * record (equipment, a declaration, an action, a file), captures of the same stage over dates,
 * and the tiles a large panorama is cut into so a phone opens it quickly. Server module:
 * server/src/modules/view360/; screens: src/features/view360/.
 */
import Type, { type Static } from 'typebox';
import { Uuid } from '../../schemas/platform';

/** The kinds of records a marker may point to (each registered by its owner module on the server). */
export const MARKER_KINDS = ['equipment', 'declaration', 'action', 'file', 'note'] as const;
export type MarkerKind = (typeof MARKER_KINDS)[number];
export const MarkerKindSchema = Type.Union([Type.Literal('equipment'), Type.Literal('declaration'), Type.Literal('action'), Type.Literal('file'), Type.Literal('note')]);

export const LABEL_MAX = 200;
/** A panorama wider than this is served as tiles (a low-resolution base and 1,024-pixel tiles). */
export const TILE_THRESHOLD_PX = 4096;
export const TILE_EDGE_PX = 1024;
export const BASE_WIDTH_PX = 2048;

/** A direction in the panorama, in radians: yaw [-π, 2π] (wrapped on write), pitch [-π/2, π/2]. */
export const Yaw = Type.Number({ minimum: -7, maximum: 7 });
export const Pitch = Type.Number({ minimum: -1.5708, maximum: 1.5708 });
export const IsoDay = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$', maxLength: 10 });

/** The way a panorama is opened: the whole image, or a base image and tiles. */
export const TiledPanorama = Type.Object({
  width: Type.Integer(),
  cols: Type.Integer(),
  rows: Type.Integer(),
  baseUrl: Type.String(),
  /** `{col}` and `{row}` replaced by the tile's. */
  tileUrl: Type.String(),
});
export type TiledPanorama = Static<typeof TiledPanorama>;

export const TourCapture = Type.Object({
  id: Uuid,
  stageId: Uuid,
  capturedOn: IsoDay,
  imageUrl: Type.String(),
  tiles: Type.Union([TiledPanorama, Type.Null()]),
});
export type TourCapture = Static<typeof TourCapture>;

export const TourStage = Type.Object({
  id: Uuid,
  name: Type.String(),
  /** The stage image (null: none uploaded). */
  imageUrl: Type.Union([Type.String(), Type.Null()]),
  tiles: Type.Union([TiledPanorama, Type.Null()]),
});
export type TourStage = Static<typeof TourStage>;

export const TourLink = Type.Object({ id: Uuid, fromStageId: Uuid, toStageId: Uuid, yaw: Type.Number(), pitch: Type.Number() });
export type TourLink = Static<typeof TourLink>;

export const Marker = Type.Object({
  id: Uuid,
  siteId: Uuid,
  stageId: Uuid,
  yaw: Type.Number(),
  pitch: Type.Number(),
  kind: MarkerKindSchema,
  recordId: Type.Union([Uuid, Type.Null()]),
  label: Type.String(),
  /** The linked record's title now (null: gone, or not readable by the reader). */
  title: Type.Union([Type.String(), Type.Null()]),
  version: Type.Integer(),
});
export type Marker = Static<typeof Marker>;

export const Tour = Type.Object({
  siteId: Uuid,
  siteName: Type.String(),
  startStageId: Type.Union([Uuid, Type.Null()]),
  stages: Type.Array(TourStage),
  links: Type.Array(TourLink),
  markers: Type.Array(Marker),
  captures: Type.Array(TourCapture),
});
export type Tour = Static<typeof Tour>;

export const StartBody = Type.Object({ stageId: Uuid }, { additionalProperties: false });
export const LinkCreate = Type.Object({ id: Uuid, fromStageId: Uuid, toStageId: Uuid, yaw: Yaw, pitch: Pitch }, { additionalProperties: false });
export type LinkCreate = Static<typeof LinkCreate>;
export const MarkerCreate = Type.Object(
  {
    id: Uuid,
    stageId: Uuid,
    yaw: Yaw,
    pitch: Pitch,
    kind: MarkerKindSchema,
    recordId: Type.Optional(Type.Union([Uuid, Type.Null()])),
    label: Type.Optional(Type.String({ maxLength: LABEL_MAX })),
  },
  { additionalProperties: false },
);
export type MarkerCreate = Static<typeof MarkerCreate>;
export const MarkerUpdate = Type.Object(
  { yaw: Type.Optional(Yaw), pitch: Type.Optional(Pitch), label: Type.Optional(Type.String({ maxLength: LABEL_MAX })) },
  { additionalProperties: false, minProperties: 1 },
);
export type MarkerUpdate = Static<typeof MarkerUpdate>;
export const CaptureCreate = Type.Object({ id: Uuid, stageId: Uuid, capturedOn: IsoDay, attachmentId: Uuid }, { additionalProperties: false });
export type CaptureCreate = Static<typeof CaptureCreate>;

/**
 * What "keep the whole tour on this device" downloads: every image the viewer reads for the
 * site's stages (a small panorama whole; a large one's base and every tile of its grid), each
 * with its size in bytes; `pending` counts the tiles not cut yet (their panorama still in its
 * background cut: keep again later to have them). The tour's answer (stages, arrows, markers)
 * is kept beside them.
 */
export const KeptImage = Type.Object({ url: Type.String(), bytes: Type.Integer({ minimum: 0 }) });
export type KeptImage = Static<typeof KeptImage>;
export const TourDownload = Type.Object({
  siteId: Uuid,
  images: Type.Array(KeptImage),
  bytes: Type.Integer({ minimum: 0 }),
  pending: Type.Integer({ minimum: 0 }),
});
export type TourDownload = Static<typeof TourDownload>;

/** The markers pointing to one record (a record's sheet lists them). */
export const RecordMarkersQuery = Type.Object({ kind: MarkerKindSchema, recordId: Uuid }, { additionalProperties: false });
export const RecordMarker = Type.Object({ id: Uuid, siteId: Uuid, siteName: Type.String(), stageId: Uuid, stageName: Type.String(), yaw: Type.Number(), pitch: Type.Number(), label: Type.String() });
export type RecordMarker = Static<typeof RecordMarker>;

/** The records of a kind on a site a marker may point to (the marker form's choices). */
export const TargetChoice = Type.Object({ id: Uuid, title: Type.String() });
export type TargetChoice = Static<typeof TargetChoice>;
export const TargetsQuery = Type.Object({ kind: MarkerKindSchema }, { additionalProperties: false });

/** Wraps a yaw into [0, 2π). */
export const wrapYaw = (yaw: number): number => {
  const turn = 2 * Math.PI;
  return ((yaw % turn) + turn) % turn;
};
