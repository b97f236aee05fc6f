/**
 * The API contract of the map: Cartography (the map, cartography.read) and
 * Cartography management (points of interest and their categories, layers, map areas and their
 * groups, incidents; cartography_advanced rights, see ./access.ts). Server module:
 * server/src/modules/cartography/; screens: src/features/cartography/; decisions:
 * docs/cartography.md.
 *
 * - Positions are WGS 84 (EPSG:4326) longitude/latitude, as GeoJSON (RFC 7946) writes them:
 *   [lng, lat]. A record's own point is the platform's GpsPoint ({ lat, lng }).
 * - The map reads one route, GET /api/cartography/features, answering a GeoJSON
 *   FeatureCollection of what the caller may read: the district's sites (with a position),
 *   its declarations with a position (incidents), points of interest and map areas, each
 *   feature's `properties.kind` saying which. Sites and incidents are built-in layers
 *   (BUILTIN_LAYERS); points and areas belong to a layer a manager made.
 * - The basemap needs no outside service: the server answers a MapLibre style whose source is
 *   either its own vector tiles built from Natural Earth (world-atlas, out of the box), a
 *   PMTiles file it serves, or an address the operator configured (BasemapInfo).
 */
import Type, { type Static } from 'typebox';
import { GpsPoint, IsoDateTime, ListQueryBase, Page, RecordMeta, UpdateBody, Uuid } from '../../schemas/platform';

export const NAME_MAX = 120;
export const DESCRIPTION_MAX = 2_000;
/** A polygon's vertices in all (import and drawing); beyond, the server answers 400. */
export const AREA_VERTICES_MAX = 5_000;
/** Features in one import; beyond, 400. */
export const IMPORT_FEATURES_MAX = 5_000;
/** An import's text (GeoJSON or KML), in characters. */
export const IMPORT_TEXT_MAX = 5 * 1024 * 1024;
/** The most features one GET /features answers; `truncated` says when more matched. */
export const FEATURES_MAX = 20_000;

const Name = Type.String({ minLength: 1, maxLength: NAME_MAX, pattern: '\\S' });
const Description = Type.String({ maxLength: DESCRIPTION_MAX });
/** A CSS hex colour, #rrggbb. */
export const Colour = Type.String({ pattern: '^#[0-9a-fA-F]{6}$', maxLength: 7 });

// ---------------------------------------------------------------- geometry (GeoJSON, RFC 7946)

const Position = Type.Tuple([Type.Number({ minimum: -180, maximum: 180 }), Type.Number({ minimum: -90, maximum: 90 })]);
/** A closed ring: at least 4 positions, the last equal to the first (checked by the server). */
const Ring = Type.Array(Position, { minItems: 4, maxItems: AREA_VERTICES_MAX });
export const PolygonGeometry = Type.Object({ type: Type.Literal('Polygon'), coordinates: Type.Array(Ring, { minItems: 1, maxItems: 100 }) }, { additionalProperties: false });
export const MultiPolygonGeometry = Type.Object(
  { type: Type.Literal('MultiPolygon'), coordinates: Type.Array(Type.Array(Ring, { minItems: 1, maxItems: 100 }), { minItems: 1, maxItems: 100 }) },
  { additionalProperties: false },
);
export const AreaGeometry = Type.Union([PolygonGeometry, MultiPolygonGeometry]);
export type AreaGeometry = Static<typeof AreaGeometry>;
export const PointGeometry = Type.Object({ type: Type.Literal('Point'), coordinates: Position }, { additionalProperties: false });

/** [west, south, east, north] in degrees. */
export const BBox = Type.Tuple([Type.Number(), Type.Number(), Type.Number(), Type.Number()]);
export type BBox = Static<typeof BBox>;

// ---------------------------------------------------------------- layers

/** The layers every district has, made from other modules' records (not stored as layers). */
export const BUILTIN_LAYERS = ['sites', 'incidents'] as const;
export type BuiltinLayer = (typeof BUILTIN_LAYERS)[number];
/** What a manager's layer holds. */
export const LAYER_KINDS = ['points', 'areas'] as const;
export const LayerKind = Type.Enum([...LAYER_KINDS]);
export type LayerKind = (typeof LAYER_KINDS)[number];

