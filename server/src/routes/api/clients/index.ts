/**
 * Operator client management (page /opteamum/clientManagement), right opteamum.admin:
 * every client with its districts, and client creation. Creating a client registers it and
 * creates its database (migrated), with a first district whose first member is the creating
 * operator, with the rights it holds now (so it can switch there and administer it).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { randomUUID } from 'node:crypto';
import type { DistrictRef } from '../../../../../common/api-types.js';
import { CLIENT_NAME_MAX_LENGTH, ClientCreateBody, ClientEntry as ClientEntrySchema, type ClientEntry } from '../../../../../common/schemas/clients.js';
import { created, ok } from '../../../../../common/schemas/envelope.js';
import { ApiError } from '../../../lib/errors.js';
import { requireAuth } from '../../../plugins/auth.js';
import { respond } from '../../../plugins/respond.js';
import { guardRoutes, rightsOf } from '../../../plugins/rights.js';
import { recordAuditOf } from '../../../modules/_platform/audit.js';
import type { RouteContext } from '../../context.js';

export { CLIENT_NAME_MAX_LENGTH, type ClientEntry };
const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name, 'fr', { sensitivity: 'base' });

export async function clientRoutes(untyped: FastifyInstance, ctx: RouteContext): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['clients'];
  const { databases } = ctx;
  app.addHook('preHandler', app.authenticate);
  guardRoutes(app, { feature: 'operatorAdmin', action: 'manage', page: true });

  app.get('/', { schema: { tags, summary: 'Every client with its districts (operators)', response: ok(Type.Array(ClientEntrySchema)) } }, async (request) => {
    const { rows } = await databases.control.query<{ name: string; database: string }>('select name, database from clients');
    const clients: ClientEntry[] = [];
    for (const client of rows) {
      const db = await databases.client(client.database);
      const districts = await db.query<DistrictRef>('select id as "_id", name from districts');
      clients.push({ ...client, districts: districts.rows.sort(byName) });
    }
    return respond(request, clients.sort(byName));
  });

  app.post(
    '/',
    { schema: { tags, summary: 'Creates a client, its database and its first district (operators)', body: ClientCreateBody, response: created(ClientEntrySchema) } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const name = request.body.name.trim();
      const { database } = request.body;
      const taken = await databases.control.query<{ database: string; name: string }>(
        'select database, name from clients where database = $1 or lower(name) = lower($2)',
        [database, name],
      );
      if (taken.rows.some((row) => row.database === database)) throw new ApiError(409, { message: 'client.database_already_used' });
      if (taken.rows.length > 0) throw new ApiError(409, { message: 'client.name_already_used' });

      const rights = await rightsOf(request);
      const db = await databases.createClient({ id: randomUUID(), name, database });
      const district: DistrictRef = { _id: randomUUID(), name: request.body.district.trim() };
      await db.transaction(async (tx) => {
        await tx.query('insert into districts (id, name) values ($1, $2)', [district._id, district.name]);
        await tx.query('insert into memberships (account_id, district_id, rights) values ($1, $2, $3)', [auth.accountId, district._id, rights]);
      });
      reply.code(201);
      const created: ClientEntry = { name, database, districts: [district] };
      await recordAuditOf(request, databases.control, { act: 'client.created', clientDb: database, districtId: district._id, target: { kind: 'client', id: database, label: name }, details: { district: district.name } });
      return respond(request, created);
    },
  );
}
