/**
 * The routes of one record kind (docs/records.md): its list, create, read, history, edit,
 * delete and restore, with TypeBox schemas on every part, the kind's read and manage guards,
 * writes in one transaction with their Idempotency-Key, and `records:changed` told to the
 * district's sockets once a write committed. A module describes the kind once
 * (./record-kind.ts) and calls `recordRoutes` once per kind.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Type, { type TSchema } from 'typebox';
import { HistoryEntry, LIST_LIMIT_MAX, Uuid, VersionBody } from '../../../../common/schemas/platform.js';
import type { Queryable } from '../../db/types.js';
import { ApiError } from '../../lib/errors.js';
import { requireAuth } from '../../plugins/auth.js';
import { idempotentWrite } from '../../plugins/idempotency.js';
import { respond } from '../../plugins/respond.js';
import type { requireAnyCan } from '../../plugins/rights.js';
import type { RouteContext } from '../../routes/context.js';
import { emitRecordChanged, onRecordChanged, type RecordsChanged } from './events.js';
import { PageCache } from './list.js';
import type { RecordKind, RecordStore } from './record-kind.js';
import type { RecordMetaRow, RecordScope } from './records.js';
import { Envelope, WriteHeaders } from './schemas.js';

/** A route's rights guard (plugins/rights.ts: requireCan, requireAnyCan). */
export type Guard = ReturnType<typeof requireAnyCan>;

export const IdParams = Type.Object({ id: Uuid }, { additionalProperties: false });

/**
 * The record scope of a request's session (docs/records.md, "Records"): its client database, or
 * the write's transaction `tx`, its district and its account; `dbName` names the client database
 * for the caches kept per database.
 */
export function sessionScope(ctx: RouteContext, request: FastifyRequest, tx?: Queryable): RecordScope & { dbName: string } {
  const auth = requireAuth(request);
  return { db: tx ?? auth.db, dbName: auth.clientDb, control: ctx.databases.control, districtId: auth.districtId, actor: { id: auth.accountId } };
}

