/**
 * Every query of the Contacts module (contacts, contact_sites), scoped to the session's district.
 * A contact is a kind of the platform's record core (_platform/record-kind.ts: creation with the
 * caller's id, edits from a base version, history, reversible deletion); what is the module's own
 * is here: its company (a live supplier of the district), its site links and roles, its vCard UID
 * (unique among live contacts), the list's search and filters, a site's contacts, the vCard
 * export and import (updating the contact of the same UID), the duplicates and their merge.
 */
import { randomUUID } from 'node:crypto';
import { Value } from 'typebox/value';
import {
  CONTACT_ROLES,
  ContactFields as ContactFieldsSchema,
  displayNameOf,
  DUPLICATE_GROUPS_MAX,
  normalisePhone,
  SITE_CONTACTS_MAX,
  VCARD_IMPORT_MAX_CARDS,
  type Contact,
  type ContactFields,
  type ContactListQuery,
  type ContactPhone,
  type ContactRole,
  type ContactRow as ContactListRow,
  type ContactSiteLink,
  type DuplicateGroup,
  type MergeBody,
  type SiteContact,
  type VcardImportResult,
} from '../../../../common/modules/contactV2/schemas.js';
import type { Page } from '../../../../common/schemas/platform.js';
import { ApiError } from '../../lib/errors.js';
import { filterValues } from '../_platform/list.js';
import { RecordStore, type RecordKind } from '../_platform/record-kind.js';
import { changesBetween, deletedRecord, recordMetaOf, iso, versionConflict, writeVersion, type RecordMetaRow, type RecordScope } from '../_platform/records.js';
import { parseVcards, VcardError, writeVcard, type VcardContact } from './vcard.js';
import { isUuid } from '../../../../common/uuid.js';

/** The history's and the socket's module name of contacts. */
export const CONTACT_MODULE = 'contacts';

export const CONTACT_NOT_FOUND = 'contactV2.not_found';
export const NAME_REQUIRED = 'contactV2.name_required';
export const UID_TAKEN = 'contactV2.uid_taken';
export const UID_REQUIRED = 'contactV2.uid_required';
export const SUPPLIER_NOT_FOUND = 'contactV2.supplier_not_found';
export const SITE_NOT_FOUND = 'contactV2.site_not_found';
export const MANAGERS_ONLY = 'contactV2.managers_only';
export const INVALID_FILTER = 'contactV2.invalid_filter';
export const VCARD_INVALID = 'contactV2.vcard_invalid';
export const VCARD_TOO_MANY = 'contactV2.vcard_too_many';
export const MERGE_SELF = 'contactV2.merge_self';


export interface ContactRow extends RecordMetaRow {
  first_name: string;
  last_name: string;
  name: string;
  job_title: string;
  supplier_id: string | null;
  phones: ContactPhone[];
  emails: string[];
  notes: string;
  uid: string;
  site_links: ContactSiteLink[];
  archived: boolean;
  supplier_name: string | null;
  site_names: Record<string, string>;
  roles: ContactRole[];
  sort_value: string;
}

const CONTACT_COLUMNS = `t.*, vigie_fold(t.name) as sort_value,
  (select s.name from suppliers s where s.id = t.supplier_id) as supplier_name,
  coalesce((select array_agg(distinct cs.role) from contact_sites cs where cs.contact_id = t.id), '{}') as roles`;
const SITE_NAMES = `coalesce((select json_object_agg(si.id, si.name) from sites si where si.id in (select cs.site_id from contact_sites cs where cs.contact_id = t.id)), '{}') as site_names`;

/** The SQL of a phone as duplicates compare it (normalisePhone of the contract). */
export const PHONE_KEY = (value: string) =>
  `regexp_replace(regexp_replace(regexp_replace(regexp_replace(${value}, '[^0-9+]', '', 'g'), '^(\\+33|0033)', '0'), '[^0-9]', '', 'g'), '^00([0-9]{9})$', '0\\1')`;

const contactFields = (row: ContactRow): ContactFields => ({
  firstName: row.first_name,
  lastName: row.last_name,
  jobTitle: row.job_title,
  supplierId: row.supplier_id,
  phones: row.phones,
  emails: row.emails,
  notes: row.notes,
  uid: row.uid,
  sites: row.site_links,
  archived: row.archived,
});

