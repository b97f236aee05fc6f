/**
 * The workflow routes (/api/workflow, the contract of common/modules/workflow/schemas.ts).
 * Definitions: read with `workflows.workflow_read` (or workflowManagement's), written and
 * published with an admin right. Instances: listed and read with the read right; started with it
 * too (a field user requests a permit: own work). A transition, the inbox and the delegations
 * answer to the session: who may make a transition is the definition's to say (a right, a role
 * on the record, named people), checked by the service when the move arrives.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Type, { type TSchema } from 'typebox';
import { can } from '../../../../common/rights.js';
import {
  Definition,
  DefinitionCreate,
  DefinitionUpdate,
  DelegationCreate,
  Delegations,
  InboxCount,
  InboxPage,
  InboxQuery,
  Instance,
  InstanceListQuery,
  InstancePage,
  InstanceStart,
  TransitionBody,
  WORKFLOW_DEFINITIONS_MODULE,
  WORKFLOW_INSTANCES_MODULE,
  WorkflowMeta,
} from '../../../../common/modules/workflow/schemas.js';
import type { Queryable } from '../../db/types.js';
import { ApiError } from '../../lib/errors.js';
import { notifyMailQueued } from '../../mail/worker.js';
import type { RecordedNotification } from '../../notifications/notifier.js';
import { requireAuth } from '../../plugins/auth.js';
import { respond } from '../../plugins/respond.js';
import { guardFor, requireCan, rightsOf } from '../../plugins/rights.js';
import type { RouteContext } from '../../routes/context.js';
import { districtToday } from '../_platform/dates.js';
import { emitRecordChanged } from '../_platform/events.js';
import { IdParams, writeAndAnnounce } from '../_platform/record-routes.js';
import { districtMembers } from '../_platform/records.js';
import { Envelope, WriteHeaders } from '../_platform/schemas.js';
import { workflowTargets } from '../_platform/workflow-targets.js';
import { closeWorkflowAnswers, workflowAnswers, type Kept } from './answers.js';
import { forgetWorkflowCounts, WorkflowService } from './service.js';

/** The data of kept answers (answers.ts) as JSON, made once per answer object. */
const SERIALIZED = new WeakMap<object, string>();
/** The envelope around a kept answer's JSON: its own serialization, data first, left out. */
const ENVELOPE_REST = Envelope(Type.Null());
const DATA_NULL = '{"data":null';

const OWN_WORK = guardFor({ session: true, reason: 'the workflow inbox, transitions and delegations: the definition names who may act, checked by the service' });

