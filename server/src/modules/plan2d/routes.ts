/**
 * The 2D plans' routes (/api/plan2d, the contract of common/modules/plan2d/schemas.ts).
 *
 * Who may do what: the spec gives plan2d no rights of its own; a plan belongs to its site, so
 * reading takes the sites' read right and every change (a plan, a revision, the scale, pins,
 * zones) their manage right (sites.admin). One exception, a field user's own work: a reader of
 * the sites places the pin of a declaration it reports from the plan
 * (`POST /plans/:id/declaration-pins`), checked against the declaration's author.
 *
 * A PDF page is rasterised before the write's transaction; every write runs in one transaction
 * with its Idempotency-Key and tells the district's sockets once committed.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import {
  Candidate,
  DeclarationPinCreate,
  Pin,
  PinCreate,
  PinMove,
  Plan,
  PlanCreate,
  PlanSheet,
  PlanUpdate,
  RevisionCreate,
  Zone,
  ZoneCreate,
} from '../../../../common/modules/plan2d/schemas.js';
import { VersionBody } from '../../../../common/schemas/platform.js';
import type { Queryable } from '../../db/types.js';
import { requireAuth } from '../../plugins/auth.js';
import { respond } from '../../plugins/respond.js';
import { requireCan, rightsOf } from '../../plugins/rights.js';
import type { RouteContext } from '../../routes/context.js';
import { IdParams, writeAndAnnounce } from '../_platform/record-routes.js';
import { siteChoicesRoute } from '../_platform/site-choices.js';
import { Envelope, WriteHeaders } from '../_platform/schemas.js';
import { planImageOf, storePlanImage, type PlanImage } from './images.js';
import { PLAN2D_RECORDS, Plan2dRepository } from './repository.js';

const Changed = Type.Object({ id: Type.String(), version: Type.Integer(), planId: Type.String() });

export async function plan2dRoutes(untyped: FastifyInstance, ctx: RouteContext): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('onRequest', app.authenticate);
  const read = requireCan('sites', 'read');
  const manage = requireCan('sites', 'manage');
  const tags = ['plan2d'];

  const repository = async (request: FastifyRequest, tx?: Queryable) => {
    const auth = requireAuth(request);
    return new Plan2dRepository({ db: tx ?? auth.db, districtId: auth.districtId, actor: { id: auth.accountId, name: auth.email }, rights: await rightsOf(request) });
  };
  const planChanged = (plan: Plan) => [{ module: PLAN2D_RECORDS.plans, id: plan.id, version: plan.version }];
  const partChanged = (module: string) => (row: { id: string; version: number; planId: string }) => [
    { module, id: row.id, version: row.version },
    { module: PLAN2D_RECORDS.plans, id: row.planId, version: null },
  ];
  /** The revision's image, read (and rasterised) outside the transaction, stored within it. */
  const imageOf = async (request: FastifyRequest, planId: string, sourceId: string, page: number | undefined) => {
    const auth = requireAuth(request);
    return planImageOf(auth.db, ctx.storage, { districtId: auth.districtId, planId }, sourceId, page);
  };
  const store = async (request: FastifyRequest, tx: Queryable, planId: string, image: PlanImage) => {
    if (!image.raster) return;
    const auth = requireAuth(request);
    await storePlanImage(tx, ctx.storage, { id: image.imageId, bytes: image.raster.bytes, name: image.raster.name, type: 'image/webp', width: image.width, height: image.height }, {
      clientDb: auth.clientDb,
      districtId: auth.districtId,
      planId,
      actorId: auth.accountId,
      actorName: auth.email,
    });
  };

  // ---------------------------------------------------------------- reads

  // The district's sites to open one's plans (by name, or nearest first).
  siteChoicesRoute(app, read);

  app.get('/sites/:id/plans', { onRequest: read, schema: { tags, params: IdParams, response: { 200: Envelope(Type.Array(Plan)) } } }, async (request) =>
    respond(request, await (await repository(request)).sitePlans(request.params.id)),
  );
  app.get('/sites/:id/candidates', { onRequest: read, schema: { tags, params: IdParams, response: { 200: Envelope(Type.Array(Candidate)) } } }, async (request) =>
    respond(request, await (await repository(request)).candidates(request.params.id)),
  );
  app.get('/plans/:id', { onRequest: read, schema: { tags, params: IdParams, response: { 200: Envelope(PlanSheet) } } }, async (request) =>
    respond(request, await (await repository(request)).sheet(request.params.id)),
  );

  // ---------------------------------------------------------------- plans

  app.post('/plans', { onRequest: manage, schema: { tags, headers: WriteHeaders, body: PlanCreate, response: { 201: Envelope(Plan) } } }, async (request, reply) => {
    const body = request.body;
    await (await repository(request)).requireSite(body.siteId);
    const image = await imageOf(request, body.id, body.sourceId, body.page);
    return respond(
      request,
      await writeAndAnnounce(ctx, request, reply, 201, planChanged, async (tx) => {
        await store(request, tx, body.id, image);
        return (await repository(request, tx)).create(body, image);
      }),
    );
  });
  app.post(
    '/plans/:id/revisions',
    { onRequest: manage, schema: { tags, params: IdParams, headers: WriteHeaders, body: RevisionCreate, response: { 200: Envelope(Plan) } } },
    async (request, reply) => {
      const { id } = request.params;
      await (await repository(request)).plan(id);
      const image = await imageOf(request, id, request.body.sourceId, request.body.page);
      return respond(
        request,
        await writeAndAnnounce(ctx, request, reply, 200, planChanged, async (tx) => {
          await store(request, tx, id, image);
          const registration = request.body.registration;
          return (await repository(request, tx)).addRevision(id, request.body.baseVersion, image, registration ? { from: [...registration.from], to: [...registration.to] } : undefined);
        }),
      );
    },
  );
  app.patch('/plans/:id', { onRequest: manage, schema: { tags, params: IdParams, headers: WriteHeaders, body: PlanUpdate, response: { 200: Envelope(Plan) } } }, async (request, reply) =>
    respond(
      request,
      await writeAndAnnounce(ctx, request, reply, 200, planChanged, async (tx) => (await repository(request, tx)).update(request.params.id, request.body.baseVersion, request.body.changes)),
    ),
  );
  app.delete('/plans/:id', { onRequest: manage, schema: { tags, params: IdParams, headers: WriteHeaders, body: VersionBody, response: { 200: Envelope(Plan) } } }, async (request, reply) =>
    respond(request, await writeAndAnnounce(ctx, request, reply, 200, planChanged, async (tx) => (await repository(request, tx)).remove(request.params.id, request.body.baseVersion))),
  );

  // ---------------------------------------------------------------- pins and zones

  const pinChanged = (pin: Pin) => partChanged(PLAN2D_RECORDS.pins)({ id: pin.id, version: pin.version, planId: pin.planId });
  app.post('/plans/:id/pins', { onRequest: manage, schema: { tags, params: IdParams, headers: WriteHeaders, body: PinCreate, response: { 201: Envelope(Pin) } } }, async (request, reply) =>
    respond(request, await writeAndAnnounce(ctx, request, reply, 201, pinChanged, async (tx) => (await repository(request, tx)).addPin(request.params.id, request.body))),
  );
  app.post(
    '/plans/:id/declaration-pins',
    { onRequest: read, schema: { tags, params: IdParams, headers: WriteHeaders, body: DeclarationPinCreate, response: { 201: Envelope(Pin) } } },
    async (request, reply) =>
      respond(
        request,
        await writeAndAnnounce(ctx, request, reply, 201, pinChanged, async (tx) => (await repository(request, tx)).addPin(request.params.id, { ...request.body, kind: 'declaration' }, true)),
      ),
  );
  app.patch('/pins/:id', { onRequest: manage, schema: { tags, params: IdParams, headers: WriteHeaders, body: PinMove, response: { 200: Envelope(Changed) } } }, async (request, reply) =>
    respond(
      request,
      await writeAndAnnounce(ctx, request, reply, 200, partChanged(PLAN2D_RECORDS.pins), async (tx) => (await repository(request, tx)).movePin(request.params.id, request.body.x, request.body.y)),
    ),
  );
  app.delete('/pins/:id', { onRequest: manage, schema: { tags, params: IdParams, headers: WriteHeaders, response: { 200: Envelope(Changed) } } }, async (request, reply) =>
    respond(request, await writeAndAnnounce(ctx, request, reply, 200, partChanged(PLAN2D_RECORDS.pins), async (tx) => (await repository(request, tx)).removePin(request.params.id))),
  );
  app.post('/plans/:id/zones', { onRequest: manage, schema: { tags, params: IdParams, headers: WriteHeaders, body: ZoneCreate, response: { 201: Envelope(Zone) } } }, async (request, reply) =>
    respond(
      request,
      await writeAndAnnounce(
        ctx,
        request,
        reply,
        201,
        (zone: Zone) => partChanged(PLAN2D_RECORDS.zones)(zone),
        async (tx) => (await repository(request, tx)).addZone(request.params.id, request.body),
      ),
    ),
  );
  app.delete('/zones/:id', { onRequest: manage, schema: { tags, params: IdParams, headers: WriteHeaders, response: { 200: Envelope(Changed) } } }, async (request, reply) =>
    respond(request, await writeAndAnnounce(ctx, request, reply, 200, partChanged(PLAN2D_RECORDS.zones), async (tx) => (await repository(request, tx)).removeZone(request.params.id))),
  );
}