/** The sort name ("Last First") and the searched text of a contact's fields. */
const sortName = (f: ContactFields) => [f.lastName, f.firstName].filter((s) => s !== '').join(' ');
const searchText = (f: ContactFields) => [f.firstName, f.lastName, f.jobTitle, ...f.emails, ...f.phones.flatMap((p) => [p.number, p.number.replace(/\D/g, '')])].join(' ');

const rowOf = (row: ContactRow, names: Map<string, string>): ContactListRow => ({
  ...recordMetaOf(row, names),
  displayName: displayNameOf({ firstName: row.first_name, lastName: row.last_name }),
  jobTitle: row.job_title,
  supplierId: row.supplier_id,
  supplierName: row.supplier_name,
  phones: row.phones,
  emails: row.emails,
  roles: row.roles,
  archived: row.archived,
});

const uniqueBy = <T>(items: readonly T[], key: (item: T) => string): T[] => {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
};

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

export class ContactRepository {
  readonly store: RecordStore;

  constructor(
    readonly scope: RecordScope,
    /** Whether the caller manages contacts (lists the deleted ones, to restore them). */
    private readonly manage: boolean,
  ) {
    this.store = new RecordStore(scope);
  }

  private deleted = (deleted: 'true' | 'false' | undefined) => RecordStore.deletedFilter(deleted, this.manage, MANAGERS_ONLY);

  readonly contacts: RecordKind<ContactRow, ContactFields, Contact> = {
    module: CONTACT_MODULE,
    table: 'contacts',
    notFound: CONTACT_NOT_FOUND,
    select: `select ${CONTACT_COLUMNS}, ${SITE_NAMES} from contacts t`,
    defaults: { firstName: '', lastName: '', jobTitle: '', supplierId: null, phones: [], emails: [], notes: '', uid: '', sites: [], archived: false },
    historyFields: ['firstName', 'lastName', 'jobTitle', 'supplierId', 'phones', 'emails', 'notes', 'uid', 'sites', 'archived'],
    fieldsOf: contactFields,
    columns: (f) => ({
      first_name: f.firstName,
      last_name: f.lastName,
      name: sortName(f),
      job_title: f.jobTitle,
      supplier_id: f.supplierId,
      phones: JSON.stringify(f.phones),
      emails: f.emails,
      notes: f.notes,
      uid: f.uid,
      site_links: JSON.stringify(f.sites),
      archived: f.archived,
      search_text: searchText(f),
    }),
    toRecord: (row, names) => ({
      ...recordMetaOf(row, names),
      ...contactFields(row),
      displayName: displayNameOf({ firstName: row.first_name, lastName: row.last_name }),
      supplierName: row.supplier_name,
      siteNames: row.site_names ?? {},
    }),
    clean: (f) => ({
      ...f,
      firstName: f.firstName.trim(),
      lastName: f.lastName.trim(),
      jobTitle: f.jobTitle.trim(),
      uid: f.uid.trim(),
      phones: uniqueBy(
        f.phones.map((p) => ({ type: p.type, number: p.number.trim() })),
        (p) => normalisePhone(p.number),
      ),
      emails: uniqueBy(
        f.emails.map((e) => e.trim()),
        (e) => e.toLowerCase(),
      ),
      sites: uniqueBy(f.sites, (l) => `${l.siteId.toLowerCase()} ${l.role}`).map((l) => ({ siteId: l.siteId.toLowerCase(), role: l.role })),
    }),
    check: async (f, before) => {
      if (f.firstName === '' && f.lastName === '') throw ApiError.badRequest(NAME_REQUIRED, 'lastName');
      if (f.uid === '') throw ApiError.badRequest(UID_REQUIRED, 'uid');
      const { db, districtId } = this.scope;
      if (before === null || f.uid !== before.uid) {
        const { rows } = await db.query('select 1 from contacts where district_id = $1 and uid = $2 and deleted_at is null', [districtId, f.uid]);
        if (rows.length > 0) throw new ApiError(409, { message: UID_TAKEN });
      }
      if (f.supplierId !== null && f.supplierId !== before?.supplierId) {
        const { rows } = await db.query('select 1 from suppliers where id = $1 and district_id = $2 and deleted_at is null', [f.supplierId, districtId]);
        if (rows.length === 0) throw ApiError.notFound(SUPPLIER_NOT_FOUND);
      }
      const added = [...new Set(f.sites.map((l) => l.siteId).filter((id) => !before?.sites.some((l) => l.siteId === id)))];
      if (added.length > 0) {
        const { rows } = await db.query('select id from sites where district_id = $1 and id = any($2::uuid[]) and deleted_at is null', [districtId, added]);
        if (rows.length !== added.length) throw ApiError.notFound(SITE_NOT_FOUND);
      }
    },
    // Its own text, or its company's name ($1: the district).
    search: { folded: 't.search_folded', or: (pattern) => `t.supplier_id in (select s.id from suppliers s where s.district_id = $1 and vigie_fold(s.name) like ${pattern})` },
    filters: { supplier: { column: 't.supplier_id', type: 'uuid' } },
    where: (query, params) => {
      const where = [query.archived === 'true' ? 't.archived' : 'not t.archived'];
      const sites = filterValues(typeof query.site === 'string' ? query.site : undefined, 'site', (v) => isUuid(v), INVALID_FILTER);
      const roles = filterValues(typeof query.role === 'string' ? query.role : undefined, 'role', (v) => (CONTACT_ROLES as readonly string[]).includes(v), INVALID_FILTER);
      if (sites || roles) {
        const on: string[] = [];
        if (sites) {
          params.push(sites);
          on.push(`cs.site_id = any($${params.length}::uuid[])`);
        }
        if (roles) {
          params.push(roles);
          on.push(`cs.role = any($${params.length}::text[])`);
        }
        where.push(`exists (select 1 from contact_sites cs where cs.contact_id = t.id and ${on.join(' and ')})`);
      }
      return where;
    },
    invalidFilter: INVALID_FILTER,
  };