/** A list's query schema as it arrives (strings only): `limit` as digits, made a number by `listQuery`. */
export const ListQuerystring = <T extends TSchema & { properties: Record<string, TSchema> }>(query: T) =>
  Type.Object({ ...query.properties, limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,3}$' })) }, { additionalProperties: false });

/** An export's query: the list's filters without its paging, unknown parameters refused (as the list's). */
export const ExportQuerystring = <T extends TSchema & { properties: Record<string, TSchema> }>(query: T) => {
  const { cursor: _cursor, limit: _limit, ...filters } = query.properties;
  return Type.Object(filters, { additionalProperties: false });
};

/** `limit` of a list's query string as a number (400 out of range). */
export function listQuery<Q extends { limit?: string }>(query: Q): Omit<Q, 'limit'> & { limit?: number } {
  const { limit, ...rest } = query;
  const size = limit === undefined ? undefined : Number(limit);
  if (size !== undefined && (size < 1 || size > LIST_LIMIT_MAX)) throw ApiError.badRequest('validation.invalid_request', 'querystring/limit out of range');
  return { ...rest, ...(size !== undefined ? { limit: size } : {}) };
}

/**
 * A write in one transaction with its Idempotency-Key (a replay answers what the first answered,
 * and writes nothing), announced to the district's sockets once committed.
 */
export function writeAndAnnounce<T>(
  ctx: RouteContext,
  request: FastifyRequest,
  reply: FastifyReply,
  statusCode: 200 | 201,
  announce: (data: T) => RecordsChanged[],
  run: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return idempotentWrite(request, reply, async (tx) => ({ statusCode, data: await run(tx) }), (data) => {
    const auth = requireAuth(request);
    for (const change of announce(data)) emitRecordChanged(ctx.io, auth.clientDb, auth.districtId, change);
  });
}

/**
 * The seven routes of one record kind under `path`. `repository` builds the module's repository
 * for the request (in the write's transaction when `tx` is given); `kind` picks the kind in it;
 * `list` answers the list (an array for a small kind, a page for a large one).
 */
export function recordRoutes<Repo, Row extends RecordMetaRow, F extends object, R extends { id: string; version: number }, C extends { id: string }, U extends { baseVersion: number; changes: Partial<F> } = { baseVersion: number; changes: Partial<F> }>(
  app: FastifyInstance,
  ctx: RouteContext,
  spec: {
    path: string;
    tag: string;
    read: Guard;
    manage: Guard;
    schemas: { record: TSchema; create: TSchema; update: TSchema; listQuery: TSchema; listAnswer: TSchema };
    repository: (request: FastifyRequest, tx?: Queryable) => Promise<Repo>;
    /** The kind's history and socket module name (`RecordKind.module`). */
    module: string;
    store: (repo: Repo) => RecordStore;
    kind: (repo: Repo) => RecordKind<Row, F, R>;
    list: (repo: Repo, query: Record<string, string | undefined>, request: FastifyRequest) => Promise<unknown>;
    /** A create's fields from its body (default: the body without its id). */
    fieldsOf?: (body: C) => F;
    /** Other records a write changed and the sockets should hear of. */
    alsoChanged?: (record: R) => RecordsChanged[];
    /**
     * The list's pages kept whole on the embedded database (PageCache: one process sees every
     * write) until the next write announced in the district; only for a list whose answer
     * depends on its query alone (the deleted records, a manager's, are always read).
     */
    cachePages?: boolean;
  },
): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const pages = spec.cachePages === true && ctx.databases.embedded ? new PageCache<unknown>() : null;
  if (pages) {
    const stop = onRecordChanged((clientDb, districtId) => pages.invalidate(clientDb, districtId));
    app.addHook('onClose', async () => {
      stop();
    });
  }
  const listAnswer = async (request: FastifyRequest): Promise<unknown> => {
    const query = request.query as Record<string, string | undefined>;
    const read = async () => spec.list(await spec.repository(request), query, request);
    if (!pages || query.deleted === 'true') return read();
    const auth = requireAuth(request);
    // The day in the key: a list filtered on dates relative to today (documents expiring, a
    // notice deadline within N days) is read again on a new day.
    const key = JSON.stringify([new Date().toISOString().slice(0, 10), Object.entries(query).sort(([a], [b]) => a.localeCompare(b))]);
    const cached = pages.get(auth.clientDb, auth.districtId, key);
    if (cached !== undefined) return cached;
    const generation = pages.generation(auth.clientDb, auth.districtId);
    const answer = await read();
    pages.set(auth.clientDb, auth.districtId, key, answer, generation);
    return answer;
  };
  const tags = [spec.tag];
  const one = (record: R) => [{ module: spec.module, id: record.id, version: record.version }, ...(spec.alsoChanged?.(record) ?? [])];
  const inTransaction = (request: FastifyRequest, reply: FastifyReply, statusCode: 200 | 201, run: (repo: Repo) => Promise<R>) =>
    writeAndAnnounce(ctx, request, reply, statusCode, one, async (tx) => run(await spec.repository(request, tx)));
  const { schemas } = spec;

  api.get(spec.path, { onRequest: spec.read, schema: { tags, querystring: schemas.listQuery, response: { 200: Envelope(schemas.listAnswer) } } }, async (request) =>
    respond(request, await listAnswer(request)),
  );
  api.post(spec.path, { onRequest: spec.manage, schema: { tags, headers: WriteHeaders, body: schemas.create, response: { 201: Envelope(schemas.record) } } }, async (request, reply) =>
    respond(
      request,
      await inTransaction(request, reply, 201, (repo) => {
        const body = request.body as C;
        const { id, ...rest } = body;
        return spec.store(repo).create(spec.kind(repo), id, spec.fieldsOf ? spec.fieldsOf(body) : (rest as unknown as F));
      }),
    ),
  );
  api.get(`${spec.path}/:id`, { onRequest: spec.read, schema: { tags, params: IdParams, response: { 200: Envelope(schemas.record) } } }, async (request) => {
    const repo = await spec.repository(request);
    return respond(request, await spec.store(repo).get(spec.kind(repo), request.params.id));
  });
  api.get(`${spec.path}/:id/history`, { onRequest: spec.read, schema: { tags, params: IdParams, response: { 200: Envelope(Type.Array(HistoryEntry)) } } }, async (request) => {
    const repo = await spec.repository(request);
    return respond(request, await spec.store(repo).history(spec.kind(repo), request.params.id));
  });
  api.patch(
    `${spec.path}/:id`,
    { onRequest: spec.manage, schema: { tags, params: IdParams, headers: WriteHeaders, body: schemas.update, response: { 200: Envelope(schemas.record) } } },
    async (request, reply) => respond(request, await inTransaction(request, reply, 200, (repo) => spec.store(repo).update(spec.kind(repo), request.params.id, request.body as U))),
  );
  deleteRestoreRoutes(app, ctx, {
    path: spec.path,
    tag: spec.tag,
    manage: spec.manage,
    record: schemas.record,
    announce: one,
    repository: spec.repository,
    setDeleted: (repo, id, baseVersion, deleted) => spec.store(repo).setDeleted(spec.kind(repo), id, baseVersion, deleted),
  });
}

/**
 * A kind's reversible delete and its restore (`DELETE <path>/:id`, `POST <path>/:id/restore`,
 * each with `{ baseVersion }`), for the kinds whose other routes are their module's own: run in
 * one transaction with the Idempotency-Key, the record answered, `announce` told the sockets
 * once committed (default: the record as a change of `module`).
 */
export function deleteRestoreRoutes<Repo, R extends { id: string; version: number }>(
  app: FastifyInstance,
  ctx: RouteContext,
  spec: {
    path: string;
    tag?: string;
    manage: Guard;
    record: TSchema;
    repository: (request: FastifyRequest, tx?: Queryable) => Promise<Repo> | Repo;
    setDeleted: (repo: Repo, id: string, baseVersion: number, deleted: boolean) => Promise<R>;
  } & ({ module: string; announce?: undefined } | { module?: undefined; announce: (record: R) => RecordsChanged[] }),
): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const announce = spec.announce ?? ((record: R) => [{ module: spec.module, id: record.id, version: record.version }]);
  const route = (deleted: boolean) => async (request: FastifyRequest<{ Params: { id: string }; Body: { baseVersion: number } }>, reply: FastifyReply) =>
    respond(
      request,
      await writeAndAnnounce(ctx, request, reply, 200, announce, async (tx) => spec.setDeleted(await spec.repository(request, tx), request.params.id, request.body.baseVersion, deleted)),
    );
  const schema = { ...(spec.tag ? { tags: [spec.tag] } : {}), params: IdParams, headers: WriteHeaders, body: VersionBody, response: { 200: Envelope(spec.record) } };
  api.delete(`${spec.path}/:id`, { onRequest: spec.manage, schema }, route(true));
  api.post(`${spec.path}/:id/restore`, { onRequest: spec.manage, schema }, route(false));
}
