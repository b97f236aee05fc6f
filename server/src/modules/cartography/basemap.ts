/**
 * The map's basemap, with no outside service by default (docs/cartography.md, "Basemap"):
 * - built in: vector tiles the server cuts from Natural Earth (the world-atlas package's
 *   TopoJSON: 110m at zooms 0-2, 50m at 3-4, 10m at 5-BUILTIN_MAX_ZOOM) with geojson-vt and
 *   vt-pbf, two layers, `land` (polygons) and `borders` (country borders, lines), under a
 *   MapLibre style of the server's (water as the background, no text, so no glyphs). Each
 *   resolution's tile index is built once, on its first tile; tiles are kept in memory, at most
 *   TILE_CACHE_MAX of them (the least recently used go first);
 * - a PMTiles file the operator sets (VIGIE_BASEMAP, its path), read with the pmtiles library
 *   from the local file, its tiles at the same address and a style made from its metadata;
 * - an operator's raster tiles (VIGIE_BASEMAP, their address with {z}, {x}, {y}, such as the
 *   IGN Géoplateforme plan; with VIGIE_MAP_ATTRIBUTION), relayed by the server at the same
 *   address: the app's origin only (its CSP, the service worker's cache and "make this area
 *   available offline" need that), and the operator never sees where the users look;
 * - an operator's MapLibre style (VIGIE_MAP_STYLE_URL, with VIGIE_MAP_ATTRIBUTION).
 * The style and tiles are world data, not the tenant's: served without a session (public
 * routes), with long cache headers and an ETag (304 on If-None-Match), so the browser and the
 * service worker keep them. An empty tile (open sea, or none in the file) is a 204, which
 * MapLibre draws as nothing.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import GeoJSONVT from 'geojson-vt';
import { PMTiles, TileType, type Source } from 'pmtiles';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import Type from 'typebox';
import vtpbf from 'vt-pbf';
import type { BasemapInfo } from '../../../../common/modules/cartography/schemas.js';
import { ErrorResponses, FileBytes } from '../../../../common/schemas/envelope.js';
import type { Config, MapConfig } from '../../config.js';
import { ApiError } from '../../lib/errors.js';
import type { RouteContext } from '../../routes/context.js';
import { etagOf, matchesEtag } from '../_platform/etag.js';

/** Under /api: the style and the tiles (no session). */
export const BASEMAP_PREFIX = '/cartography/basemap';
export const BUILTIN_MAX_ZOOM = 8;
/** The deepest zoom of an operator's tiles (the IGN plan's and OpenStreetMap's). */
export const TILES_MAX_ZOOM = 19;
/** An operator's tile not answered within this is a 503 (MapLibre asks again later). */
export const TILES_TIMEOUT_MS = 10_000;
/** An operator's tile larger than this is refused (a raster tile weighs tens of KiB). */
export const TILE_MAX_BYTES = 2 * 1024 * 1024;
/** Relayed tiles kept in memory (raster tiles are heavier than the built-in vector ones). */
export const RELAYED_CACHE_MAX = 1_000;
/** The zoom an operator's style is kept offline to (its tiles are not the server's to count). */
export const EXTERNAL_MAX_ZOOM = 14;
export const TILE_CACHE_MAX = 4_000;
export const NATURAL_EARTH_ATTRIBUTION = '© Natural Earth';
const TILE_NOT_FOUND = 'cartography.tile_not_found';
/** A month: the tiles change only with the data (the ETag says when). */
const TILE_CACHE_CONTROL = 'public, max-age=2592000';
const STYLE_CACHE_CONTROL = 'public, max-age=86400';

const WATER = '#cfe2ee';
const LAND = '#f3f0e8';
const BORDER = '#a8a29a';

// ---------------------------------------------------------------- built-in tiles

type Resolution = '110m' | '50m' | '10m';
const resolutionAt = (z: number): Resolution => (z <= 2 ? '110m' : z <= 4 ? '50m' : '10m');
const RESOLUTION_MAX_ZOOM: Record<Resolution, number> = { '110m': 2, '50m': 4, '10m': BUILTIN_MAX_ZOOM };

interface Indexes {
  land: GeoJSONVT;
  borders: GeoJSONVT;
}
const indexes = new Map<Resolution, Indexes>();
const require = createRequire(import.meta.url);