export const LayerFields = Type.Object(
  {
    name: Name,
    kind: LayerKind,
    colour: Colour,
    /** Drawn above the layers of a smaller position. */
    position: Type.Integer({ minimum: 0, maximum: 10_000 }),
    /** Shown when the map opens (each user's own switches are kept on the device). */
    visibleByDefault: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type LayerFields = Static<typeof LayerFields>;
/** POST /api/cartography/layers (Idempotency-Key; layer manage right). */
export const LayerCreate = Type.Object({ id: Uuid, ...LayerFields.properties }, { additionalProperties: false });
export type LayerCreate = Static<typeof LayerCreate>;
/** PATCH /api/cartography/layers/:id (the kind never changes). */
export const LayerUpdate = UpdateBody(Type.Partial(Type.Omit(LayerFields, ['kind']), { additionalProperties: false, minProperties: 1 }));
export type LayerUpdate = Static<typeof LayerUpdate>;
/** GET /api/cartography/layers (every layer of the district, by position; `deleted=true` for the deleted ones). */
export const Layer = Type.Intersect([RecordMeta, LayerFields, Type.Object({ featureCount: Type.Integer({ minimum: 0 }) })]);
export type Layer = Static<typeof Layer>;
export const LayerListQuery = Type.Object({ deleted: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])) }, { additionalProperties: false });

// ---------------------------------------------------------------- points of interest and their categories

/** The icons a category may use (drawn by the app; names of the app's icon set). */
export const POI_ICONS = ['extinguisher', 'assembly', 'valve', 'defibrillator', 'firstAid', 'hydrant', 'exit', 'electric', 'water', 'gas', 'danger', 'camera', 'pin'] as const;
export const PoiIcon = Type.Enum([...POI_ICONS]);
export type PoiIcon = (typeof POI_ICONS)[number];

export const PoiCategoryFields = Type.Object({ name: Name, icon: PoiIcon, colour: Colour }, { additionalProperties: false });
export type PoiCategoryFields = Static<typeof PoiCategoryFields>;
/** POST /api/cartography/categories (interestPointManagement manage right). */
export const PoiCategoryCreate = Type.Object({ id: Uuid, ...PoiCategoryFields.properties }, { additionalProperties: false });
export type PoiCategoryCreate = Static<typeof PoiCategoryCreate>;
export const PoiCategoryUpdate = UpdateBody(Type.Partial(PoiCategoryFields, { additionalProperties: false, minProperties: 1 }));
export type PoiCategoryUpdate = Static<typeof PoiCategoryUpdate>;
/** GET /api/cartography/categories (every category, by name). */
export const PoiCategory = Type.Intersect([RecordMeta, PoiCategoryFields, Type.Object({ pointCount: Type.Integer({ minimum: 0 }) })]);
export type PoiCategory = Static<typeof PoiCategory>;

export const PoiFields = Type.Object(
  {
    name: Name,
    description: Description,
    categoryId: Uuid,
    /** A layer of kind 'points'. */
    layerId: Uuid,
    position: GpsPoint,
    /** The site it belongs to, if any. */
    siteId: Type.Union([Uuid, Type.Null()]),
  },
  { additionalProperties: false },
);
export type PoiFields = Static<typeof PoiFields>;
/** POST /api/cartography/points (Idempotency-Key; interestPoint manage right). */
export const PoiCreate = Type.Object({ id: Uuid, ...PoiFields.properties }, { additionalProperties: false });
export type PoiCreate = Static<typeof PoiCreate>;
/** PATCH /api/cartography/points/:id: a move is `{ position }`. */
export const PoiUpdate = UpdateBody(Type.Partial(PoiFields, { additionalProperties: false, minProperties: 1 }));
export type PoiUpdate = Static<typeof PoiUpdate>;
export const Poi = Type.Intersect([
  RecordMeta,
  PoiFields,
  Type.Object({ categoryName: Type.String(), icon: PoiIcon, colour: Colour, layerName: Type.String(), siteName: Type.Union([Type.String(), Type.Null()]) }),
]);
export type Poi = Static<typeof Poi>;
/** GET /api/cartography/points?search=&cursor=&limit=&category=&layer=&site=&deleted= (by name). */
export const PoiListQuery = Type.Object(
  {
    ...ListQueryBase,
    category: Type.Optional(Uuid),
    layer: Type.Optional(Uuid),
    site: Type.Optional(Uuid),
    deleted: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
  },
  { additionalProperties: false },
);
export type PoiListQuery = Static<typeof PoiListQuery>;
export const PoiPage = Page(Poi);

// ---------------------------------------------------------------- map areas and their groups

