/**
 * User administration of the session's district (page /admin/userManagement):
 * list, create with rights, edit rights, disable. Right district.admin.
 *
 * - Accounts live in the control database, rights per district in the client database: the
 *   list is the district's memberships joined with their accounts.
 * - Creating with an e-mail that already has an account: a member of this district already →
 *   409 user.email_already_used; otherwise the account is added to this district with the
 *   given rights and the answer is 2xx with envelope message `user_duplicated` (spec section 8).
 *   That answer is made of what the admin sent and the account's id only: nothing of what the
 *   account is elsewhere (its districts, clients, rights there, disabled state) is read for it.
 * - A new account gets the password the admin set (argon2id) and lands in the admin's client
 *   and district.
 * - The administrator's reach (docs/tenancy.md): it grants and removes only
 *   rights it holds here (the holder of the operator right reaches every right); the member's
 *   other rights stay as they are. Nobody without the operator right edits or disables an
 *   operator (a member holding an opteamum.* right here), nor a member holding rights beyond
 *   its reach.
 * - Disabling a member whose account belongs to other districts or clients removes it from
 *   this district (its sessions here end, its sockets here are told); the account stays
 *   enabled elsewhere. Only an account that belongs to this district alone is disabled: every
 *   session of it ends and its sockets are told.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type, { type Static } from 'typebox';
import { randomUUID } from 'node:crypto';
import { SESSION_ENDED_EVENT } from '../../../../../common/constants.js';
import { editedRights, isOperator, OPERATOR_RIGHT, reachOf } from '../../../../../common/rights.js';
import { Envelope, ErrorResponses, ok } from '../../../../../common/schemas/envelope.js';
import {
  DisableOutcome as DisableOutcomeSchema,
  DisableResult as DisableResultSchema,
  UserCreateBody,
  UserEntry as UserEntrySchema,
  UserIdParams,
  UserRightsBody,
  type UserEntry,
} from '../../../../../common/schemas/users.js';
import { normalizeEmail } from '../../../auth/email.js';
import { hashPassword } from '../../../auth/passwords.js';
import { ApiError } from '../../../lib/errors.js';
import { requireAuth, SESSION_END_MESSAGES } from '../../../plugins/auth.js';
import { respond } from '../../../plugins/respond.js';
import { guardRoutes, rightsOf } from '../../../plugins/rights.js';
import { recordAuditOf } from '../../../modules/_platform/audit.js';
import { accountRoom, memberRoom } from '../../../socket/index.js';
import type { RouteContext } from '../../context.js';

export type { UserEntry };

/** What disabling a member did: the account is disabled, or it left this district only. */
export type DisableOutcome = Static<typeof DisableOutcomeSchema>;

/** The answer to a disable: the member as it was, and what happened. */
export type DisableResult = Static<typeof DisableResultSchema>;

/** Envelope message of a disable, shown by the app as a success toast (what happened). */
export const DISABLE_MESSAGES: Record<DisableOutcome, string> = { disabled: 'user.disabled', removed: 'user.removed_from_district' };

/** Rights outside the admin's reach that it asks for, and the member does not already hold: 403. */
function assertGrantable(reach: ReadonlySet<string>, rights: readonly string[], alreadyHeld: readonly string[] = []): void {
  const foreign = rights.filter((right) => !reach.has(right) && !alreadyHeld.includes(right));
  if (foreign.length > 0) throw ApiError.forbidden('user.rights_not_grantable', { details: foreign.join(', ') });
}

/**
 * Whether the admin (rights `own` here) may act on a member holding `rights` here as a whole
 * (disable or remove it): an operator only with the operator right, anyone else only when all
 * its rights are within the admin's reach.
 */
function assertWithinReach(own: readonly string[], rights: readonly string[]): void {
  if (isOperator(rights) && !own.includes(OPERATOR_RIGHT)) throw ApiError.forbidden('user.operator_protected');
  const reach = reachOf(own);
  const beyond = rights.filter((right) => !reach.has(right));
  if (beyond.length > 0) throw ApiError.forbidden('user.beyond_reach', { details: beyond.join(', ') });
}

