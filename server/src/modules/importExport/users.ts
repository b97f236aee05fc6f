/**
 * The district's members as an export (_platform/transfer.ts), for its administrators (the
 * user administration's right): each member's e-mail and rights here, as the user
 * administration lists them (nothing of what the account is in other districts or clients).
 * Their import (USERS_IMPORT) is below.
 */
import type { Language } from '../../../../common/constants.js';
import { REF_FIELD } from '../../../../common/modules/importExport/schemas.js';
import { ALL_RIGHTS, editedRights, isOperator, OPERATOR_RIGHT, reachOf } from '../../../../common/rights.js';
import { EMAIL_MAX_LENGTH, EMAIL_REGEXP } from '../../../../common/schemas/email.js';
import { normalizeEmail } from '../../auth/email.js';
import { queueRecordMails } from '../../mail/outbox.js';
import { notifyMailQueued } from '../../mail/worker.js';
import { invitationMail, issuePasswordToken, RESET_PATH } from '../../routes/api/auth/reset-password.js';
import { JobFailure } from '../_platform/jobs.js';
import type { Cell, ImportValues, ModuleExport, ModuleImport } from '../_platform/transfer.js';

export const USERS_EXPORT: ModuleExport = {
  name: 'users',
  feature: 'admin',
  label: { fr: 'Utilisateurs du district', en: 'District users' },
  lists: ['/admin/userManagement'],
  columns: [
    { key: 'email', label: { fr: 'E-mail', en: 'Email' } },
    { key: 'rights', label: { fr: 'Droits', en: 'Rights' } },
  ],
  filters: ['search'],
  rows: async (db, districtId, filters, limit, control) => {
    const { rows: members } = await db.query<{ account_id: string; rights: string[] }>('select account_id, rights from memberships where district_id = $1', [districtId]);
    if (members.length === 0) return [];
    const search = filters.search?.trim().toLowerCase() ?? '';
    const { rows: accounts } = await control.query<{ id: string; email: string }>(
      `select id, email from accounts where id = any($1::uuid[]) and ($2 = '' or strpos(email, $2) > 0) order by email limit $3`,
      [members.map((m) => m.account_id), search, limit],
    );
    const rights = new Map(members.map((m) => [m.account_id, [...m.rights].sort()]));
    return accounts.map((a): Cell[] => [a.email, (rights.get(a.id) ?? []).join(', ')]);
  },
};

/** Folded for comparing words of a file: lower case, no accents, trimmed. */
const fold = (text: string): string => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();
const YES = new Set(['yes', 'oui', 'y', 'o', 'true', 'vrai', '1', 'x']);
const NO = new Set(['no', 'non', 'n', 'false', 'faux', '0']);
const LANGUAGE_WORDS: Record<string, Language> = { fr: 'fr', francais: 'fr', french: 'fr', en: 'en', anglais: 'en', english: 'en' };
const ADMIN_RIGHT = 'district.admin';
const KNOWN_RIGHTS = new Set(ALL_RIGHTS);
const text = (value: string | number | null | undefined): string => (value === null || value === undefined ? '' : String(value).trim());

/** The rights a row asks for here: its rights column, with the administration right as its admin column says. */
const requestedRights = (values: ImportValues): string[] => {
  const rights = text(values.rights) === '' ? [] : text(values.rights).split(', ');
  return [...rights, ...(values.admin === 'yes' ? [ADMIN_RIGHT] : [])].sort();
};

/**
 * The district's members as an import, for its administrators: the e-mail is the external
 * reference (an account is found by it, case aside, whatever imported it); the rights are the
 * export's names, the administration right also by the admin column (yes/no; empty: as the
 * rights say); the language is a new account's (fr when empty), never changed on an existing
 * one. An existing account gets its membership of this district created or its rights here
 * set, within the importer's reach as in the user administration (never its password nor its
 * other districts). A new account has no usable password: it is sent an invitation e-mail in
 * its language with a one-time link (7 days) to choose it. So is an existing account that
 * never set one and holds no usable invitation (left by a failed import, or its invitation
 * lapsed): its row is an update that invites it again.
 */
