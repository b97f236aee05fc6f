/**
 * The cartography routes (/api/cartography, the contract of common/modules/cartography/schemas.ts):
 * the five record kinds of Cartography management (layers, point categories, points of interest,
 * area groups, map areas: list, create, read, history, edit, delete, restore), the map's
 * features, import and export, the basemap's description and the address search. The
 * basemap's style and tiles are world data served without a session (./basemap.ts, registered
 * as the module's public routes).
 *
 * Who may call what follows mapPowers (common/modules/cartography/access.ts): each kind's read
 * right lists it, its manage right writes it. Two reads open wider than their kind's right, for
 * the map itself: the layers (the legend, the switches) and the categories (the icons, the type
 * filter) are read by whoever opens the map. Writes run in one transaction with their
 * Idempotency-Key and tell the district's sockets `records:changed` once committed.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Type, { type TSchema } from 'typebox';
import { mapPowers } from '../../../../common/modules/cartography/access.js';
import {
  Area,
  AreaCreate,
  AreaGroup,
  AreaGroupCreate,
  AreaGroupUpdate,
  AreaListQuery,
  AreaPage,
  AreaUpdate,
  BasemapInfo,
  ExportQuery,
  FeatureCollection,
  FeaturesQuery,
  ImportBody,
  ImportResult,
  Layer,
  LayerCreate,
  LayerListQuery,
  LayerUpdate,
  PlaceList,
  PlacesQuery,
  Poi,
  PoiCategory,
  PoiCategoryCreate,
  PoiCategoryUpdate,
  PoiCreate,
  PoiListQuery,
  PoiPage,
  PoiUpdate,
} from '../../../../common/modules/cartography/schemas.js';
import { Declaration, StatusChange } from '../../../../common/modules/declarations/schemas.js';
import { ErrorResponses } from '../../../../common/schemas/envelope.js';
import type { Queryable } from '../../db/types.js';
import { ApiError } from '../../lib/errors.js';
import { requireAuth } from '../../plugins/auth.js';
import { respond } from '../../plugins/respond.js';
import { requireAnyCan, requireCan, rightsOf, type CanCheck } from '../../plugins/rights.js';
import type { RouteContext } from '../../routes/context.js';
import { etagOf, matchesEtag } from '../_platform/etag.js';
import type { RecordsChanged } from '../_platform/events.js';
import type { RecordKind } from '../_platform/record-kind.js';
import { IdParams as RecordIdParams, ListQuerystring, listQuery, recordRoutes, writeAndAnnounce, type Guard, sessionScope } from '../_platform/record-routes.js';
import type { RecordMetaRow } from '../_platform/records.js';
import { Envelope, WriteHeaders } from '../_platform/schemas.js';
import { siteChoicesRoute } from '../_platform/site-choices.js';
import { basemapInfo } from './basemap.js';
import { exportLayers, importText, type ImportOutcome } from './exchange.js';
import { featuresStamp, readFeaturesText } from './features.js';
import { searchPlaces } from './places.js';
import { DeclarationsRepository } from '../declarations/repository.js';
import { statusChangeHandler } from '../declarations/notices.js';
import { CARTOGRAPHY_MODULES, CartographyRepository } from './repository.js';

export const INCIDENT_NOT_FOUND = 'cartography.incident_not_found';

const IdParams = RecordIdParams;
/** A list's query string as it arrives (strings only): `limit` checked as digits here, as a number in the handler. */
const PoiQuerystring = ListQuerystring(PoiListQuery);
const AreaQuerystring = ListQuerystring(AreaListQuery);

const read = (feature: CanCheck['feature']): CanCheck => ({ feature, action: 'read' });
/** Whoever opens the map (mapPowers.map): cartography.read, or any read right of its management. */
const MAP_READERS: CanCheck[] = ['cartography', 'interestPoints', 'interestPointCategories', 'mapAreas', 'mapAreaGroups', 'mapLayers', 'incidents'].map((f) =>
  read(f as CanCheck['feature']),
);

