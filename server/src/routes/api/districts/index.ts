/**
 * District administration (pages /admin/districtManagement and
 * /admin/simpleDistrictManagement): the districts of the session's client, create, rename.
 * Right district.admin. The client database always comes from the session: an id of another
 * client simply is not in this database (404), never a cross-tenant read.
 *
 * Reach (docs/tenancy.md, "Administration"): an administrator sees and
 * renames the districts where it is an administrator itself; the operator right
 * (opteamum.admin) reaches every district of the client. A district out of reach answers 404
 * like one that does not exist.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { randomUUID } from 'node:crypto';
import type { DistrictRef } from '../../../../../common/api-types.js';
import { DistrictRef as DistrictRefSchema } from '../../../../../common/schemas/auth.js';
import { DISTRICT_NAME_MAX_LENGTH, DistrictBody, DistrictIdParams } from '../../../../../common/schemas/districts.js';
import { created, ok } from '../../../../../common/schemas/envelope.js';
import { OPERATOR_RIGHT, RIGHTS_BY_FEATURE } from '../../../../../common/rights.js';
import { ApiError } from '../../../lib/errors.js';
import { requireAuth } from '../../../plugins/auth.js';
import { respond } from '../../../plugins/respond.js';
import { guardRoutes, rightsOf } from '../../../plugins/rights.js';
import { recordAuditOf } from '../../../modules/_platform/audit.js';
import type { RouteContext } from '../../context.js';

export { DISTRICT_NAME_MAX_LENGTH };
const byName = (a: DistrictRef, b: DistrictRef) => a.name.localeCompare(b.name, 'fr', { sensitivity: 'base' });

/** PostgreSQL unique violation (districts_name_key is case-insensitive). */
const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';

const ADMIN_RIGHT = RIGHTS_BY_FEATURE.admin[0];

/** The districts this session's account administers, or every one for the operator right. */
async function districtsInReach(request: FastifyRequest): Promise<DistrictRef[]> {
  const { db, accountId } = requireAuth(request);
  if ((await rightsOf(request)).includes(OPERATOR_RIGHT)) {
    return (await db.query<DistrictRef>('select id as "_id", name from districts')).rows;
  }
  const { rows } = await db.query<DistrictRef>(
    `select d.id as "_id", d.name from districts d
       join memberships m on m.district_id = d.id
      where m.account_id = $1 and $2 = any(m.rights)`,
    [accountId, ADMIN_RIGHT],
  );
  return rows;
}

export async function districtRoutes(untyped: FastifyInstance, ctx: RouteContext): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['districts'];
  app.addHook('preHandler', app.authenticate);
  guardRoutes(app, { feature: 'admin', action: 'manage', page: true });

  app.get('/', { schema: { tags, summary: 'The districts the administrator reaches, by name', response: ok(Type.Array(DistrictRefSchema)) } }, async (request) => respond(request, (await districtsInReach(request)).sort(byName)));

  app.post(
    '/',
    { schema: { tags, summary: 'Creates a district; its creator becomes a member with its rights', body: DistrictBody, response: created(DistrictRefSchema) } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const name = request.body.name.trim();
      const district: DistrictRef = { _id: randomUUID(), name };
      // The creator becomes a member with the rights it holds here, so the new district is
      // reachable (change district) and administrable by whoever made it.
      const rights = await rightsOf(request);
      try {
        await auth.db.transaction(async (tx) => {
          await tx.query('insert into districts (id, name) values ($1, $2)', [district._id, name]);
          await tx.query('insert into memberships (account_id, district_id, rights) values ($1, $2, $3)', [auth.accountId, district._id, rights]);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiError(409, { message: 'district.name_already_used' });
        throw error;
      }
      await recordAuditOf(request, ctx.databases.control, { act: 'district.created', target: { kind: 'district', id: district._id, label: name } });
      reply.code(201);
      return respond(request, district);
    },
  );

  app.patch(
    '/:id',
    { schema: { tags, summary: 'Renames a district the administrator reaches', params: DistrictIdParams, body: DistrictBody, response: ok(DistrictRefSchema) } },
    async (request) => {
      const { db } = requireAuth(request);
      const name = request.body.name.trim();
      if (!(await districtsInReach(request)).some((district) => district._id === request.params.id)) throw ApiError.notFound('district.not_found');
      try {
        const { rows } = await db.query<DistrictRef>('update districts set name = $2 where id = $1 returning id as "_id", name', [request.params.id, name]);
        if (rows.length === 0) throw ApiError.notFound('district.not_found');
        ctx.tenantCache.invalidate({ kind: 'district', db: db.name, districtId: request.params.id });
        return respond(request, rows[0]!);
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiError(409, { message: 'district.name_already_used' });
        throw error;
      }
    },
  );
}