export const USERS_IMPORT: ModuleImport = {
  name: 'users',
  feature: 'admin',
  label: { fr: 'Utilisateurs du district', en: 'District users' },
  module: 'users',
  fields: [
    { key: 'language', label: { fr: 'Langue', en: 'Language' }, type: 'text', max: 20, aliases: ['lang', 'langue'], createOnly: true },
    { key: 'rights', label: { fr: 'Droits', en: 'Rights' }, type: 'text', max: 5000, aliases: ['droits du district', 'district rights'] },
    { key: 'admin', label: { fr: 'Administrateur', en: 'Administrator' }, type: 'text', max: 10, aliases: ['admin'] },
  ],
  writer: (scope, context) => {
    let own: Promise<string[]> | null = null;
    const ownRights = () =>
      (own ??= scope.db
        .query<{ rights: string[] }>('select rights from memberships where account_id = $1 and district_id = $2', [scope.actor.id, scope.districtId])
        .then((r) => r.rows[0]?.rights ?? []));
    const seen = new Set<string>();
    /** Each row's values by the account its e-mail names (updates read them whole). */
    const byAccount = new Map<string, ImportValues>();
    let districtName: Promise<string> | null = null;

    async function invite(accountId: string, email: string, language: Language): Promise<void> {
      districtName ??= scope.db.query<{ name: string }>('select name from districts where id = $1', [scope.districtId]).then((r) => r.rows[0]?.name ?? '');
      const { token, expiresAt } = await issuePasswordToken(scope.control, accountId, 'invitation');
      const link = `${context.publicUrl}${RESET_PATH}?token=${token}`;
      await queueRecordMails(scope.db, [email], invitationMail({ language, link, districtName: await districtName, expiresAt }), { validUntil: expiresAt, regarding: `users.invitation:${accountId}` });
      context.afterCommit.push(notifyMailQueued);
    }

    /** Which of `ids` have no password (nor SSO) and no invitation still usable. */
    async function uninvited(ids: string[]): Promise<Set<string>> {
      const { rows } = await scope.control.query<{ id: string }>(
        `select a.id from accounts a where a.id = any($1::uuid[]) and a.password_hash is null and not a.sso
            and not exists (select 1 from password_tokens t where t.account_id = a.id and t.used_at is null and t.expires_at > now())`,
        [ids],
      );
      return new Set(rows.map((r) => r.id));
    }

    return {
      find: async (refs) => {
        const { rows } = await scope.control.query<{ id: string; email: string }>('select id, email from accounts where email = any($1::text[])', [refs.map(normalizeEmail)]);
        const ids = new Map(rows.map((r) => [r.email, r.id]));
        return new Map(refs.flatMap((ref) => (ids.has(normalizeEmail(ref)) ? [[ref, ids.get(normalizeEmail(ref))!] as [string, string]] : [])));
      },
      current: async (ids) => {
        const { rows } = await scope.db.query<{ account_id: string; rights: string[] }>('select account_id, rights from memberships where district_id = $1 and account_id = any($2::uuid[])', [
          scope.districtId,
          ids,
        ]);
        const held = new Map(rows.map((r) => [r.account_id, r.rights]));
        const waiting = await uninvited(ids);
        return new Map<string, { version: number; values: ImportValues }>(
          ids.map((id): [string, { version: number; values: ImportValues }] => {
            const rights = held.get(id);
            // Not a member here yet: version 0, an update creates its membership.
            if (!rights) return [id, { version: 0, values: { rights: null, admin: null } }];
            // A member who never set a password and whose invitation lapsed: an update invites it again.
            if (waiting.has(id)) return [id, { version: 1, values: { rights: null, admin: null } }];
            return [id, { version: 1, values: { rights: rights.filter((r) => r !== ADMIN_RIGHT).sort().join(', ') || null, admin: rights.includes(ADMIN_RIGHT) ? 'yes' : 'no' } }];
          }),
        );
      },
      check: async (values, ref) => {
        const email = normalizeEmail(ref);
        if (email.length > EMAIL_MAX_LENGTH || !EMAIL_REGEXP.test(email)) return { reason: 'importExport.reasons.invalid_email', field: REF_FIELD };
        if (seen.has(email)) return { reason: 'importExport.reasons.duplicate_ref', field: REF_FIELD };
        seen.add(email);
        const language = text(values.language) === '' ? 'fr' : LANGUAGE_WORDS[fold(text(values.language))];
        if (!language) return { reason: 'importExport.reasons.unknown_language', field: 'language' };
        const rights = [...new Set(text(values.rights).split(/[\s,;]+/).filter((r) => r !== ''))];
        if (rights.some((r) => !KNOWN_RIGHTS.has(r))) return { reason: 'importExport.reasons.unknown_right', field: 'rights' };
        const admin = fold(text(values.admin));
        let isAdmin = rights.includes(ADMIN_RIGHT);
        if (YES.has(admin)) isAdmin = true;
        else if (NO.has(admin)) isAdmin = false;
        else if (admin !== '') return { reason: 'importExport.reasons.invalid_yes_no', field: 'admin' };
        const mine = await ownRights();
        const reach = reachOf(mine);
        const foreign = rights.filter((r) => r !== ADMIN_RIGHT && !reach.has(r));
        const { rows: account } = await scope.control.query<{ id: string }>('select id from accounts where email = $1', [email]);
        const held = account[0]
          ? ((await scope.db.query<{ rights: string[] }>('select rights from memberships where account_id = $1 and district_id = $2', [account[0].id, scope.districtId])).rows[0]?.rights ?? [])
          : [];
        // As the user administration: an operator is touched by the operator right alone; a right beyond reach is never granted.
        if (isOperator(held) && !mine.includes(OPERATOR_RIGHT)) return { reason: 'importExport.reasons.operator_protected', field: REF_FIELD };
        if (foreign.some((r) => !held.includes(r))) return { reason: 'importExport.reasons.right_not_grantable', field: 'rights' };
        if (isAdmin && !reach.has(ADMIN_RIGHT) && !held.includes(ADMIN_RIGHT)) return { reason: 'importExport.reasons.right_not_grantable', field: 'admin' };
        // The spelling compared and written: the export's.
        Object.assign(values, { language, rights: rights.filter((r) => r !== ADMIN_RIGHT).sort().join(', ') || null, admin: isAdmin ? 'yes' : 'no', email });
        if (account[0]) byAccount.set(account[0].id, values);
        return null;
      },
      create: async (rows) => {
        for (const { id, values } of rows) {
          const email = text(values.email);
          const language = (text(values.language) || 'fr') as Language;
          const inserted = await scope.control.query(
            `insert into accounts (id, email, password_hash, home_client, home_district, current_client, current_district, language)
             values ($1, $2, null, $3, $4, $3, $4, $5) on conflict do nothing`,
            [id, email, context.clientDb, scope.districtId, language],
          );
          // Created meanwhile (another import, the user administration): it joins as it is.
          if (inserted.affectedRows === 0) throw new JobFailure('importExport.import_rejected', null);
          await scope.db.query('insert into memberships (account_id, district_id, rights) values ($1, $2, $3)', [id, scope.districtId, requestedRights(values)]);
          await invite(id, email, language);
        }
      },
      update: async (id, version, _changes) => {
        const values = byAccount.get(id);
        if (!values) return;
        const requested = requestedRights(values);
        if (version === 0) {
          await scope.db.query('insert into memberships (account_id, district_id, rights) values ($1, $2, $3)', [id, scope.districtId, requested]);
        } else {
          const { rows } = await scope.db.query<{ rights: string[] }>('select rights from memberships where account_id = $1 and district_id = $2', [id, scope.districtId]);
          const rights = editedRights(rows[0]?.rights ?? [], requested, reachOf(await ownRights()));
          await scope.db.query('update memberships set rights = $3 where account_id = $1 and district_id = $2', [id, scope.districtId, rights]);
        }
        // An account that never set a password (left by a failed import, or its invitation lapsed) is invited now.
        if ((await uninvited([id])).has(id)) {
          const { rows } = await scope.control.query<{ email: string; language: Language }>('select email, language from accounts where id = $1', [id]);
          if (rows[0]) await invite(id, rows[0].email, rows[0].language);
        }
        context.memberChanged(id);
      },
    };
  },
};