export async function userRoutes(untyped: FastifyInstance, ctx: RouteContext): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['users'];
  const { databases, sessions, io } = ctx;
  app.addHook('preHandler', app.authenticate);
  guardRoutes(app, { feature: 'admin', action: 'manage', page: true });

  /** The member `id` of the session's district, or 404: ids of other districts or clients are not found. */
  async function memberOf(request: FastifyRequest, id: string): Promise<UserEntry> {
    const auth = requireAuth(request);
    const { rows } = await auth.db.query<{ rights: string[] }>('select rights from memberships where account_id = $1 and district_id = $2', [id, auth.districtId]);
    if (rows.length === 0) throw ApiError.notFound('user.not_found');
    const account = await databases.control.query<{ email: string; disabled: boolean }>('select email, disabled from accounts where id = $1', [id]);
    if (account.rows.length === 0) throw ApiError.notFound('user.not_found');
    return { _id: id, email: account.rows[0]!.email, disabled: account.rows[0]!.disabled, rights: [...rows[0]!.rights].sort() };
  }

  app.get('/', { schema: { tags, summary: "The members of the session's district, by e-mail", response: ok(Type.Array(UserEntrySchema)) } }, async (request) => {
    const auth = requireAuth(request);
    const members = await auth.db.query<{ account_id: string; rights: string[] }>('select account_id, rights from memberships where district_id = $1', [auth.districtId]);
    if (members.rows.length === 0) return respond(request, []);
    const accounts = await databases.control.query<{ id: string; email: string; disabled: boolean }>(
      'select id, email, disabled from accounts where id = any($1::uuid[])',
      [members.rows.map((m) => m.account_id)],
    );
    const byId = new Map(accounts.rows.map((a) => [a.id, a]));
    // A disabled account that also belongs elsewhere was disabled there, not here (here it
    // could only have been removed): the list does not show it, or attaching an account by
    // e-mail would tell its state elsewhere.
    const disabledIds = accounts.rows.filter((a) => a.disabled).map((a) => a.id);
    const elsewhere = disabledIds.length === 0 ? new Set<string>() : await membersElsewhere(disabledIds, auth.clientDb, auth.districtId);
    const users: UserEntry[] = members.rows.flatMap((m) => {
      const account = byId.get(m.account_id);
      return account ? [{ _id: account.id, email: account.email, disabled: account.disabled && !elsewhere.has(account.id), rights: [...m.rights].sort() }] : [];
    });
    return respond(request, users.sort((a, b) => a.email.localeCompare(b.email)));
  });

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Creates an account in the district (201), or adds an existing account to it (200, message user_duplicated)',
        body: UserCreateBody,
        response: { 200: Envelope(UserEntrySchema), 201: Envelope(UserEntrySchema), ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const email = normalizeEmail(request.body.email);
      const rights = [...request.body.rights].sort();
      assertGrantable(reachOf(await rightsOf(request)), rights);

      // Only the id: the answer must not depend on what the account is elsewhere.
      const existing = await databases.control.query<{ id: string }>('select id from accounts where email = $1', [email]);
      if (existing.rows.length > 0) {
        const account = existing.rows[0]!;
        const added = await auth.db.query(
          'insert into memberships (account_id, district_id, rights) values ($1, $2, $3) on conflict (account_id, district_id) do nothing',
          [account.id, auth.districtId, rights],
        );
        if (added.affectedRows === 0) throw new ApiError(409, { message: 'user.email_already_used' });
        ctx.tenantCache.invalidate({ kind: 'member', db: auth.clientDb, districtId: auth.districtId, accountId: account.id });
        // What the admin sent, whatever the account is elsewhere (disabled, an operator...).
        const user: UserEntry = { _id: account.id, email, rights, disabled: false };
        await recordAuditOf(request, databases.control, { act: 'rights.changed', target: { kind: 'account', id: account.id, label: email }, details: { before: [], after: rights } });
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
      await recordAuditOf(request, databases.control, { act: 'account.created', target: { kind: 'account', id, label: email }, details: { rights } });
      return respond(request, user);
    },
  );

  app.put(
    '/:id/rights',
    { schema: { tags, summary: "Sets a member's rights within the administrator's reach", params: UserIdParams, body: UserRightsBody, response: ok(UserEntrySchema) } },
    async (request) => {
      const auth = requireAuth(request);
      const member = await memberOf(request, request.params.id);
      const own = await rightsOf(request);
      if (isOperator(member.rights) && !own.includes(OPERATOR_RIGHT)) throw ApiError.forbidden('user.operator_protected');
      const reach = reachOf(own);
      assertGrantable(reach, request.body.rights, member.rights);
      // Rights beyond the admin's reach stay as they are, asked for or not.
      const rights = editedRights(member.rights, request.body.rights, reach);
      await auth.db.query('update memberships set rights = $3 where account_id = $1 and district_id = $2', [request.params.id, auth.districtId, rights]);
      // The member's next request (on any process) is checked against the new rights.
      ctx.tenantCache.invalidate({ kind: 'member', db: auth.clientDb, districtId: auth.districtId, accountId: request.params.id });
      const after = await memberOf(request, request.params.id);
      await recordAuditOf(request, databases.control, { act: 'rights.changed', target: { kind: 'account', id: after._id, label: after.email }, details: { before: [...member.rights].sort(), after: after.rights } });
      return respond(request, after);
    },
  );

  /**
   * Which of `accountIds` have a membership other than (clientDb, districtId): another district
   * of this client or any district of another client. An account in a client database that
   * cannot be read counts as a member there: it is then only removed from this district, never
   * disabled.
   */
  async function membersElsewhere(accountIds: readonly string[], clientDb: string, districtId: string): Promise<Set<string>> {
    const found = new Set<string>();
    const { rows: clients } = await databases.control.query<{ database: string }>('select database from clients');
    for (const { database } of clients) {
      try {
        const db = await databases.client(database);
        const { rows } = await db.query<{ account_id: string }>(
          'select distinct account_id from memberships where account_id = any($1::uuid[]) and not (district_id = $2::uuid and $3)',
          [accountIds, districtId, database === clientDb],
        );
        for (const row of rows) found.add(row.account_id);
      } catch {
        for (const id of accountIds) found.add(id);
      }
    }
    return found;
  }

  const belongsElsewhere = async (accountId: string, clientDb: string, districtId: string) =>
    (await membersElsewhere([accountId], clientDb, districtId)).has(accountId);

  app.post('/:id/disable', { schema: { tags, summary: 'Disables a member, or removes it from this district when it belongs elsewhere too', params: UserIdParams, response: ok(DisableResultSchema) } }, async (request) => {
    const auth = requireAuth(request);
    const id = request.params.id;
    if (id === auth.accountId) throw ApiError.badRequest('user.cannot_disable_self');
    const member = await memberOf(request, id);
    assertWithinReach(await rightsOf(request), member.rights);

    if (await belongsElsewhere(id, auth.clientDb, auth.districtId)) {
      // Out of this district only: its sessions here end (their requests get
      // auth.removed_from_district), its sockets here are told; elsewhere it goes on.
      await auth.db.query('delete from memberships where account_id = $1 and district_id = $2', [id, auth.districtId]);
      ctx.tenantCache.invalidate({ kind: 'member', db: auth.clientDb, districtId: auth.districtId, accountId: id });
      // Told first: ending the sessions closes their sockets (Sessions.onEnded).
      const room = io.in(memberRoom(auth.clientDb, auth.districtId, id));
      room.emit(SESSION_ENDED_EVENT, { message: SESSION_END_MESSAGES.removed });
      await sessions.revokeInDistrict(id, auth.clientDb, auth.districtId);
      room.disconnectSockets(true);
      const removed: DisableResult = { ...member, outcome: 'removed' };
      await recordAuditOf(request, databases.control, { act: 'account.removed', target: { kind: 'account', id, label: member.email } });
      return respond(request, removed, DISABLE_MESSAGES.removed);
    }

    await databases.control.query('update accounts set disabled = true where id = $1', [id]);
    // Told first: ending the sessions closes their sockets (Sessions.onEnded).
    const room = io.in(accountRoom(id));
    room.emit(SESSION_ENDED_EVENT, { message: SESSION_END_MESSAGES.disabled });
    await sessions.revokeAccount(id, 'disabled');
    room.disconnectSockets(true);
    const disabled: DisableResult = { ...(await memberOf(request, id)), outcome: 'disabled' };
    await recordAuditOf(request, databases.control, { act: 'account.disabled', target: { kind: 'account', id, label: member.email } });
    return respond(request, disabled, DISABLE_MESSAGES.disabled);
  });
}