export const AreaGroupFields = Type.Object({ name: Name, description: Description, colour: Colour }, { additionalProperties: false });
export type AreaGroupFields = Static<typeof AreaGroupFields>;
/** POST /api/cartography/area-groups (mapsAreaGroup manage right). */
export const AreaGroupCreate = Type.Object({ id: Uuid, ...AreaGroupFields.properties }, { additionalProperties: false });
export type AreaGroupCreate = Static<typeof AreaGroupCreate>;
export const AreaGroupUpdate = UpdateBody(Type.Partial(AreaGroupFields, { additionalProperties: false, minProperties: 1 }));
export type AreaGroupUpdate = Static<typeof AreaGroupUpdate>;
/** GET /api/cartography/area-groups (every group, by name). */
export const AreaGroup = Type.Intersect([RecordMeta, AreaGroupFields, Type.Object({ areaCount: Type.Integer({ minimum: 0 }) })]);
export type AreaGroup = Static<typeof AreaGroup>;

export const AreaFields = Type.Object(
  {
    name: Name,
    description: Description,
    /** A layer of kind 'areas'. */
    layerId: Uuid,
    groupId: Type.Union([Uuid, Type.Null()]),
    /** The area's own colour, else its group's, else its layer's. */
    colour: Type.Union([Colour, Type.Null()]),
    geometry: AreaGeometry,
  },
  { additionalProperties: false },
);
export type AreaFields = Static<typeof AreaFields>;
/** POST /api/cartography/areas (Idempotency-Key; mapsArea manage right). */
export const AreaCreate = Type.Object({ id: Uuid, ...AreaFields.properties }, { additionalProperties: false });
export type AreaCreate = Static<typeof AreaCreate>;
export const AreaUpdate = UpdateBody(Type.Partial(AreaFields, { additionalProperties: false, minProperties: 1 }));
export type AreaUpdate = Static<typeof AreaUpdate>;
export const Area = Type.Intersect([
  RecordMeta,
  AreaFields,
  Type.Object({ layerName: Type.String(), groupName: Type.Union([Type.String(), Type.Null()]), bbox: BBox, areaSquareMetres: Type.Number({ minimum: 0 }) }),
]);
export type Area = Static<typeof Area>;
/** GET /api/cartography/areas?search=&cursor=&limit=&layer=&group=&deleted= (by name). */
export const AreaListQuery = Type.Object(
  {
    ...ListQueryBase,
    layer: Type.Optional(Uuid),
    group: Type.Optional(Uuid),
    deleted: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
  },
  { additionalProperties: false },
);
export type AreaListQuery = Static<typeof AreaListQuery>;
export const AreaPage = Page(Area);

// ---------------------------------------------------------------- the map's features

export const FEATURE_KINDS = ['site', 'incident', 'poi', 'area'] as const;
export type FeatureKind = (typeof FEATURE_KINDS)[number];

/**
 * GET /api/cartography/features?bbox=&layers=&from=&to=&status=&type=: the map's features.
 * - bbox `w,s,e,n` (degrees): only features meeting it; absent, the whole district (the
 *   offline copy).
 * - layers: comma-separated `sites`, `incidents` and layer ids; absent, every layer the caller
 *   may read. Sites need the sites read right or cartography.read; incidents need
 *   cartography.read (and are the declarations the caller may read, so a field user sees its own).
 * - from / to (YYYY-MM-DD, district days): incidents that occurred in the period.
 * - status: comma-separated declaration statuses (incidents only); type: comma-separated site
 *   type ids, declaration template ids or POI category ids (each filters its own kind).
 */
export const FeaturesQuery = Type.Object(
  {
    bbox: Type.Optional(Type.String({ pattern: '^-?\\d+(\\.\\d+)?(,-?\\d+(\\.\\d+)?){3}$', maxLength: 120 })),
    layers: Type.Optional(Type.String({ minLength: 1, maxLength: 2_000 })),
    from: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 })),
    to: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 })),
    status: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
    type: Type.Optional(Type.String({ minLength: 1, maxLength: 2_000 })),
  },
  { additionalProperties: false },
);
export type FeaturesQuery = Static<typeof FeaturesQuery>;

/** What a popup shows and where it leads; every kind carries id, kind, layer and name. */
export const FeatureProperties = Type.Object({
  kind: Type.Enum([...FEATURE_KINDS]),
  id: Uuid,
  /** `sites`, `incidents` or the layer's id. */
  layer: Type.String(),
  name: Type.String(),
  /** Sites: the site type; incidents: the declaration template; points: the category. */
  typeId: Type.Union([Uuid, Type.Null()]),
  typeName: Type.Union([Type.String(), Type.Null()]),
  /** Incidents: the declaration's status and severity and when it occurred. */
  status: Type.Optional(Type.String()),
  severity: Type.Optional(Type.String()),
  occurredAt: Type.Optional(IsoDateTime),
  /** Points: the category's icon; points and areas: the colour to draw. */
  icon: Type.Optional(PoiIcon),
  colour: Type.Optional(Colour),
  /** Incidents: the position's accuracy in metres, when known. */
  accuracy: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  version: Type.Integer({ minimum: 1 }),
});
export type FeatureProperties = Static<typeof FeatureProperties>;

