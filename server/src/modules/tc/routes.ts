/**
 * The tc module's routes (/api/tc): the terms of use and privacy notice (read by anyone signed
 * in; published by an operator administrator), the caller's acceptance, and the audit log of
 * administrative acts (read only, by administrators; CSV export). The public read of the current
 * version (login page link) is under /api/tcPublic (./public-routes.ts).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import {
  AUDIT_PAGE_MAX,
  AuditPage,
  AuditQuery,
  TcAcceptance,
  TcAcceptBody,
  TcPublishBody,
  TcStatus,
  TcVersion,
  TcVersionSummary,
  type AuditEntry,
  type TcVersion as TcVersionType,
} from '../../../../common/modules/tc/schemas.js';
import { OPERATOR_RIGHT } from '../../../../common/rights.js';
import { created, ErrorResponses, FileBytes, ok } from '../../../../common/schemas/envelope.js';
import type { Queryable } from '../../db/types.js';
import { ApiError } from '../../lib/errors.js';
import { requireAuth } from '../../plugins/auth.js';
import { respond } from '../../plugins/respond.js';
import { requireAnyCan, requireCan, rightsOf, type RouteAccess } from '../../plugins/rights.js';
import type { RouteContext } from '../../routes/context.js';
import { csvDocument } from '../_platform/csv.js';
import { recordAuditOf } from '../_platform/audit.js';
import { DISTRICT_TIME_ZONE } from '../_platform/dates.js';
import { acceptedVersion, clearAcceptanceCache, requiredVersion } from './acceptance.js';

const tags = ['tc'];
/** Any signed-in member, on its own account only (write-rights.test.ts lists it). */
export const OWN_ACCEPTANCE: RouteAccess = { session: true, reason: 'the caller’s own acceptance of the terms of use' };
const OWN_READ: RouteAccess = { session: true, reason: 'the terms every member must read and accept' };

interface VersionRow {
  version: number;
  published_at: Date;
  published_by: string;
  terms_fr: string;
  terms_en: string;
  privacy_fr: string;
  privacy_en: string;
  requires_acceptance: boolean;
  note: string;
}

const toVersion = (row: VersionRow): TcVersionType => ({
  version: row.version,
  publishedAt: new Date(row.published_at).toISOString(),
  publishedBy: row.published_by,
  termsFr: row.terms_fr,
  termsEn: row.terms_en,
  privacyFr: row.privacy_fr,
  privacyEn: row.privacy_en,
  requiresAcceptance: row.requires_acceptance,
  note: row.note,
});

export async function currentVersion(control: Queryable): Promise<TcVersionType | null> {
  const { rows } = await control.query<VersionRow>('select * from tc_versions order by version desc limit 1');
  return rows[0] ? toVersion(rows[0]) : null;
}

interface AuditRow {
  id: string;
  at: Date;
  actor_id: string | null;
  actor_email: string;
  act: string;
  client_db: string | null;
  district_id: string | null;
  target_kind: string;
  target_id: string;
  target_label: string;
  details: Record<string, unknown> | string;
  ip: string | null;
}

const toEntry = (row: AuditRow): AuditEntry => ({
  _id: row.id,
  at: new Date(row.at).toISOString(),
  actorId: row.actor_id,
  actorEmail: row.actor_email,
  act: row.act,
  clientDb: row.client_db,
  districtId: row.district_id,
  targetKind: row.target_kind,
  targetId: row.target_id,
  targetLabel: row.target_label,
  details: typeof row.details === 'string' ? (JSON.parse(row.details) as Record<string, unknown>) : row.details,
  ip: row.ip,
});

/** The cursor of a page: the last entry's `at` and id. */
const cursorOf = (entry: AuditEntry) => `${entry.at}|${entry._id}`;
function parseCursor(cursor: string): { at: string; id: string } {
  const [at, id] = cursor.split('|');
  if (!at || !id || Number.isNaN(Date.parse(at)) || !/^[0-9a-f-]{36}$/i.test(id)) throw ApiError.badRequest('tc.badCursor');
  return { at, id };
}