  /** The list's rows (no site names, no notes). */
  private readonly rows: RecordKind<ContactRow, ContactFields, ContactListRow> = { ...this.contacts, select: `select ${CONTACT_COLUMNS} from contacts t`, toRecord: rowOf, readOne: undefined };

  listContacts(query: ContactListQuery & { limit?: number }): Promise<Page<ContactListRow>> {
    return this.store.page(this.rows, query, this.deleted(query.deleted));
  }

  /** One site's contacts (every role), or the district's of `roles` (the offline copy of the safety contacts), by role then name. */
  async siteContacts(query: { site?: string; role?: string }): Promise<SiteContact[]> {
    const params: unknown[] = [this.scope.districtId];
    const where = ['c.district_id = $1', 'c.deleted_at is null', 'not c.archived'];
    if (query.site) {
      params.push(query.site);
      where.push(`cs.site_id = $${params.length}`);
    }
    const roles = filterValues(query.role, 'role', (v) => (CONTACT_ROLES as readonly string[]).includes(v), INVALID_FILTER);
    if (roles) {
      params.push(roles);
      where.push(`cs.role = any($${params.length}::text[])`);
    }
    params.push(SITE_CONTACTS_MAX);
    const { rows } = await this.scope.db.query<{ contact_id: string; site_id: string; role: ContactRole; first_name: string; last_name: string; job_title: string; supplier_name: string | null; phones: ContactPhone[]; emails: string[] }>(
      `select cs.contact_id, cs.site_id, cs.role, c.first_name, c.last_name, c.job_title, c.phones, c.emails,
              (select s.name from suppliers s where s.id = c.supplier_id) as supplier_name
         from contact_sites cs join contacts c on c.id = cs.contact_id
        where ${where.join(' and ')}
        order by array_position(array['emergency', 'fireSafety', 'manager', 'other'], cs.role), vigie_fold(c.name), c.id
        limit $${params.length}`,
      params,
    );
    return rows.map((r) => ({
      contactId: r.contact_id,
      siteId: r.site_id,
      role: r.role,
      displayName: displayNameOf({ firstName: r.first_name, lastName: r.last_name }),
      jobTitle: r.job_title,
      supplierName: r.supplier_name,
      phones: r.phones,
      emails: r.emails,
    }));
  }

  // ---------------------------------------------------------------- vCard

  async vcardOf(id: string): Promise<{ name: string; text: string }> {
    const contact = await this.store.get(this.contacts, id);
    return { name: contact.displayName, text: writeVcard(contact) };
  }

  /** The cards of every contact matching the list's filters (at most `max`), by name. */
  async exportVcards(query: ContactListQuery, max: number): Promise<string> {
    const cards: string[] = [];
    let cursor: string | undefined;
    const kind: RecordKind<ContactRow, ContactFields, string> = { ...this.rows, toRecord: (row) => writeVcard({ ...contactFields(row), supplierName: row.supplier_name }), readOne: undefined };
    do {
      const page = await this.store.page(kind, { ...query, ...(cursor ? { cursor } : {}), limit: 200 }, this.deleted(query.deleted));
      cards.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor && cards.length < max);
    return cards.slice(0, max).join('');
  }