export const MapFeature = Type.Object({
  type: Type.Literal('Feature'),
  id: Uuid,
  geometry: Type.Union([PointGeometry, PolygonGeometry, MultiPolygonGeometry]),
  properties: FeatureProperties,
});
export type MapFeature = Static<typeof MapFeature>;

export const FeatureCollection = Type.Object({
  type: Type.Literal('FeatureCollection'),
  features: Type.Array(MapFeature),
  /** More than FEATURES_MAX matched: zoom in or filter. */
  truncated: Type.Boolean(),
  /** The district's extent (every site, point and area), for the first view and the offline tiles; null when it has none. */
  extent: Type.Union([BBox, Type.Null()]),
});
export type FeatureCollection = Static<typeof FeatureCollection>;

// ---------------------------------------------------------------- import and export

/**
 * POST /api/cartography/import (Idempotency-Key): GeoJSON (a FeatureCollection, a Feature or a
 * geometry) or KML text, into a layer. Points become points of interest of `categoryId`
 * (required when the text holds points, and the layer must be of kind 'points'); polygons and
 * multipolygons become map areas (the layer of kind 'areas'), of `groupId` when given. A
 * feature's `name` (GeoJSON properties.name, KML <name>) and `description` are kept. Anything
 * else (a line, an invalid ring, coordinates out of range, more than IMPORT_FEATURES_MAX
 * features, a layer of the other kind) is a 400 naming the feature (its index) and the reason;
 * nothing is written unless everything is valid (`dryRun` only checks and counts).
 */
export const ImportBody = Type.Object(
  {
    format: Type.Union([Type.Literal('geojson'), Type.Literal('kml')]),
    text: Type.String({ minLength: 1, maxLength: IMPORT_TEXT_MAX }),
    layerId: Uuid,
    categoryId: Type.Optional(Uuid),
    groupId: Type.Optional(Uuid),
    dryRun: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ImportBody = Static<typeof ImportBody>;
export const ImportResult = Type.Object({ points: Type.Integer({ minimum: 0 }), areas: Type.Integer({ minimum: 0 }), dryRun: Type.Boolean() });
export type ImportResult = Static<typeof ImportResult>;
/** GET /api/cartography/export?layers=: the chosen layers' features as GeoJSON (a file, application/geo+json). */
export const ExportQuery = Type.Object({ layers: Type.Optional(Type.String({ minLength: 1, maxLength: 2_000 })) }, { additionalProperties: false });

// ---------------------------------------------------------------- basemap and places

/**
 * GET /api/cartography/basemap: what the map draws under the features. `styleUrl` is a MapLibre
 * style (the server's own, GET /api/cartography/basemap/style.json, or the operator's),
 * `attribution` is shown on the map, `maxZoom` the deepest zoom its tiles go (the offline
 * tiles are kept to min(maxZoom, OFFLINE_MAX_ZOOM)), `source` says which basemap it is:
 * `builtin` is the coarse world map (no street: the map says so), `pmtiles` the operator's
 * file, `tiles` the operator's raster tiles relayed by the server, `external` the operator's
 * own style.
 */
export const BasemapInfo = Type.Object({
  source: Type.Union([Type.Literal('builtin'), Type.Literal('pmtiles'), Type.Literal('tiles'), Type.Literal('external')]),
  styleUrl: Type.String(),
  attribution: Type.String(),
  maxZoom: Type.Integer({ minimum: 0, maximum: 24 }),
});
export type BasemapInfo = Static<typeof BasemapInfo>;
/** The deepest zoom kept offline for a district's extent. */
export const OFFLINE_MAX_ZOOM = 16;

/**
 * GET /api/cartography/places?q=: an address search through the geocoder the operator
 * configured (VIGIE_GEOCODER_URL, Photon or Nominatim); 503 with a message when none is
 * configured or it does not answer. The district's own sites and points are searched by the app
 * first (offline too).
 */
export const PlacesQuery = Type.Object({ q: Type.String({ minLength: 2, maxLength: 200 }) }, { additionalProperties: false });
export const Place = Type.Object({ label: Type.String(), position: GpsPoint, bbox: Type.Union([BBox, Type.Null()]) });
export type Place = Static<typeof Place>;
export const PlaceList = Type.Array(Place, { maxItems: 10 });