/** The entries the caller may read, filtered, newest first. Operators read every entry; a district administrator its district's. */
async function readAudit(request: FastifyRequest, control: Queryable, query: AuditQuery, limit: number): Promise<AuditEntry[]> {
  const auth = requireAuth(request);
  const rights = await rightsOf(request);
  const where: string[] = [];
  const values: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    values.push(value);
    where.push(sql.replaceAll('?', `$${values.length}`));
  };
  if (!rights.includes(OPERATOR_RIGHT)) {
    add('client_db = ?', auth.clientDb);
    add('district_id = ?::uuid', auth.districtId);
  }
  if (query.act) add('act = ?', query.act);
  if (query.person) {
    const like = `%${query.person.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    add('(lower(actor_email) like ? or lower(target_label) like ?)', like);
  }
  // The period's days are the district's (Europe/Paris), as the screen shows the entries' times:
  // from its first instant there to the next day's.
  if (query.from) add(`at >= ((?::date)::timestamp at time zone '${DISTRICT_TIME_ZONE}')`, query.from);
  if (query.to) add(`at < (((?::date) + 1)::timestamp at time zone '${DISTRICT_TIME_ZONE}')`, query.to);
  if (query.before) {
    const cursor = parseCursor(query.before);
    values.push(cursor.at, cursor.id);
    where.push(`(at, id) < ($${values.length - 1}::timestamptz, $${values.length}::uuid)`);
  }
  values.push(limit);
  const { rows } = await control.query<AuditRow>(
    `select * from audit_log ${where.length ? `where ${where.join(' and ')}` : ''} order by at desc, id desc limit $${values.length}`,
    values,
  );
  return rows.map(toEntry);
}

export async function tcRoutes(untyped: FastifyInstance, ctx: RouteContext): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const control = ctx.databases.control;
  const operator = requireCan('operatorAdmin', 'manage', { page: true });
  const auditReader = requireAnyCan({ feature: 'admin', action: 'manage' }, { feature: 'operatorAdmin', action: 'manage' });

  app.get('/status', { config: { access: OWN_READ }, schema: { tags, summary: 'The current terms and privacy notice, and whether the caller must accept them', response: ok(TcStatus) } }, async (request) => {
    const auth = requireAuth(request);
    const [current, required, accepted] = await Promise.all([currentVersion(control), requiredVersion(control), acceptedVersion(control, auth.accountId)]);
    const status: TcStatus = {
      current,
      acceptedVersion: accepted?.version ?? null,
      acceptedAt: accepted ? new Date(accepted.acceptedAt).toISOString() : null,
      mustAccept: required !== null && (accepted === null || accepted.version < required),
    };
    return respond(request, status);
  });

  app.post(
    '/accept',
    { config: { access: OWN_ACCEPTANCE }, schema: { tags, summary: 'Records the caller’s acceptance of a version (the current one); a replay changes nothing', body: TcAcceptBody, response: ok(TcAcceptance) } },
    async (request) => {
      const auth = requireAuth(request);
      const current = await currentVersion(control);
      // Only the current version may be accepted: a dialog left open over a publication shows the new text first.
      if (current === null || current.version !== request.body.version) throw new ApiError(409, { message: 'tc.versionOutdated' });
      await control.query('insert into tc_acceptances (account_id, version, ip) values ($1, $2, $3) on conflict (account_id, version) do nothing', [auth.accountId, current.version, request.ip]);
      clearAcceptanceCache(control, auth.accountId);
      const { rows } = await control.query<{ accepted_at: Date }>('select accepted_at from tc_acceptances where account_id = $1 and version = $2', [auth.accountId, current.version]);
      const answer = { version: current.version, acceptedAt: new Date(rows[0]!.accepted_at).toISOString() };
      return respond(request, answer);
    },
  );

  app.get('/versions', { onRequest: operator, schema: { tags, summary: 'Every published version, newest first, with its acceptances (operators)', response: ok(Type.Array(TcVersionSummary)) } }, async (request) => {
    const { rows } = await control.query<VersionRow & { acceptances: number | string }>(
      `select v.*, (select count(*) from tc_acceptances a where a.version = v.version) as acceptances from tc_versions v order by v.version desc`,
    );
    const versions = rows.map((row) => ({
      version: row.version,
      publishedAt: new Date(row.published_at).toISOString(),
      publishedBy: row.published_by,
      requiresAcceptance: row.requires_acceptance,
      note: row.note,
      acceptances: Number(row.acceptances),
    }));
    return respond(request, versions);
  });

  app.post(
    '/versions',
    { onRequest: operator, schema: { tags, summary: 'Publishes a new version of the terms and privacy notice (operators)', body: TcPublishBody, response: created(TcVersion) } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const body = request.body;
      const texts = [body.termsFr, body.termsEn, body.privacyFr, body.privacyEn];
      if (texts.some((text) => text.trim() === '')) throw ApiError.badRequest('tc.textRequired');
      let row: VersionRow | undefined;
      // Two publications at once: the primary key decides, the later one takes the next number.
      for (let attempt = 0; attempt < 3 && row === undefined; attempt++) {
        try {
          const { rows } = await control.query<VersionRow>(
            `insert into tc_versions (version, published_by, terms_fr, terms_en, privacy_fr, privacy_en, requires_acceptance, note)
             select coalesce(max(version), 0) + 1, $1, $2, $3, $4, $5, $6, $7 from tc_versions returning *`,
            [auth.email, body.termsFr, body.termsEn, body.privacyFr, body.privacyEn, body.requiresAcceptance, (body.note ?? '').trim()],
          );
          row = rows[0];
        } catch (error) {
          if ((error as { code?: string }).code !== '23505') throw error;
        }
      }
      if (row === undefined) throw new ApiError(409, { message: 'tc.publishConflict' });
      clearAcceptanceCache(control);
      const version = toVersion(row);
      await recordAuditOf(request, control, {
        act: 'tc.published',
        clientDb: null,
        districtId: null,
        target: { kind: 'tcVersion', id: String(version.version), label: `v${version.version}` },
        details: { requiresAcceptance: version.requiresAcceptance, note: version.note },
      });
      reply.code(201);
      return respond(request, version);
    },
  );

  app.get('/audit', { onRequest: auditReader, schema: { tags, summary: 'The audit log of administrative acts the caller may read, newest first', querystring: AuditQuery, response: ok(AuditPage) } }, async (request) => {
    const limit = Math.min(Number(request.query.limit ?? 100), AUDIT_PAGE_MAX);
    const items = await readAudit(request, control, request.query, limit + 1);
    const page = items.slice(0, limit);
    const answer: AuditPage = { items: page, next: items.length > limit ? cursorOf(page[page.length - 1]!) : null };
    return respond(request, answer);
  });

  app.get('/audit/export.csv', { onRequest: auditReader, schema: { tags, summary: 'The filtered audit log as CSV (at most 10,000 lines)', querystring: AuditQuery, response: { 200: FileBytes, ...ErrorResponses } } }, async (request, reply) => {
    const items = await readAudit(request, control, { ...request.query, before: undefined }, 10_000);
    const csv = csvDocument(
      ['Date', 'Auteur', 'Acte', 'Client', 'Secteur', 'Objet', 'Identifiant', 'Détails', 'Adresse'],
      items.map((e) => [e.at, e.actorEmail, e.act, e.clientDb, e.districtId, e.targetLabel || e.targetKind, e.targetId, JSON.stringify(e.details), e.ip]),
    );
    const day = new Date().toISOString().slice(0, 10);
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="journal-audit-${day}.csv"`).send(csv);
  });
}

/** The public read of the current version (the login page's link): /api/tcPublic/current. */
export async function tcPublicRoutes(untyped: FastifyInstance, ctx: RouteContext): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/current',
    { config: { access: { public: true, reason: 'the terms of use and privacy notice, readable before signing in' } }, schema: { tags, security: [], summary: 'The current terms and privacy notice (public)', response: ok(Type.Union([TcVersion, Type.Null()])) } },
    async (request) => respond(request, await currentVersion(ctx.databases.control)),
  );
}