  /**
   * A .vcf file's cards written as contacts in one transaction: a card whose UID is a live
   * contact's updates it (only what changed, in its history), the others are created (their UID
   * kept, or the new id). Nothing is written when a card is bad: 400 naming each bad card.
   */
  async importVcards(text: string): Promise<VcardImportResult> {
    const { cards, errors } = parseVcards(text);
    if (cards.length > VCARD_IMPORT_MAX_CARDS) throw ApiError.badRequest(VCARD_TOO_MANY, `${cards.length} cards, ${VCARD_IMPORT_MAX_CARDS} at most`);
    const { db, districtId } = this.scope;
    const { rows: suppliers } = await db.query<{ id: string; name: string }>('select id, name from suppliers where district_id = $1 and deleted_at is null', [districtId]);
    const supplierByName = new Map(suppliers.map((s) => [fold(s.name), s.id]));
    const planned: { card: number; fields: Omit<ContactFields, 'sites' | 'archived' | 'uid'> & { uid: string }; company: string }[] = [];
    for (const card of cards) {
      const fields = this.cardFields(card, supplierByName);
      const invalid = [...Value.Errors(ContactFieldsSchema, { ...fields, sites: [], archived: false })][0];
      if (invalid) errors.push(new VcardError(card.card, `${invalid.instancePath.slice(1) || 'card'} ${invalid.message}`));
      else planned.push({ card: card.card, fields, company: card.company });
    }
    const uids = planned.map((p) => p.fields.uid);
    if (new Set(uids).size !== uids.length) {
      const twice = uids.find((uid, i) => uids.indexOf(uid) !== i)!;
      errors.push(new VcardError(planned[uids.lastIndexOf(twice)]!.card, `UID "${twice.slice(0, 60)}" given twice`));
    }
    if (errors.length > 0) {
      errors.sort((a, b) => a.card - b.card);
      throw ApiError.badRequest(VCARD_INVALID, errors.slice(0, 20).map((e) => e.message).join('\n'));
    }
    const { rows: existing } = await db.query<{ id: string; uid: string; version: number }>(
      'select id, uid, version from contacts where district_id = $1 and uid = any($2::text[]) and deleted_at is null',
      [districtId, uids],
    );
    const byUid = new Map(existing.map((r) => [r.uid, r]));
    const result: VcardImportResult = { created: 0, updated: 0, unchanged: 0, ids: [] };
    for (const { fields, company } of planned) {
      const known = byUid.get(fields.uid);
      if (known) {
        // An ORG naming no supplier of the district leaves the company as it is.
        const changes: Partial<ContactFields> = { ...fields };
        if (company !== '' && fields.supplierId === null) delete changes.supplierId;
        const after = await this.store.update(this.contacts, known.id, { baseVersion: known.version, changes });
        result[after.version === known.version ? 'unchanged' : 'updated'] += 1;
        result.ids.push(known.id);
      } else {
        const id = fields.uid !== '' && isUuid(fields.uid) && !(await this.idTaken(fields.uid)) ? fields.uid.toLowerCase() : randomUUID();
        await this.store.create(this.contacts, id, { ...fields, uid: fields.uid || id, sites: [], archived: false });
        result.created += 1;
        result.ids.push(id);
      }
    }
    return result;
  }

  private async idTaken(id: string): Promise<boolean> {
    const { rows } = await this.scope.db.query('select 1 from contacts where id = $1', [id]);
    return rows.length > 0;
  }

  private cardFields(card: VcardContact, supplierByName: Map<string, string>) {
    let { firstName, lastName } = card;
    if (firstName === '' && lastName === '') {
      const words = card.fullName.split(/\s+/);
      lastName = words.length > 1 ? words.pop()! : words[0]!;
      firstName = words.length > 0 && words[0] !== lastName ? words.join(' ') : '';
    }
    return {
      firstName,
      lastName,
      jobTitle: card.jobTitle,
      supplierId: card.company === '' ? null : (supplierByName.get(fold(card.company)) ?? null),
      phones: card.phones,
      emails: card.emails,
      notes: card.notes,
      uid: card.uid,
    };
  }

  // ---------------------------------------------------------------- duplicates and merge