function indexesOf(resolution: Resolution): Indexes {
  const known = indexes.get(resolution);
  if (known) return known;
  const land = require(`world-atlas/land-${resolution}.json`) as Topology<{ land: GeometryCollection }>;
  const countries = require(`world-atlas/countries-${resolution}.json`) as Topology<{ countries: GeometryCollection }>;
  const options = { maxZoom: RESOLUTION_MAX_ZOOM[resolution], indexMaxZoom: Math.min(4, RESOLUTION_MAX_ZOOM[resolution]), tolerance: 3, buffer: 64 };
  const built: Indexes = {
    land: new GeoJSONVT(feature(land, land.objects.land), options),
    // Borders between two countries only (the coasts are the land's edge).
    borders: new GeoJSONVT({ type: 'Feature', properties: {}, geometry: mesh(countries, countries.objects.countries, (a, b) => a !== b) }, options),
  };
  indexes.set(resolution, built);
  return built;
}

interface CachedTile {
  bytes: Buffer;
  etag: string;
}

/** The most recently used tiles, at most `max` (a Map keeps insertion order: a hit is moved to the end). */
class TileCache {
  private readonly tiles = new Map<string, CachedTile>();
  constructor(private readonly max: number) {}
  get(key: string): CachedTile | undefined {
    const tile = this.tiles.get(key);
    if (tile) {
      this.tiles.delete(key);
      this.tiles.set(key, tile);
    }
    return tile;
  }
  set(key: string, tile: CachedTile): void {
    this.tiles.set(key, tile);
    if (this.tiles.size > this.max) this.tiles.delete(this.tiles.keys().next().value!);
  }
}

const builtinTiles = new TileCache(TILE_CACHE_MAX);

/** A built-in tile's bytes (empty: nothing there), cut once and kept. */
export function builtinTile(z: number, x: number, y: number): CachedTile {
  const key = `${z}/${x}/${y}`;
  const cached = builtinTiles.get(key);
  if (cached) return cached;
  const { land, borders } = indexesOf(resolutionAt(z));
  const layers: Record<string, ReturnType<GeoJSONVT['getTile']>> = {};
  const landTile = land.getTile(z, x, y);
  const borderTile = borders.getTile(z, x, y);
  if (landTile && landTile.features.length > 0) layers.land = landTile;
  if (borderTile && borderTile.features.length > 0) layers.borders = borderTile;
  const bytes = Object.keys(layers).length === 0 ? Buffer.alloc(0) : Buffer.from(vtpbf.fromGeojsonVt(layers as never, { version: 2 }));
  const tile = { bytes, etag: etagOf(bytes) };
  builtinTiles.set(key, tile);
  return tile;
}

// ---------------------------------------------------------------- PMTiles

/** A local PMTiles file as the library's byte source (its FileSource is the browser's). */
class LocalFileSource implements Source {
  private handle: Promise<FileHandle> | null = null;
  constructor(private readonly path: string) {}
  getKey(): string {
    return this.path;
  }
  async getBytes(offset: number, length: number) {
    this.handle ??= open(this.path, 'r');
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await (await this.handle).read(buffer, 0, length, offset);
    const data = buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + bytesRead);
    return { data };
  }
}

const archives = new Map<string, PMTiles>();
const archiveOf = (path: string) => {
  let archive = archives.get(path);
  if (!archive) {
    archive = new PMTiles(new LocalFileSource(path));
    archives.set(path, archive);
  }
  return archive;
};
const pmtilesTiles = new TileCache(TILE_CACHE_MAX);

const EXTENSIONS: Partial<Record<TileType, { ext: string; type: string }>> = {
  [TileType.Mvt]: { ext: 'pbf', type: 'application/x-protobuf' },
  [TileType.Png]: { ext: 'png', type: 'image/png' },
  [TileType.Jpeg]: { ext: 'jpg', type: 'image/jpeg' },
  [TileType.Webp]: { ext: 'webp', type: 'image/webp' },
  [TileType.Avif]: { ext: 'avif', type: 'image/avif' },
};

interface PmtilesMetadata {
  attribution?: string;
  vector_layers?: { id: string }[];
}

async function pmtilesDescription(path: string) {
  const archive = archiveOf(path);
  const header = await archive.getHeader();
  const metadata = ((await archive.getMetadata().catch(() => ({}))) ?? {}) as PmtilesMetadata;
  const format = EXTENSIONS[header.tileType];
  if (!format) throw new ApiError(503, { message: 'cartography.basemap_unavailable', details: `tile type ${header.tileType} is not served` });
  return { header, metadata, format };
}

// ---------------------------------------------------------------- an operator's raster tiles

const relayedTiles = new TileCache(RELAYED_CACHE_MAX);
const RASTER_TYPES = /^image\/(png|jpeg|webp|avif)$/;
const unavailable = (details: string) => new ApiError(503, { message: 'cartography.basemap_unavailable', details });

/** The file extension of the tiles' address: the type the template names, PNG otherwise. */
export const relayedExtension = (template: string) => (/jpe?g/i.test(template) ? 'jpg' : /webp/i.test(template) ? 'webp' : 'png');

