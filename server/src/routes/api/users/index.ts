/**
 * User administration of the session's district (issue 4; page /admin/userManagement):
 * list, create with rights, edit rights, disable. Right district.admin.
 *
 * - Accounts live in the control database, rights per district in the client database: the
 *   list is the district's memberships joined with their accounts.
 * - Creating with an e-mail that already has an account: a member of this district already →
 *   409 user.email_already_used; otherwise the account is added to this district with the
 *   given rights and the answer is 2xx with envelope message `user_duplicated` (spec section 8).
 * - A new account gets the password the admin set (argon2id) and lands in the admin's client
 *   and district.
 * - Rights granted must be in the catalogue and held by the admin (no one grants a right it
 *   lacks, so a district admin cannot make an operator).
 * - Disabling ends every session of the account and disconnects its sockets.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { PASSWORD_MIN_LENGTH } from '../../../../../common/constants.js';
import { ALL_RIGHTS, RIGHTS_BY_FEATURE } from '../../../../../common/rights.js';
import { normalizeEmail } from '../../../auth/email.js';
import { hashPassword } from '../../../auth/passwords.js';
import { ApiError } from '../../../lib/errors.js';
import { requireAuth } from '../../../plugins/auth.js';
import { respond } from '../../../plugins/respond.js';
import { requirePageRight, rightsOf } from '../../../plugins/rights.js';
import { accountRoom } from '../../../socket/index.js';
import type { RouteContext } from '../../context.js';
import { UUID_PATTERN } from '../admin/index.js';

export interface UserEntry {
  _id: string;
  email: string;
  rights: string[];
  disabled: boolean;
}

export const USER_EMAIL_MAX_LENGTH = 254;
const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
const PASSWORD_MAX_LENGTH = 200;

const rightsSchema = { type: 'array', uniqueItems: true, maxItems: ALL_RIGHTS.length, items: { type: 'string', enum: [...ALL_RIGHTS] } } as const;
const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: UUID_PATTERN } } } as const;

/** Rights the admin holds, or that the member already has (keeping them is not granting them). */
async function assertGrantable(request: FastifyRequest, rights: readonly string[], alreadyHeld: readonly string[] = []): Promise<void> {
  const own = new Set([...(await rightsOf(request)), ...alreadyHeld]);
  const foreign = rights.filter((right) => !own.has(right));
  if (foreign.length > 0) throw ApiError.forbidden('user.rights_not_grantable', { details: foreign.join(', ') });
}