export async function cartographyRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.addHook('onRequest', app.authenticate);
  const map = requireAnyCan(...MAP_READERS);

  const repository = async (request: FastifyRequest, tx?: Queryable) => {
    const powers = mapPowers(await rightsOf(request));
    return new CartographyRepository(sessionScope(ctx, request, tx), powers);
  };
  /** A write in one transaction with its Idempotency-Key, announced to the district once committed. */
  const write = <T>(request: FastifyRequest, reply: FastifyReply, statusCode: 200 | 201, announce: (data: T) => RecordsChanged[], run: (tx: Queryable) => Promise<T>) =>
    writeAndAnnounce(ctx, request, reply, statusCode, announce, run);

  /** One record kind's seven routes (the platform's record routes), on the cartography repository. */
  const records = <Row extends RecordMetaRow, F extends object, R extends { id: string; version: number }>(spec: {
    path: string;
    module: string;
    read: Guard;
    manage: Guard;
    schemas: { record: TSchema; create: TSchema; update: TSchema; listQuery: TSchema; listAnswer: TSchema };
    kind: (repo: CartographyRepository) => RecordKind<Row, F, R>;
    list: (repo: CartographyRepository, query: Record<string, string | undefined>) => Promise<unknown>;
  }) => recordRoutes(app, ctx, { ...spec, tag: 'cartography', repository, store: (repo) => repo.store });

  records({
    path: '/layers',
    module: CARTOGRAPHY_MODULES.layers,
    // The legend and the layer switches of every map reader.
    read: map,
    manage: requireCan('mapLayers', 'manage'),
    schemas: { record: Layer, create: LayerCreate, update: LayerUpdate, listQuery: LayerListQuery, listAnswer: Type.Array(Layer) },
    list: (repo, query) => repo.listLayers(query.deleted as 'true' | 'false' | undefined),
    kind: (repo) => repo.layers,
  });

  records({
    path: '/categories',
    module: CARTOGRAPHY_MODULES.categories,
    // The icons and the type filter of every map reader.
    read: map,
    manage: requireCan('interestPointCategories', 'manage'),
    schemas: { record: PoiCategory, create: PoiCategoryCreate, update: PoiCategoryUpdate, listQuery: LayerListQuery, listAnswer: Type.Array(PoiCategory) },
    list: (repo, query) => repo.listCategories(query.deleted as 'true' | 'false' | undefined),
    kind: (repo) => repo.categories,
  });

  records({
    path: '/points',
    module: CARTOGRAPHY_MODULES.points,
    read: requireCan('interestPoints', 'read'),
    manage: requireCan('interestPoints', 'manage'),
    schemas: { record: Poi, create: PoiCreate, update: PoiUpdate, listQuery: PoiQuerystring, listAnswer: PoiPage },
    list: (repo, query) => repo.listPoints(listQuery(query)),
    kind: (repo) => repo.points,
  });

  records({
    path: '/area-groups',
    module: CARTOGRAPHY_MODULES.groups,
    read: requireAnyCan(read('mapAreaGroups'), read('mapAreas')),
    manage: requireCan('mapAreaGroups', 'manage'),
    schemas: { record: AreaGroup, create: AreaGroupCreate, update: AreaGroupUpdate, listQuery: LayerListQuery, listAnswer: Type.Array(AreaGroup) },
    list: (repo, query) => repo.listGroups(query.deleted as 'true' | 'false' | undefined),
    kind: (repo) => repo.groups,
  });

  records({
    path: '/areas',
    module: CARTOGRAPHY_MODULES.areas,
    read: requireCan('mapAreas', 'read'),
    manage: requireCan('mapAreas', 'manage'),
    schemas: { record: Area, create: AreaCreate, update: AreaUpdate, listQuery: AreaQuerystring, listAnswer: AreaPage },
    list: (repo, query) => repo.listAreas(listQuery(query)),
    kind: (repo) => repo.areas,
  });

  // The point form's site picker (GET /sites?near=&search=), for the points' readers: a manager
  // of points may not hold the sites right.
  siteChoicesRoute(app, requireCan('interestPoints', 'read'));

  // ---------------------------------------------------------------- the map

  // An ETag of what the answer is made of (the district's stamp, the caller, its rights and the
  // envelope, the query): a map reopened on unchanged data is a 304 for one small query. The
  // app names the answer it holds (lib/offline-copy.ts withRevalidatedCopy); the browser's HTTP
  // cache keeps nothing (no-store: the district's data must not outlive a logout on the disk,
  // as the app's own copy does not).
  api.get('/features', { onRequest: map, schema: { tags: ['cartography'], querystring: FeaturesQuery, response: { 200: Envelope(FeatureCollection), 304: Type.Null() } } }, async (request, reply) => {
    const auth = requireAuth(request);
    const reader = { db: auth.db, districtId: auth.districtId, accountId: auth.accountId, rights: await rightsOf(request) };
    const [meta, stamp] = await Promise.all([respond(request, null), featuresStamp(reader)]);
    const etag = etagOf(JSON.stringify([stamp, auth.districtId, auth.accountId, request.query, meta]));
    reply.header('etag', etag).header('cache-control', 'private, no-store');
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send(null);
    // Thousands of features: their JSON text is the database's (features.ts), set in the
    // envelope's text as it is: neither the schema's serializer (which picks each geometry's
    // branch of its anyOf by validating the feature against each) nor JSON.stringify.
    const data = await readFeaturesText(reader, request.query);
    const rest = JSON.stringify({ ...meta, data: undefined });
    return reply.header('content-type', 'application/json; charset=utf-8').send((rest === '{}' ? `{"data":${data}}` : `{"data":${data},${rest.slice(1)}`) as never);
  });

  api.get('/basemap', { onRequest: map, schema: { tags: ['cartography'], response: { 200: Envelope(BasemapInfo) } } }, async (request) => respond(request, await basemapInfo(ctx.config)));

  api.get('/places', { onRequest: map, schema: { tags: ['cartography'], querystring: PlacesQuery, response: { 200: Envelope(PlaceList) } } }, async (request) =>
    respond(request, await searchPlaces(ctx.config, request.query.q, request.headers['accept-language'])),
  );

  // ---------------------------------------------------------------- incidents' management

  /**
   * A manager of incidents (incidentManagement_admin) moves an incident, a live declaration of
   * the district with a position, one step along the declarations' own workflow: their rules,
   * history, lock, notices and socket event (declarations/notices.ts), without the
   * declarations' manage right. A declaration without a position is no incident: 404.
   */
  const incidentStatus = statusChangeHandler(ctx, (request, tx) => {
    const auth = requireAuth(request);
    return new DeclarationsRepository({ db: tx, dbName: auth.clientDb, control: ctx.databases.control, districtId: auth.districtId, actor: { id: auth.accountId } });
  });
  api.post(
    '/incidents/:id/status',
    {
      onRequest: requireCan('incidents', 'manage'),
      schema: { tags: ['cartography'], params: IdParams, headers: WriteHeaders, body: StatusChange, response: { 200: Envelope(Declaration) } },
      preHandler: async (request) => {
        const auth = requireAuth(request);
        const { rows } = await auth.db.query('select 1 from declarations where id = $1 and district_id = $2 and position is not null and deleted_at is null', [
          request.params.id,
          auth.districtId,
        ]);
        if (rows.length === 0) throw ApiError.notFound(INCIDENT_NOT_FOUND);
      },
    },
    incidentStatus,
  );

  // ---------------------------------------------------------------- import and export

  // Points need the points' manage right, areas the areas' (checked against what the text holds).
  api.post(
    '/import',
    {
      onRequest: requireAnyCan({ feature: 'interestPoints', action: 'manage' }, { feature: 'mapAreas', action: 'manage' }),
      bodyLimit: 8 * 1024 * 1024,
      schema: { tags: ['cartography'], headers: WriteHeaders, body: ImportBody, response: { 200: Envelope(ImportResult) } },
    },
    async (request, reply) =>
      respond(
        request,
        await write<ImportOutcome>(
          request,
          reply,
          200,
          (result) => result.written,
          async (tx) => importText(await repository(request, tx), mapPowers(await rightsOf(request)), request.body),
        ).then((result) => result.answer),
      ),
  );

  api.get('/export', { onRequest: map, schema: { tags: ['cartography'], querystring: ExportQuery, response: { 200: Type.Unknown(), ...ErrorResponses } } }, async (request, reply) => {
    const collection = await exportLayers(await repository(request), request.query.layers);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'application/geo+json; charset=utf-8')
      .header('content-disposition', `attachment; filename="cartographie-${day}.geojson"`)
      .send(JSON.stringify(collection));
  });
}
