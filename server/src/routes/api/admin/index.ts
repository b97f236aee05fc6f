/**
 * Admin service (spec section 7): available clients, district names of a database, change
 * client, available districts, change district. Lists are sorted by name. A session can only
 * move to a district its account is a member of; the move rewrites the session row, so the
 * next token refresh names the new tenant and tokens of the old one stop working at once.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { ClientRef, DistrictRef } from '../../../../../common/api-types.js';
import { AvailableClient as AvailableClientSchema, ChangeClientBody, ChangeDistrictBody, ChangeResult as ChangeResultSchema, DistrictNamesQuery } from '../../../../../common/schemas/admin.js';
import type { AvailableClient, ChangeResult } from '../../../../../common/schemas/admin.js';
import { DistrictRef as DistrictRefSchema } from '../../../../../common/schemas/auth.js';
import { ok } from '../../../../../common/schemas/envelope.js';
import { UUID_PATTERN } from '../../../../../common/schemas/ids.js';
import { ApiError } from '../../../lib/errors.js';
import { requireAuth } from '../../../plugins/auth.js';
import { buildEnvelope } from '../../../plugins/envelope.js';
import { respond } from '../../../plugins/respond.js';
import { requireAnyCan, requireCan } from '../../../plugins/rights.js';
import { moveSessionSockets } from '../../../socket/index.js';
import type { RouteContext } from '../../context.js';

export { UUID_PATTERN };
export type { AvailableClient, ChangeResult };

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name, 'fr', { sensitivity: 'base' });

export async function adminRoutes(untyped: FastifyInstance, ctx: RouteContext): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['admin'];
  const { databases, sessions, io } = ctx;
  app.addHook('preHandler', app.authenticate);
  const clientsRight = requireCan('changeClient', 'read');
  const districtsRight = requireAnyCan({ feature: 'changeClient', action: 'read' }, { feature: 'changeDistrict', action: 'read' });

  /** The districts of `database` the session's account belongs to, sorted by name. */
  async function memberDistricts(accountId: string, database: string): Promise<DistrictRef[]> {
    const db = await databases.client(database);
    const { rows } = await db.query<DistrictRef>(
      `select d.id as "_id", d.name from memberships m join districts d on d.id = m.district_id where m.account_id = $1`,
      [accountId],
    );
    return rows.sort(byName);
  }

  async function clientOf(database: string): Promise<ClientRef | null> {
    const { rows } = await databases.control.query<ClientRef>('select name, database from clients where database = $1', [database]);
    return rows[0] ?? null;
  }

  async function moveSession(request: FastifyRequest, database: string, districtId: string) {
    const auth = requireAuth(request);
    const client = await clientOf(database);
    if (!client) throw ApiError.notFound('admin.client_not_found');
    const district = (await memberDistricts(auth.accountId, database)).find((d) => d._id === districtId);
    if (!district) throw ApiError.notFound('admin.district_not_found');
    await sessions.moveTo(auth.sessionId, { clientDb: database, districtId });
    await databases.control.query('update accounts set current_client = $2, current_district = $3 where id = $1', [auth.accountId, database, districtId]);
    await moveSessionSockets(io, auth.sessionId, { clientDb: database, districtId });
    const data: ChangeResult = { client, district };
    // The envelope already speaks for the new tenant: its rights, modules and counts.
    return buildEnvelope(await databases.client(database), auth.accountId, districtId, data);
  }

  app.get('/availableClients', { preHandler: clientsRight, schema: { tags, summary: 'The clients where the account is a member of a district', response: ok(Type.Array(AvailableClientSchema)) } }, async (request) => {
    const auth = requireAuth(request);
    const { rows } = await databases.control.query<ClientRef>('select name, database from clients');
    const available: AvailableClient[] = [];
    for (const client of rows) {
      if ((await memberDistricts(auth.accountId, client.database)).length > 0) available.push({ name: client.name, database: { name: client.database } });
    }
    return respond(request, available.sort(byName));
  });

  app.get(
    '/districtNames',
    {
      preHandler: clientsRight,
      schema: { tags, summary: "The account's districts in a client database", querystring: DistrictNamesQuery, response: ok(Type.Array(DistrictRefSchema)) },
    },
    async (request) => {
      const auth = requireAuth(request);
      if (!(await clientOf(request.query.database))) throw ApiError.notFound('admin.client_not_found');
      return respond(request, await memberDistricts(auth.accountId, request.query.database));
    },
  );

  app.post(
    '/changeClient',
    {
      preHandler: clientsRight,
      schema: { tags, summary: 'Moves the session to a district of another client', body: ChangeClientBody, response: ok(ChangeResultSchema) },
    },
    (request) => moveSession(request, request.body.database, request.body.district),
  );

  app.get('/availableDistricts', { preHandler: districtsRight, schema: { tags, summary: "The account's districts in the session's client", response: ok(Type.Array(DistrictRefSchema)) } }, async (request) => {
    const auth = requireAuth(request);
    return respond(request, await memberDistricts(auth.accountId, auth.clientDb));
  });

  app.post(
    '/changeDistrict',
    {
      preHandler: districtsRight,
      schema: { tags, summary: "Moves the session to another district of the session's client", body: ChangeDistrictBody, response: ok(ChangeResultSchema) },
    },
    (request) => moveSession(request, requireAuth(request).clientDb, request.body.district),
  );
}

