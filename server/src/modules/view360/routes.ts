/**
 * The 360 routes (/api/360, the contract of common/modules/view360/schemas.ts). A tour is part of
 * its site: reading it takes the Sites read right, every write the Sites manage right (checked at
 * onRequest); a marker's record must also be readable by its author (the owner module's read
 * right). Writes run in one transaction with their Idempotency-Key and, once committed, tell the
 * district's sockets `records:changed` (module `view360`, the site's id). The images (a whole
 * panorama, or its base and tiles) are served with the session, cached privately by the browser.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import {
  CaptureCreate,
  LinkCreate,
  Marker,
  MarkerCreate,
  MarkerUpdate,
  RecordMarker,
  RecordMarkersQuery,
  StartBody,
  TargetChoice,
  TargetsQuery,
  Tour,
  TourDownload,
} from '../../../../common/modules/view360/schemas.js';
import { ErrorResponses, FileBytes } from '../../../../common/schemas/envelope.js';
import { Uuid } from '../../../../common/schemas/platform.js';
import type { Queryable } from '../../db/types.js';
import { requireAuth } from '../../plugins/auth.js';
import { respond } from '../../plugins/respond.js';
import { requireCan, rightsOf } from '../../plugins/rights.js';
import type { RouteContext } from '../../routes/context.js';
import { kickJobs } from '../_platform/jobs.js';
import { IdParams, writeAndAnnounce } from '../_platform/record-routes.js';
import { Envelope, WriteHeaders } from '../_platform/schemas.js';
import { SOURCE_PATTERN, VIEW360_MODULE, View360Repository } from './repository.js';

const SiteParams = Type.Object({ siteId: Uuid }, { additionalProperties: false });
const Source = Type.String({ pattern: SOURCE_PATTERN, maxLength: 42 });
const SourceParams = Type.Object({ source: Source }, { additionalProperties: false });
const TileParams = Type.Object({ source: Source, col: Type.String({ pattern: '^[0-9]{1,2}$' }), row: Type.String({ pattern: '^[0-9]{1,2}$' }) }, { additionalProperties: false });
const Done = Type.Object({ siteId: Uuid });
const IMAGE_CACHE = 'private, max-age=86400';

export async function view360Routes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.addHook('onRequest', app.authenticate);
  const read = requireCan('sites', 'read');
  const manage = requireCan('sites', 'manage');

  const repository = async (request: FastifyRequest, tx?: Queryable) => {
    const auth = requireAuth(request);
    return new View360Repository({
      db: tx ?? auth.db,
      clientDb: auth.clientDb,
      districtId: auth.districtId,
      actorId: auth.accountId,
      rights: await rightsOf(request),
      storage: ctx.storage,
      // Reads only (a write's transaction would not be committed yet): a wide panorama found not queued.
      ...(tx ? {} : { kickJobs: () => kickJobs(ctx, auth.clientDb, request.log) }),
    });
  };
  /** A write of a site's tour, announced as a change of the site's tour. */
  const write = <T extends { siteId: string }>(request: FastifyRequest, reply: Parameters<typeof writeAndAnnounce>[2], run: (repo: View360Repository) => Promise<T>) =>
    writeAndAnnounce(ctx, request, reply, 200, (data: T) => [{ module: VIEW360_MODULE, id: data.siteId, version: null }], async (tx) => run(await repository(request, tx)));

  api.get('/sites/:siteId', { onRequest: read, schema: { tags: ['view360'], params: SiteParams, response: { 200: Envelope(Tour), ...ErrorResponses } } }, async (request) =>
    respond(request, await (await repository(request)).tour(request.params.siteId)),
  );

  // What keeping the whole tour on a device downloads, with its size (shown before it starts).
  api.get('/sites/:siteId/download', { onRequest: read, schema: { tags: ['view360'], params: SiteParams, response: { 200: Envelope(TourDownload), ...ErrorResponses } } }, async (request) =>
    respond(request, await (await repository(request)).download(request.params.siteId)),
  );

  api.get(
    '/sites/:siteId/targets',
    { onRequest: read, schema: { tags: ['view360'], params: SiteParams, querystring: TargetsQuery, response: { 200: Envelope(Type.Array(TargetChoice)), ...ErrorResponses } } },
    async (request) => respond(request, await (await repository(request)).targets(request.params.siteId, request.query.kind)),
  );

  api.get('/markers', { onRequest: read, schema: { tags: ['view360'], querystring: RecordMarkersQuery, response: { 200: Envelope(Type.Array(RecordMarker)), ...ErrorResponses } } }, async (request) =>
    respond(request, await (await repository(request)).recordMarkers(request.query.kind, request.query.recordId)),
  );

  api.put(
    '/sites/:siteId/start',
    { onRequest: manage, schema: { tags: ['view360'], params: SiteParams, headers: WriteHeaders, body: StartBody, response: { 200: Envelope(Done), ...ErrorResponses } } },
    async (request, reply) => {
      const { siteId } = request.params;
      return respond(request, await write(request, reply, async (repo) => (await repo.setStart(siteId, request.body.stageId), { siteId })));
    },
  );

  api.post(
    '/sites/:siteId/links',
    { onRequest: manage, schema: { tags: ['view360'], params: SiteParams, headers: WriteHeaders, body: LinkCreate, response: { 200: Envelope(Done), ...ErrorResponses } } },
    async (request, reply) => {
      const { siteId } = request.params;
      return respond(request, await write(request, reply, async (repo) => (await repo.addLink(siteId, request.body), { siteId })));
    },
  );

  api.delete('/links/:id', { onRequest: manage, schema: { tags: ['view360'], params: IdParams, headers: WriteHeaders, response: { 200: Envelope(Done), ...ErrorResponses } } }, async (request, reply) =>
    respond(request, await write(request, reply, async (repo) => ({ siteId: await repo.removeLink(request.params.id) }))),
  );

  api.post(
    '/sites/:siteId/markers',
    { onRequest: manage, schema: { tags: ['view360'], params: SiteParams, headers: WriteHeaders, body: MarkerCreate, response: { 200: Envelope(Marker), ...ErrorResponses } } },
    async (request, reply) => respond(request, await write(request, reply, (repo) => repo.addMarker(request.params.siteId, request.body))),
  );

  api.patch(
    '/markers/:id',
    { onRequest: manage, schema: { tags: ['view360'], params: IdParams, headers: WriteHeaders, body: MarkerUpdate, response: { 200: Envelope(Marker), ...ErrorResponses } } },
    async (request, reply) => respond(request, await write(request, reply, (repo) => repo.updateMarker(request.params.id, request.body))),
  );

  api.delete('/markers/:id', { onRequest: manage, schema: { tags: ['view360'], params: IdParams, headers: WriteHeaders, response: { 200: Envelope(Done), ...ErrorResponses } } }, async (request, reply) =>
    respond(request, await write(request, reply, async (repo) => ({ siteId: await repo.removeMarker(request.params.id) }))),
  );

  api.post(
    '/sites/:siteId/captures',
    { onRequest: manage, schema: { tags: ['view360'], params: SiteParams, headers: WriteHeaders, body: CaptureCreate, response: { 200: Envelope(Done), ...ErrorResponses } } },
    async (request, reply) => {
      const { siteId } = request.params;
      return respond(request, await write(request, reply, async (repo) => (await repo.addCapture(siteId, request.body), { siteId })));
    },
  );

  api.delete('/captures/:id', { onRequest: manage, schema: { tags: ['view360'], params: IdParams, headers: WriteHeaders, response: { 200: Envelope(Done), ...ErrorResponses } } }, async (request, reply) =>
    respond(request, await write(request, reply, async (repo) => ({ siteId: await repo.removeCapture(request.params.id) }))),
  );

  api.get('/images/:source', { onRequest: read, schema: { tags: ['view360'], params: SourceParams, response: { 200: FileBytes, ...ErrorResponses } } }, async (request, reply) => {
    const image = await (await repository(request)).image(request.params.source);
    return reply.header('content-type', image.type).header('cache-control', IMAGE_CACHE).header('x-content-type-options', 'nosniff').send(image.body as unknown as string);
  });

  api.get('/images/:source/base', { onRequest: read, schema: { tags: ['view360'], params: SourceParams, response: { 200: FileBytes, ...ErrorResponses } } }, async (request, reply) => {
    const body = await (await repository(request)).tile(request.params.source, 'base.jpg');
    return reply.header('content-type', 'image/jpeg').header('cache-control', IMAGE_CACHE).header('x-content-type-options', 'nosniff').send(body as unknown as string);
  });

  api.get('/images/:source/tiles/:col/:row', { onRequest: read, schema: { tags: ['view360'], params: TileParams, response: { 200: FileBytes, ...ErrorResponses } } }, async (request, reply) => {
    const { source, col, row } = request.params;
    const body = await (await repository(request)).tile(source, `${Number(col)}_${Number(row)}.jpg`);
    return reply.header('content-type', 'image/jpeg').header('cache-control', IMAGE_CACHE).header('x-content-type-options', 'nosniff').send(body as unknown as string);
  });
}
