/**
 * Admin service (spec section 7): available clients, district names of a database, change
 * client, available districts, change district. Lists are sorted by name. A session can only
 * move to a district its account is a member of; the move rewrites the session row, so the
 * next token refresh names the new tenant and tokens of the old one stop working at once.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ClientRef, DistrictRef } from '../../../../../common/api-types.js';
import { CLIENT_DATABASE_NAME } from '../../../db/databases.js';
import { ApiError } from '../../../lib/errors.js';
import { requireAuth } from '../../../plugins/auth.js';
import { buildEnvelope } from '../../../plugins/envelope.js';
import { respond } from '../../../plugins/respond.js';
import { requireAnyCan, requireCan } from '../../../plugins/rights.js';
import { moveSessionSockets } from '../../../socket/index.js';
import type { RouteContext } from '../../context.js';

export const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

export interface AvailableClient {
  name: string;
  database: { name: string };
}

export interface ChangeResult {
  client: ClientRef;
  district: DistrictRef;
}

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name, 'fr', { sensitivity: 'base' });

export async function adminRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
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

  app.get('/availableClients', { preHandler: clientsRight }, async (request) => {
    const auth = requireAuth(request);
    const { rows } = await databases.control.query<ClientRef>('select name, database from clients');
    const available: AvailableClient[] = [];
    for (const client of rows) {
      if ((await memberDistricts(auth.accountId, client.database)).length > 0) available.push({ name: client.name, database: { name: client.database } });
    }
    return respond(request, available.sort(byName));
  });

  app.get<{ Querystring: { database: string } }>(
    '/districtNames',
    {
      preHandler: clientsRight,
      schema: {
        querystring: {
          type: 'object',
          required: ['database'],
          additionalProperties: false,
          properties: { database: { type: 'string', pattern: CLIENT_DATABASE_NAME.source } },
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      if (!(await clientOf(request.query.database))) throw ApiError.notFound('admin.client_not_found');
      return respond(request, await memberDistricts(auth.accountId, request.query.database));
    },
  );

  app.post<{ Body: { database: string; district: string } }>(
    '/changeClient',
    {
      preHandler: clientsRight,
      schema: {
        body: {
          type: 'object',
          required: ['database', 'district'],
          additionalProperties: false,
          properties: { database: { type: 'string', pattern: CLIENT_DATABASE_NAME.source }, district: { type: 'string', pattern: UUID_PATTERN } },
        },
      },
    },
    (request) => moveSession(request, request.body.database, request.body.district),
  );

  app.get('/availableDistricts', { preHandler: districtsRight }, async (request) => {
    const auth = requireAuth(request);
    return respond(request, await memberDistricts(auth.accountId, auth.clientDb));
  });

  app.post<{ Body: { district: string } }>(
    '/changeDistrict',
    {
      preHandler: districtsRight,
      schema: {
        body: {
          type: 'object',
          required: ['district'],
          additionalProperties: false,
          properties: { district: { type: 'string', pattern: UUID_PATTERN } },
        },
      },
    },
    (request) => moveSession(request, requireAuth(request).clientDb, request.body.district),
  );
}

