/**
 * The contacts' export and import (_platform/transfer.ts; the import/export module runs them):
 * the list's records with its filters (search, company, site, role, archived) as rows, read
 * through the record core as the list reads them; and contacts created or updated from a file's
 * rows through the record core (each contact's history written). The company is given by the
 * name of a live supplier of the district; the e-mail and the phones of a row are the contact's
 * first e-mail, first mobile and first work phone (an update replaces those and keeps the others).
 */
import { CONTACT_NAME_MAX, CONTACT_NOTES_MAX, CONTACT_TEXT_MAX, type ContactFields, type ContactPhone } from '../../../../common/modules/contactV2/schemas.js';
import { RecordStore, type RecordKind } from '../_platform/record-kind.js';
import type { RecordScope } from '../_platform/records.js';
import type { Cell, ImportValues, ImportWriter, ModuleExport, ModuleImport } from '../_platform/transfer.js';
import { CONTACT_MODULE, ContactRepository, MANAGERS_ONLY, type ContactRow } from './repository.js';

const ROLE_WORDS: Record<string, string> = { emergency: 'urgence', fireSafety: 'sécurité incendie', manager: 'responsable', other: 'autre' };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[0-9+() .-]+$/;

const firstPhone = (phones: readonly ContactPhone[], type: ContactPhone['type']) => phones.find((p) => p.type === type)?.number ?? null;

export const CONTACTS_EXPORT: ModuleExport = {
  name: 'contacts',
  feature: 'contactV2',
  label: { fr: 'Contacts', en: 'Contacts' },
  lists: ['/contact-v2/contacts'],
  columns: [
    { key: 'lastName', label: { fr: 'Nom', en: 'Last name' } },
    { key: 'firstName', label: { fr: 'Prénom', en: 'First name' } },
    { key: 'jobTitle', label: { fr: 'Fonction', en: 'Job title' } },
    { key: 'company', label: { fr: 'Entreprise', en: 'Company' } },
    { key: 'email', label: { fr: 'E-mail', en: 'Email' } },
    { key: 'mobile', label: { fr: 'Mobile', en: 'Mobile' } },
    { key: 'workPhone', label: { fr: 'Téléphone fixe', en: 'Work phone' } },
    { key: 'otherEmails', label: { fr: 'Autres e-mails', en: 'Other emails' } },
    { key: 'roles', label: { fr: 'Rôles', en: 'Roles' } },
    { key: 'archived', label: { fr: 'Archivé', en: 'Archived' } },
    { key: 'updatedAt', label: { fr: 'Modifié le', en: 'Updated' } },
  ],
  filters: ['search', 'supplier', 'site', 'role', 'archived'],
  rows: async (db, districtId, filters, limit, control) => {
    const repo = new ContactRepository({ db, control, districtId, actor: { id: '00000000-0000-0000-0000-000000000000' } }, false);
    const kind: RecordKind<ContactRow, ContactFields, Cell[]> = {
      ...repo.contacts,
      readOne: undefined,
      toRecord: (r) => [
        r.last_name,
        r.first_name,
        r.job_title,
        r.supplier_name,
        r.emails[0] ?? null,
        firstPhone(r.phones, 'mobile'),
        firstPhone(r.phones, 'work'),
        r.emails.slice(1).join(', '),
        r.roles.map((role) => ROLE_WORDS[role] ?? role).join(', '),
        r.archived ? 'oui' : 'non',
        new Date(r.updated_at).toISOString(),
      ],
    };
    const rows: Cell[][] = [];
    let cursor: string | undefined;
    do {
      const page = await repo.store.page(kind, { ...filters, ...(cursor ? { cursor } : {}), limit: 200 }, RecordStore.deletedFilter(undefined, false, MANAGERS_ONLY));
      rows.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor && rows.length < limit);
    return rows.slice(0, limit);
  },
};

const text = (v: ImportValues, key: string) => (typeof v[key] === 'string' ? (v[key]) : '');
const fold = (name: string) => name.trim().toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/** The first e-mail, mobile and work phone replaced by a row's (empty: removed), the others kept. */
function merged(before: Pick<ContactFields, 'emails' | 'phones'>, v: ImportValues, changed: (key: string) => boolean): Pick<ContactFields, 'emails' | 'phones'> {
  let emails = before.emails;
  if (changed('email')) {
    const email = text(v, 'email');
    const rest = emails.slice(1).filter((e) => e.toLowerCase() !== email.toLowerCase());
    emails = email ? [email, ...rest] : rest;
  }
  let phones = before.phones;
  for (const [key, type] of [['mobile', 'mobile'], ['workPhone', 'work']] as const) {
    if (!changed(key)) continue;
    const at = phones.findIndex((p) => p.type === type);
    const number = text(v, key);
    const next = [...phones];
    if (at >= 0 && number) next[at] = { type, number };
    else if (at >= 0) next.splice(at, 1);
    else if (number) next.push({ type, number });
    phones = next;
  }
  return { emails, phones };
}