export async function workflowRoutes(untyped: FastifyInstance, ctx: RouteContext): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('onRequest', app.authenticate);
  const read = requireCan('workflow', 'read');
  const manage = requireCan('workflow', 'manage');
  const tag = { tags: ['workflow'] };

  const service = (request: FastifyRequest, tx?: Queryable) => {
    const auth = requireAuth(request);
    return new WorkflowService({ db: tx ?? auth.db, control: ctx.databases.control, districtId: auth.districtId, accountId: auth.accountId, cacheKey: auth.clientDb }, ctx);
  };

  // The inbox, its count and the instances' pages, kept on the embedded database until a change (answers.ts).
  const answers = workflowAnswers(ctx);
  app.addHook('onClose', async () => closeWorkflowAnswers(ctx));
  const kept = async <T>(request: FastifyRequest, query: string, load: () => Promise<Kept<T>>): Promise<T> => {
    if (!answers) return (await load()).value;
    const auth = requireAuth(request);
    return answers.read(auth.clientDb, auth.districtId, auth.accountId, query, load);
  };

  /**
   * A kept page's envelope, its data serialized once per kept answer (through its response
   * schema, as Fastify would: 50 rows are most of a request's remaining work), the member's part
   * serialized for each request.
   */
  const sendKept = async <T extends object>(request: FastifyRequest, reply: FastifyReply, schema: TSchema, query: string, load: () => Promise<Kept<T>>) => {
    const value = await kept(request, query, load);
    const envelope = await respond(request, value);
    if (!answers) return envelope;
    let data = SERIALIZED.get(value);
    if (data === undefined) {
      data = reply.compileSerializationSchema(schema as unknown as Record<string, unknown>)(value as Record<string, unknown>);
      SERIALIZED.set(value, data);
    }
    const json = data;
    const rest = reply.compileSerializationSchema(ENVELOPE_REST as unknown as Record<string, unknown>);
    reply.type('application/json; charset=utf-8').serializer(() => `{"data":${json}${rest({ ...envelope, data: null }).slice(DATA_NULL.length)}`);
    return envelope;
  };

  /** After a committed write: the bells, the badges (every member's: who waits may have changed), the sockets. */
  const announce = (request: FastifyRequest, module: string, id: string, version: number | null, notices: RecordedNotification[]) => {
    const auth = requireAuth(request);
    forgetWorkflowCounts();
    ctx.tenantCache.invalidate({ kind: 'district', db: auth.clientDb, districtId: auth.districtId });
    if (notices.length > 0) {
      ctx.notifier.announce(auth.clientDb, auth.districtId, notices);
      notifyMailQueued();
    }
    emitRecordChanged(ctx.io, auth.clientDb, auth.districtId, { module, id, version });
  };

  app.get('/meta', { onRequest: read, schema: { ...tag, response: { 200: Envelope(WorkflowMeta) } } }, async (request) => {
    const definitions = await service(request).listDefinitions();
    return respond(request, {
      targets: workflowTargets().map((t) => ({ target: t.target, label: t.label })),
      definitions: definitions.flatMap((d) => (d.published ? [{ id: d.id, name: d.name, target: d.target, currentVersion: d.currentVersion, spec: d.published }] : [])),
    });
  });

  app.get('/definitions', { onRequest: read, schema: { ...tag, response: { 200: Envelope(Type.Array(Definition)) } } }, async (request) => respond(request, await service(request).listDefinitions()));
  app.get('/definitions/:id', { onRequest: read, schema: { ...tag, params: IdParams, response: { 200: Envelope(Definition) } } }, async (request) =>
    respond(request, await service(request).getDefinition(request.params.id)),
  );
  app.post('/definitions', { onRequest: manage, schema: { ...tag, headers: WriteHeaders, body: DefinitionCreate, response: { 201: Envelope(Definition) } } }, async (request, reply) =>
    respond(
      request,
      await writeAndAnnounce(ctx, request, reply, 201, (d: Definition) => [{ module: WORKFLOW_DEFINITIONS_MODULE, id: d.id, version: d.version }], (tx) => service(request, tx).createDefinition(request.body)),
    ),
  );
  app.patch(
    '/definitions/:id',
    { onRequest: manage, schema: { ...tag, params: IdParams, headers: WriteHeaders, body: DefinitionUpdate, response: { 200: Envelope(Definition) } } },
    async (request, reply) =>
      respond(
        request,
        await writeAndAnnounce(ctx, request, reply, 200, (d: Definition) => [{ module: WORKFLOW_DEFINITIONS_MODULE, id: d.id, version: d.version }], (tx) =>
          service(request, tx).updateDefinition(request.params.id, request.body),
        ),
      ),
  );
  app.post('/definitions/:id/publish', { onRequest: manage, schema: { ...tag, params: IdParams, headers: WriteHeaders, response: { 200: Envelope(Definition) } } }, async (request, reply) =>
    respond(
      request,
      await writeAndAnnounce(ctx, request, reply, 200, (d: Definition) => [{ module: WORKFLOW_DEFINITIONS_MODULE, id: d.id, version: d.version }], (tx) => service(request, tx).publish(request.params.id)),
    ),
  );

  app.get('/instances', { onRequest: read, schema: { ...tag, querystring: InstanceListQuery, response: { 200: Envelope(InstancePage) } } }, async (request, reply) =>
    sendKept(request, reply, InstancePage, `instances ${JSON.stringify(request.query)}`, async () => ({ value: await service(request).listInstances(request.query) })),
  );
  app.get('/instances/:id', { onRequest: OWN_WORK, schema: { ...tag, params: IdParams, response: { 200: Envelope(Instance) } } }, async (request) => {
    const svc = service(request);
    // With the read right any of the district's; without, one the caller waits on, acted on or started (its inbox).
    if (!can(await rightsOf(request), 'workflow', 'read') && !(await svc.concerns(request.params.id))) throw ApiError.notFound('workflow.instance_not_found');
    return respond(request, await svc.getInstance(request.params.id));
  });

  app.post('/instances', { onRequest: read, schema: { ...tag, headers: WriteHeaders, body: InstanceStart, response: { 201: Envelope(Instance) } } }, async (request, reply) => {
    let notices: RecordedNotification[] = [];
    let fresh = false;
    const instance = await writeAndAnnounce(ctx, request, reply, 201, () => [], async (tx) => {
      const result = await service(request, tx).start(request.body, request.body.at ? minDate(request.body.at) : new Date());
      notices = result.notices;
      fresh = true;
      return result.instance;
    });
    if (fresh) announce(request, WORKFLOW_INSTANCES_MODULE, instance.id, instance.version, notices);
    return respond(request, instance);
  });

  app.post(
    '/instances/:id/transitions',
    { onRequest: OWN_WORK, schema: { ...tag, params: IdParams, headers: WriteHeaders, body: TransitionBody, response: { 200: Envelope(Instance) } } },
    async (request, reply) => {
      let notices: RecordedNotification[] = [];
      let fresh = false;
      const instance = await writeAndAnnounce(ctx, request, reply, 200, () => [], async (tx) => {
        const result = await service(request, tx).transition(request.params.id, request.body);
        notices = result.notices;
        fresh = true;
        return result.instance;
      });
      if (fresh) announce(request, WORKFLOW_INSTANCES_MODULE, instance.id, instance.version, notices);
      return respond(request, instance);
    },
  );

  app.get('/inbox', { onRequest: OWN_WORK, schema: { ...tag, querystring: InboxQuery, response: { 200: Envelope(InboxPage) } } }, async (request, reply) => {
    const cursor = request.query.cursor;
    return sendKept(request, reply, InboxPage, `inbox ${districtToday()} ${cursor ?? ''}`, () => service(request).keptInbox(cursor));
  });
  app.get('/inbox/count', { onRequest: OWN_WORK, schema: { ...tag, response: { 200: Envelope(InboxCount) } } }, async (request) =>
    respond(request, await kept(request, `count ${districtToday()}`, async () => ({ value: { count: await service(request).inboxCount() } }))),
  );

  app.get('/delegations', { onRequest: OWN_WORK, schema: { ...tag, response: { 200: Envelope(Delegations) } } }, async (request) => {
    const auth = requireAuth(request);
    const [own, members] = await Promise.all([service(request).delegations(), districtMembers({ db: auth.db, control: ctx.databases.control, districtId: auth.districtId })]);
    return respond(request, { ...own, members: members.filter((m) => m.id !== auth.accountId) });
  });
  app.post('/delegations', { onRequest: OWN_WORK, schema: { ...tag, headers: WriteHeaders, body: DelegationCreate, response: { 201: Envelope(Type.Object({ id: Type.String() })) } } }, async (request, reply) => {
    const result = await writeAndAnnounce(ctx, request, reply, 201, () => [], async (tx) => {
      await service(request, tx).delegate(request.body);
      return { id: request.body.id };
    });
    const auth = requireAuth(request);
    forgetWorkflowCounts();
    ctx.tenantCache.invalidate({ kind: 'district', db: auth.clientDb, districtId: auth.districtId });
    return respond(request, result);
  });
  app.delete('/delegations/:id', { onRequest: OWN_WORK, schema: { ...tag, params: IdParams, headers: WriteHeaders, response: { 200: Envelope(Type.Object({ id: Type.String() })) } } }, async (request, reply) => {
    const result = await writeAndAnnounce(ctx, request, reply, 200, () => [], async (tx) => {
      await service(request, tx).endDelegation(request.params.id);
      return { id: request.params.id };
    });
    const auth = requireAuth(request);
    forgetWorkflowCounts();
    ctx.tenantCache.invalidate({ kind: 'district', db: auth.clientDb, districtId: auth.districtId });
    return respond(request, result);
  });
}

/** The time the user acted (offline: before it arrives), never in the future. */
const minDate = (at: string): Date => new Date(Math.min(new Date(at).getTime(), Date.now()));