  /** Groups of live contacts sharing an e-mail (case aside) or a phone (normalised), e-mails first. */
  async duplicates(): Promise<DuplicateGroup[]> {
    const { rows: groups } = await this.scope.db.query<{ kind: 'email' | 'phone'; key: string; ids: string[] }>(
      `with keys as (
         select t.id, 'email' as kind, lower(e) as key from contacts t cross join unnest(t.emails) e where t.district_id = $1 and t.deleted_at is null
         union all
         select t.id, 'phone', ${PHONE_KEY(`p->>'number'`)} from contacts t cross join jsonb_array_elements(t.phones) p where t.district_id = $1 and t.deleted_at is null
       )
       select kind, key, array_agg(distinct id) as ids from keys where key <> '' group by kind, key having count(distinct id) > 1
        order by kind, key limit $2`,
      [this.scope.districtId, DUPLICATE_GROUPS_MAX],
    );
    const ids = [...new Set(groups.flatMap((g) => g.ids))];
    if (ids.length === 0) return [];
    const { rows } = await this.scope.db.query<ContactRow>(`${this.rows.select} where t.district_id = $1 and t.id = any($2::uuid[]) order by vigie_fold(t.name), t.id`, [this.scope.districtId, ids]);
    const contacts = await this.store.records(this.rows, rows);
    const seen = new Set<string>();
    const out: DuplicateGroup[] = [];
    for (const group of groups) {
      const set = [...group.ids].sort().join(',');
      if (seen.has(set)) continue;
      seen.add(set);
      out.push({ kind: group.kind, key: group.key, contacts: contacts.filter((c) => group.ids.includes(c.id)) });
    }
    return out;
  }

  /**
   * Merges the other contact into this one: its missing fields filled from the other, phones,
   * e-mails and site links united (deduplicated), then the other deleted (reversibly: a manager
   * restores it). Both histories say so (`mergedFrom`, `mergedInto`).
   */
  async merge(id: string, body: MergeBody): Promise<Contact> {
    if (id.toLowerCase() === body.otherId.toLowerCase()) throw ApiError.badRequest(MERGE_SELF, 'otherId');
    const { db, districtId } = this.scope;
    const lock = async (contactId: string) => {
      const { rows } = await db.query<ContactRow>(`${this.contacts.select} where t.id = $1 and t.district_id = $2 for update of t`, [contactId, districtId]);
      if (!rows[0]) throw ApiError.notFound(CONTACT_NOT_FOUND);
      return rows[0];
    };
    // Always in the same order, so two merges of the pair never wait on each other.
    const [a, b] = [id, body.otherId].sort();
    const locked = [await lock(a!), await lock(b!)];
    const kept = locked.find((r) => r.id === id.toLowerCase()) ?? locked[0]!;
    const other = locked.find((r) => r !== kept)!;
    for (const [row, version] of [[kept, body.baseVersion], [other, body.otherBaseVersion]] as const) {
      const current = () => this.store.get(this.contacts, row.id);
      if (row.version !== version) throw versionConflict(await current());
      if (row.deleted_at !== null) throw deletedRecord(await current());
    }
    const before = contactFields(kept);
    const from = contactFields(other);
    const fill = <K extends 'firstName' | 'lastName' | 'jobTitle' | 'notes'>(key: K) => (before[key] === '' ? from[key] : before[key]);
    const merged = this.contacts.clean!({
      ...before,
      firstName: fill('firstName'),
      lastName: fill('lastName'),
      jobTitle: fill('jobTitle'),
      notes: fill('notes'),
      supplierId: before.supplierId ?? from.supplierId,
      phones: [...before.phones, ...from.phones].slice(0, 10),
      emails: [...before.emails, ...from.emails].slice(0, 10),
      sites: [...before.sites, ...from.sites].slice(0, 100),
    });
    const changes = [...changesBetween(before, merged, this.contacts.historyFields), { field: 'mergedFrom', before: null, after: other.id }];
    const columns = Object.entries(this.contacts.columns(merged));
    const table = { table: 'contacts', module: CONTACT_MODULE };
    await writeVersion(this.scope, { ...table, id: kept.id, version: kept.version }, changes, {
      set: columns.map(([column], i) => `${column} = $${i + 4}`).join(', '),
      values: columns.map(([, value]) => value),
    });
    await writeVersion<{ deleted_at: Date }>(
      this.scope,
      { ...table, id: other.id, version: other.version },
      (written) => [
        { field: 'deletedAt', before: null, after: iso(written.deleted_at) },
        { field: 'mergedInto', before: null, after: kept.id },
      ],
      { set: 'deleted_at = now()', returning: 'deleted_at', action: 'delete' },
    );
    return this.store.get(this.contacts, kept.id);
  }
}