function contactsWriter(scope: RecordScope): ImportWriter {
  const repo = new ContactRepository(scope, true);
  let suppliers: Map<string, { id: string; name: string }> | null = null;
  const supplierNamed = async (name: string) => {
    if (!suppliers) {
      const { rows } = await scope.db.query<{ id: string; name: string }>('select id, name from suppliers where district_id = $1 and deleted_at is null', [scope.districtId]);
      suppliers = new Map(rows.map((r) => [fold(r.name), r]));
    }
    return suppliers.get(fold(name)) ?? null;
  };
  const supplierOf = async (v: ImportValues) => {
    const name = text(v, 'company');
    return name ? ((await supplierNamed(name))?.id ?? null) : null;
  };
  return {
    current: async (ids) => {
      const { rows } = await scope.db.query<{ id: string; version: number; first_name: string; last_name: string; job_title: string; supplier_name: string | null; emails: string[]; phones: ContactPhone[]; notes: string }>(
        `select t.id, t.version, t.first_name, t.last_name, t.job_title, t.emails, t.phones, t.notes, (select s.name from suppliers s where s.id = t.supplier_id) as supplier_name
           from contacts t where t.district_id = $1 and t.deleted_at is null and t.id = any($2::uuid[])`,
        [scope.districtId, ids],
      );
      const blank = (s: string | null | undefined) => (s ? s : null);
      return new Map(
        rows.map((r) => [
          r.id,
          {
            version: r.version,
            values: {
              lastName: blank(r.last_name),
              firstName: blank(r.first_name),
              jobTitle: blank(r.job_title),
              company: r.supplier_name,
              email: r.emails[0] ?? null,
              mobile: firstPhone(r.phones, 'mobile'),
              workPhone: firstPhone(r.phones, 'work'),
              notes: blank(r.notes),
            },
          },
        ]),
      );
    },
    check: async (v) => {
      if (text(v, 'lastName') === '' && text(v, 'firstName') === '') return { reason: 'importExport.reasons.name_required', field: 'lastName' };
      const email = text(v, 'email');
      if (email && (!EMAIL.test(email) || email.length > 254)) return { reason: 'importExport.reasons.invalid_email', field: 'email' };
      for (const key of ['mobile', 'workPhone']) {
        const phone = text(v, key);
        if (phone && !PHONE.test(phone)) return { reason: 'importExport.reasons.invalid_phone', field: key };
      }
      const company = text(v, 'company');
      if (company) {
        // The district's spelling, so a file naming it in another case is unchanged.
        const supplier = await supplierNamed(company);
        if (!supplier) return { reason: 'importExport.reasons.unknown_company', field: 'company' };
        v.company = supplier.name;
      }
      return null;
    },
    create: async (rows) => {
      for (const row of rows) {
        const v = row.values;
        await repo.store.create(repo.contacts, row.id, {
          ...(repo.contacts.defaults as ContactFields),
          firstName: text(v, 'firstName'),
          lastName: text(v, 'lastName'),
          jobTitle: text(v, 'jobTitle'),
          supplierId: await supplierOf(v),
          notes: text(v, 'notes'),
          uid: row.id,
          ...merged({ emails: [], phones: [] }, v, () => true),
        });
      }
    },
    update: async (id, version, changes) => {
      const before = await repo.store.get(repo.contacts, id);
      const has = (key: string) => key in changes;
      const next: Partial<ContactFields> = {};
      if (has('firstName')) next.firstName = text(changes, 'firstName');
      if (has('lastName')) next.lastName = text(changes, 'lastName');
      if (has('jobTitle')) next.jobTitle = text(changes, 'jobTitle');
      if (has('notes')) next.notes = text(changes, 'notes');
      if (has('company')) next.supplierId = await supplierOf(changes);
      if (has('email') || has('mobile') || has('workPhone')) Object.assign(next, merged(before, changes, has));
      await repo.store.update(repo.contacts, id, { baseVersion: version, changes: next });
    },
  };
}

export const CONTACTS_IMPORT: ModuleImport = {
  name: 'contacts',
  feature: 'contactV2',
  label: { fr: 'Contacts', en: 'Contacts' },
  module: CONTACT_MODULE,
  fields: [
    { key: 'lastName', label: { fr: 'Nom', en: 'Last name' }, type: 'text', max: CONTACT_NAME_MAX, aliases: ['nom de famille', 'surname', 'family name'] },
    { key: 'firstName', label: { fr: 'Prénom', en: 'First name' }, type: 'text', max: CONTACT_NAME_MAX, aliases: ['prenom', 'given name'] },
    { key: 'jobTitle', label: { fr: 'Fonction', en: 'Job title' }, type: 'text', max: CONTACT_TEXT_MAX, aliases: ['poste', 'titre', 'title', 'role'] },
    { key: 'company', label: { fr: 'Entreprise', en: 'Company' }, type: 'text', max: CONTACT_TEXT_MAX, aliases: ['societe', 'fournisseur', 'supplier', 'organisation', 'organization'] },
    { key: 'email', label: { fr: 'E-mail', en: 'Email' }, type: 'text', max: 254, aliases: ['courriel', 'mail', 'adresse e-mail', 'e-mail address'] },
    { key: 'mobile', label: { fr: 'Mobile', en: 'Mobile' }, type: 'text', max: 40, aliases: ['portable', 'telephone mobile', 'mobile phone', 'gsm'] },
    { key: 'workPhone', label: { fr: 'Téléphone fixe', en: 'Work phone' }, type: 'text', max: 40, aliases: ['telephone', 'tel', 'phone', 'fixe', 'bureau'] },
    { key: 'notes', label: { fr: 'Notes', en: 'Notes' }, type: 'text', max: CONTACT_NOTES_MAX, aliases: ['remarques', 'commentaire'] },
  ],
  writer: contactsWriter,
};