/** A tile of the operator's, fetched once and kept; nothing there (404, 204) is an empty tile. */
async function relayedTile(template: string, z: number, x: number, y: number): Promise<CachedTile & { type: string }> {
  const url = template.replaceAll('{z}', String(z)).replaceAll('{x}', String(x)).replaceAll('{y}', String(y));
  const cached = relayedTiles.get(url) as (CachedTile & { type: string }) | undefined;
  if (cached) return cached;
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(TILES_TIMEOUT_MS), headers: { accept: 'image/*', 'user-agent': 'Vigie (basemap)' } });
  } catch (error) {
    throw unavailable((error as Error).name === 'TimeoutError' ? `no tile within ${TILES_TIMEOUT_MS} ms` : 'the tile server did not answer');
  }
  let tile: CachedTile & { type: string };
  if (response.status === 404 || response.status === 204) {
    tile = { bytes: Buffer.alloc(0), etag: etagOf(Buffer.alloc(0)), type: 'image/png' };
  } else {
    const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!response.ok || !RASTER_TYPES.test(type)) throw unavailable(`the tile server answered ${response.status} ${type}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.length > TILE_MAX_BYTES) throw unavailable(`a tile of ${bytes.length} bytes`);
    tile = { bytes, etag: etagOf(bytes), type };
  }
  relayedTiles.set(url, tile);
  return tile;
}

// ---------------------------------------------------------------- the style and its description

const tilesUrl = (origin: string, ext: string) => `${origin}/api${BASEMAP_PREFIX}/tiles/{z}/{x}/{y}.${ext}`;

/** The MapLibre style of the server's basemap (built in or PMTiles), its tiles at `origin`. */
export async function basemapStyle(map: MapConfig, origin: string): Promise<object> {
  const background = { id: 'water', type: 'background', paint: { 'background-color': WATER } };
  if (map.basemapTilesUrl !== null) {
    const source = { type: 'raster', tiles: [tilesUrl(origin, relayedExtension(map.basemapTilesUrl))], tileSize: 256, minzoom: 0, maxzoom: TILES_MAX_ZOOM, attribution: map.attribution ?? '' };
    return { version: 8, name: 'Vigie', sources: { basemap: source }, layers: [background, { id: 'basemap', type: 'raster', source: 'basemap' }] };
  }
  if (map.basemapPmtiles === null) {
    return {
      version: 8,
      name: 'Vigie',
      sources: { basemap: { type: 'vector', tiles: [tilesUrl(origin, 'pbf')], minzoom: 0, maxzoom: BUILTIN_MAX_ZOOM, attribution: NATURAL_EARTH_ATTRIBUTION } },
      layers: [
        background,
        { id: 'land', type: 'fill', source: 'basemap', 'source-layer': 'land', paint: { 'fill-color': LAND } },
        { id: 'borders', type: 'line', source: 'basemap', 'source-layer': 'borders', paint: { 'line-color': BORDER, 'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.5, 8, 1.5], 'line-dasharray': [3, 2] } },
      ],
    };
  }
  const { header, metadata, format } = await pmtilesDescription(map.basemapPmtiles);
  const source = {
    type: header.tileType === TileType.Mvt ? 'vector' : 'raster',
    tiles: [tilesUrl(origin, format.ext)],
    minzoom: header.minZoom,
    maxzoom: header.maxZoom,
    attribution: metadata.attribution ?? '',
    ...(header.tileType === TileType.Mvt ? {} : { tileSize: 256 }),
  };
  // A vector file's layers drawn plainly: its polygons filled, its lines stroked (an operator wanting more sets a style of its own).
  const layers =
    header.tileType === TileType.Mvt
      ? (metadata.vector_layers ?? []).flatMap(({ id }) => [
          { id: `${id}-fill`, type: 'fill', source: 'basemap', 'source-layer': id, filter: ['==', ['geometry-type'], 'Polygon'], paint: { 'fill-color': LAND, 'fill-outline-color': BORDER } },
          { id: `${id}-line`, type: 'line', source: 'basemap', 'source-layer': id, filter: ['==', ['geometry-type'], 'LineString'], paint: { 'line-color': BORDER, 'line-width': 1 } },
        ])
      : [{ id: 'basemap', type: 'raster', source: 'basemap' }];
  return { version: 8, name: 'Vigie', sources: { basemap: source }, layers: [background, ...layers] };
}

/** GET /api/cartography/basemap: which basemap the map draws, and where its style is. */
export async function basemapInfo(config: Pick<Config, 'map'>): Promise<BasemapInfo> {
  const { map } = config;
  if (map.styleUrl !== null) return { source: 'external', styleUrl: map.styleUrl, attribution: map.attribution ?? '', maxZoom: EXTERNAL_MAX_ZOOM };
  const styleUrl = `/api${BASEMAP_PREFIX}/style.json`;
  if (map.basemapTilesUrl !== null) return { source: 'tiles', styleUrl, attribution: map.attribution ?? '', maxZoom: TILES_MAX_ZOOM };
  if (map.basemapPmtiles === null) return { source: 'builtin', styleUrl, attribution: NATURAL_EARTH_ATTRIBUTION, maxZoom: BUILTIN_MAX_ZOOM };
  const { header, metadata } = await pmtilesDescription(map.basemapPmtiles);
  return { source: 'pmtiles', styleUrl, attribution: metadata.attribution ?? '', maxZoom: Math.min(24, header.maxZoom) };
}

// ---------------------------------------------------------------- the public routes

const TileParams = Type.Object(
  {
    z: Type.String({ pattern: '^[0-9]{1,2}$' }),
    x: Type.String({ pattern: '^[0-9]{1,8}$' }),
    tile: Type.String({ pattern: '^[0-9]{1,8}\\.(pbf|png|jpg|webp|avif)$', maxLength: 13 }),
  },
  { additionalProperties: false },
);

const PUBLIC = { public: true, reason: 'world data (Natural Earth, or the operator’s basemap file or tiles), the same for every tenant: the map’s basemap before and without a session' } as const;

/** An answer the caches keep, or 304 when the caller holds it already. */
function cached(request: FastifyRequest, reply: FastifyReply, body: { bytes: Buffer | string; etag: string }, type: string, cacheControl: string) {
  reply.header('cache-control', cacheControl).header('etag', body.etag).header('vary', 'accept-encoding');
  if (matchesEtag(request.headers['if-none-match'], body.etag)) return reply.status(304).send();
  if (body.bytes.length === 0) return reply.status(204).send();
  return reply.header('content-type', type).send(body.bytes);
}

export async function basemapRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const map = ctx.config.map;

  api.get(
    '/style.json',
    { config: { access: PUBLIC }, schema: { tags: ['cartography'], security: [], summary: 'The MapLibre style of the server’s basemap (public)', response: { 200: Type.Unknown(), 304: Type.Null(), ...ErrorResponses } } },
    async (request, reply) => {
      if (map.styleUrl !== null) throw ApiError.notFound(TILE_NOT_FOUND);
      const origin = `${request.protocol}://${request.host}`;
      const text = JSON.stringify(await basemapStyle(map, origin));
      return cached(request, reply, { bytes: text, etag: etagOf(text) }, 'application/json; charset=utf-8', STYLE_CACHE_CONTROL);
    },
  );

  api.get(
    '/tiles/:z/:x/:tile',
    {
      config: { access: PUBLIC },
      schema: { tags: ['cartography'], security: [], summary: 'A tile of the server’s basemap (public)', params: TileParams, response: { 200: FileBytes, 204: Type.Null(), 304: Type.Null(), ...ErrorResponses } },
    },
    async (request, reply) => {
      if (map.styleUrl !== null) throw ApiError.notFound(TILE_NOT_FOUND);
      const z = Number(request.params.z);
      const x = Number(request.params.x);
      const [yText, ext] = request.params.tile.split('.') as [string, string];
      const y = Number(yText);
      const size = 2 ** z;
      if (x >= size || y >= size) throw ApiError.notFound(TILE_NOT_FOUND);
      if (map.basemapTilesUrl !== null) {
        if (z > TILES_MAX_ZOOM || ext !== relayedExtension(map.basemapTilesUrl)) throw ApiError.notFound(TILE_NOT_FOUND);
        const tile = await relayedTile(map.basemapTilesUrl, z, x, y);
        return cached(request, reply, tile, tile.type, TILE_CACHE_CONTROL);
      }
      if (map.basemapPmtiles === null) {
        if (z > BUILTIN_MAX_ZOOM || ext !== 'pbf') throw ApiError.notFound(TILE_NOT_FOUND);
        return cached(request, reply, builtinTile(z, x, y), 'application/x-protobuf', TILE_CACHE_CONTROL);
      }
      const { header, format } = await pmtilesDescription(map.basemapPmtiles);
      if (z < header.minZoom || z > header.maxZoom || ext !== format.ext) throw ApiError.notFound(TILE_NOT_FOUND);
      const key = `${map.basemapPmtiles}|${z}/${x}/${y}`;
      let tile = pmtilesTiles.get(key);
      if (!tile) {
        const found = await archiveOf(map.basemapPmtiles).getZxy(z, x, y);
        const bytes = found ? Buffer.from(found.data) : Buffer.alloc(0);
        tile = { bytes, etag: etagOf(bytes) };
        pmtilesTiles.set(key, tile);
      }
      return cached(request, reply, tile, format.type, TILE_CACHE_CONTROL);
    },
  );
}