export async function userRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const { databases, sessions, io } = ctx;
  app.addHook('preHandler', app.authenticate);
  app.addHook('preHandler', requirePageRight(...RIGHTS_BY_FEATURE.admin));

  /** The member `id` of the session's district, or 404: ids of other districts or clients are not found. */
  async function memberOf(request: FastifyRequest, id: string): Promise<UserEntry> {
    const auth = requireAuth(request);
    const { rows } = await auth.db.query<{ rights: string[] }>('select rights from memberships where account_id = $1 and district_id = $2', [id, auth.districtId]);
    if (rows.length === 0) throw ApiError.notFound('user.not_found');
    const account = await databases.control.query<{ email: string; disabled: boolean }>('select email, disabled from accounts where id = $1', [id]);
    if (account.rows.length === 0) throw ApiError.notFound('user.not_found');
    return { _id: id, email: account.rows[0]!.email, disabled: account.rows[0]!.disabled, rights: [...rows[0]!.rights].sort() };
  }

  app.get('/', async (request) => {
    const auth = requireAuth(request);
    const members = await auth.db.query<{ account_id: string; rights: string[] }>('select account_id, rights from memberships where district_id = $1', [auth.districtId]);
    if (members.rows.length === 0) return respond(request, []);
    const accounts = await databases.control.query<{ id: string; email: string; disabled: boolean }>(
      'select id, email, disabled from accounts where id = any($1::uuid[])',
      [members.rows.map((m) => m.account_id)],
    );
    const byId = new Map(accounts.rows.map((a) => [a.id, a]));
    const users: UserEntry[] = members.rows.flatMap((m) => {
      const account = byId.get(m.account_id);
      return account ? [{ _id: account.id, email: account.email, disabled: account.disabled, rights: [...m.rights].sort() }] : [];
    });
    return respond(request, users.sort((a, b) => a.email.localeCompare(b.email)));
  });

  app.post<{ Body: { email: string; password: string; rights: string[] } }>(
    '/',
    {
      schema: {
        body: {
          type: 'object',
          required: ['email', 'password', 'rights'],
          additionalProperties: false,
          properties: {
            email: { type: 'string', maxLength: USER_EMAIL_MAX_LENGTH, pattern: EMAIL_PATTERN },
            password: { type: 'string', minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH },
            rights: rightsSchema,
          },
        },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const email = normalizeEmail(request.body.email);
      const rights = [...request.body.rights].sort();
      await assertGrantable(request, rights);

      const existing = await databases.control.query<{ id: string; disabled: boolean }>('select id, disabled from accounts where email = $1', [email]);
      if (existing.rows.length > 0) {
        const account = existing.rows[0]!;
        const added = await auth.db.query(
          'insert into memberships (account_id, district_id, rights) values ($1, $2, $3) on conflict (account_id, district_id) do nothing',
          [account.id, auth.districtId, rights],
        );
        if (added.affectedRows === 0) throw new ApiError(409, { message: 'user.email_already_used' });
        ctx.tenantCache.invalidate({ kind: 'member', db: auth.clientDb, districtId: auth.districtId, accountId: account.id });
        const user: UserEntry = { _id: account.id, email, rights, disabled: account.disabled };
        return respond(request, user, 'user_duplicated');
      }

      const id = randomUUID();
      const passwordHash = await hashPassword(request.body.password);
      try {
        await databases.control.query(
          'insert into accounts (id, email, password_hash, home_client, home_district, current_client, current_district) values ($1, $2, $3, $4, $5, $4, $5)',
          [id, email, passwordHash, auth.clientDb, auth.districtId],
        );
      } catch (error) {
        // Two admins creating the same e-mail at once: the unique index decides.
        if ((error as { code?: string }).code === '23505') throw new ApiError(409, { message: 'user.email_already_used' });
        throw error;
      }
      await auth.db.query('insert into memberships (account_id, district_id, rights) values ($1, $2, $3)', [id, auth.districtId, rights]);
      reply.code(201);
      const user: UserEntry = { _id: id, email, rights, disabled: false };
      return respond(request, user);
    },
  );

  app.put<{ Params: { id: string }; Body: { rights: string[] } }>(
    '/:id/rights',
    { schema: { params: idParams, body: { type: 'object', required: ['rights'], additionalProperties: false, properties: { rights: rightsSchema } } } },
    async (request) => {
      const auth = requireAuth(request);
      const member = await memberOf(request, request.params.id);
      const rights = [...request.body.rights].sort();
      await assertGrantable(request, rights, member.rights);
      await auth.db.query('update memberships set rights = $3 where account_id = $1 and district_id = $2', [request.params.id, auth.districtId, rights]);
      // The member's next request (on any process) is checked against the new rights.
      ctx.tenantCache.invalidate({ kind: 'member', db: auth.clientDb, districtId: auth.districtId, accountId: request.params.id });
      return respond(request, await memberOf(request, request.params.id));
    },
  );

  app.post<{ Params: { id: string } }>('/:id/disable', { schema: { params: idParams } }, async (request) => {
    const auth = requireAuth(request);
    if (request.params.id === auth.accountId) throw ApiError.badRequest('user.cannot_disable_self');
    await memberOf(request, request.params.id);
    await databases.control.query('update accounts set disabled = true where id = $1', [request.params.id]);
    await sessions.revokeAccount(request.params.id, 'disabled');
    io.in(accountRoom(request.params.id)).disconnectSockets(true);
    return respond(request, await memberOf(request, request.params.id));
  });
}
