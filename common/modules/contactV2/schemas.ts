/**
 * The Contacts module's API contract (routes under /api/contact-v2), written once: people (first
 * and last name, job title, their company: a supplier of common/modules/supplier, phones,
 * e-mails, notes, a stable vCard UID, archived), linked to sites with a role (a site's emergency
 * contact, its fire safety officer, its manager, other). Their vCard export and import (RFC 6350,
 * read by 3.0 readers too), the duplicates (a shared e-mail or phone) and their merge. Server
 * module: server/src/modules/contactV2/; screens: src/features/contactV2/.
 */
import Type, { type Static } from 'typebox';
import { CreateBody, ListQueryBase, Page, RecordMeta, UpdateBody, Uuid } from '../../schemas/platform';

export const CONTACT_NAME_MAX = 100;
export const CONTACT_TEXT_MAX = 200;
export const CONTACT_NOTES_MAX = 10_000;
export const CONTACT_PHONES_MAX = 10;
export const CONTACT_EMAILS_MAX = 10;
export const CONTACT_SITES_MAX = 100;
/** A vCard import's text at most (about 2,000 cards). */
export const VCARD_IMPORT_MAX_BYTES = 1_000_000;
/** Cards in one import at most. */
export const VCARD_IMPORT_MAX_CARDS = 2_000;
/** Contacts in one vCard export at most. */
export const VCARD_EXPORT_MAX = 20_000;

export const ContactRole = Type.Union([Type.Literal('emergency'), Type.Literal('fireSafety'), Type.Literal('manager'), Type.Literal('other')]);
export type ContactRole = Static<typeof ContactRole>;
export const CONTACT_ROLES = ['emergency', 'fireSafety', 'manager', 'other'] as const satisfies readonly ContactRole[];

export const PhoneType = Type.Union([Type.Literal('mobile'), Type.Literal('work')]);
export type PhoneType = Static<typeof PhoneType>;
export const PHONE_TYPES = ['mobile', 'work'] as const satisfies readonly PhoneType[];

export const ContactPhone = Type.Object({ type: PhoneType, number: Type.String({ minLength: 1, maxLength: 40, pattern: '^[0-9+() .\\-]+$' }) }, { additionalProperties: false });
export type ContactPhone = Static<typeof ContactPhone>;
export const ContactEmail = Type.String({ minLength: 3, maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' });
export const ContactSiteLink = Type.Object({ siteId: Uuid, role: ContactRole }, { additionalProperties: false });
export type ContactSiteLink = Static<typeof ContactSiteLink>;

const Name = Type.String({ maxLength: CONTACT_NAME_MAX });

export const ContactFields = Type.Object(
  {
    firstName: Name,
    lastName: Name,
    jobTitle: Type.String({ maxLength: CONTACT_TEXT_MAX }),
    /** The company: a supplier of the district, or none (an employee of the district's client). */
    supplierId: Type.Union([Uuid, Type.Null()]),
    phones: Type.Array(ContactPhone, { maxItems: CONTACT_PHONES_MAX }),
    emails: Type.Array(ContactEmail, { maxItems: CONTACT_EMAILS_MAX }),
    notes: Type.String({ maxLength: CONTACT_NOTES_MAX }),
    /** The vCard UID, stable across exports and imports (default: the contact's id). */
    uid: Type.String({ maxLength: 200 }),
    /** Its sites and its role on each (a site may appear once per role). */
    sites: Type.Array(ContactSiteLink, { maxItems: CONTACT_SITES_MAX }),
    archived: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type ContactFields = Static<typeof ContactFields>;
export const CONTACT_FIELDS = ['firstName', 'lastName', 'jobTitle', 'supplierId', 'phones', 'emails', 'notes', 'uid', 'sites', 'archived'] as const satisfies readonly (keyof ContactFields)[];

/** POST /api/contact-v2/contacts (Idempotency-Key): a first or a last name is required (400 contactV2.name_required). */
export const ContactCreate = CreateBody(ContactFields, []);
export type ContactCreate = Static<typeof ContactCreate>;
export const ContactUpdate = UpdateBody(Type.Partial(ContactFields, { additionalProperties: false, minProperties: 1 }));
export type ContactUpdate = Static<typeof ContactUpdate>;

export const Contact = Type.Object({
  ...RecordMeta.properties,
  ...ContactFields.properties,
  /** "First Last", as a sheet shows it. */
  displayName: Type.String(),
  supplierName: Type.Union([Type.String(), Type.Null()]),
  /** Its sites' names, by id. */
  siteNames: Type.Record(Type.String(), Type.String()),
});
export type Contact = Static<typeof Contact>;

/** A row of the list: the name, the company, the phones and e-mails, its roles. */
export const ContactRow = Type.Object({
  ...RecordMeta.properties,
  displayName: Type.String(),
  jobTitle: Type.String(),
  supplierId: Type.Union([Uuid, Type.Null()]),
  supplierName: Type.Union([Type.String(), Type.Null()]),
  phones: Type.Array(ContactPhone),
  emails: Type.Array(Type.String()),
  roles: Type.Array(ContactRole),
  archived: Type.Boolean(),
});
export type ContactRow = Static<typeof ContactRow>;
export const ContactPage = Page(ContactRow);

export const ContactListQuery = Type.Object(
  {
    ...ListQueryBase,
    /** Supplier ids, comma-separated. */
    supplier: Type.Optional(Type.String({ maxLength: 2000 })),
    /** Site ids, comma-separated: contacts linked to one of them. */
    site: Type.Optional(Type.String({ maxLength: 2000 })),
    /** Roles, comma-separated: contacts with one of them (on `site` when given). */
    role: Type.Optional(Type.String({ maxLength: 100 })),
    archived: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
    deleted: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
  },
  { additionalProperties: false },
);
export type ContactListQuery = Static<typeof ContactListQuery>;

/** A site's contact as its sheet and the emergency dialog show it. */
export const SiteContact = Type.Object({
  contactId: Uuid,
  siteId: Uuid,
  role: ContactRole,
  displayName: Type.String(),
  jobTitle: Type.String(),
  supplierName: Type.Union([Type.String(), Type.Null()]),
  phones: Type.Array(ContactPhone),
  emails: Type.Array(Type.String()),
});
export type SiteContact = Static<typeof SiteContact>;
/** GET /api/contact-v2/site-contacts: one site's contacts, or the district's of some roles (the offline copy of the safety contacts). */
export const SiteContactsQuery = Type.Object({ site: Type.Optional(Uuid), role: Type.Optional(Type.String({ maxLength: 100 })) }, { additionalProperties: false });
export const SITE_CONTACTS_MAX = 5_000;
/** The roles the emergency dialog offers, kept offline for every site. */
export const SAFETY_ROLES = ['emergency', 'fireSafety'] as const satisfies readonly ContactRole[];

/** POST /api/contact-v2/import: the .vcf text. */
export const VcardImportBody = Type.Object({ vcf: Type.String({ minLength: 1, maxLength: VCARD_IMPORT_MAX_BYTES }) }, { additionalProperties: false });
export const VcardImportResult = Type.Object({
  created: Type.Integer({ minimum: 0 }),
  updated: Type.Integer({ minimum: 0 }),
  unchanged: Type.Integer({ minimum: 0 }),
  ids: Type.Array(Uuid),
});
export type VcardImportResult = Static<typeof VcardImportResult>;

/** A group of live contacts sharing an e-mail or a (normalised) phone. */
export const DuplicateGroup = Type.Object({
  /** The shared value (an e-mail in lower case; a phone's digits, +33 as 0). */
  key: Type.String(),
  kind: Type.Union([Type.Literal('email'), Type.Literal('phone')]),
  contacts: Type.Array(ContactRow),
});
export type DuplicateGroup = Static<typeof DuplicateGroup>;
export const DUPLICATE_GROUPS_MAX = 200;

/** POST /api/contact-v2/contacts/:id/merge: the other contact merged into this one, then deleted (reversibly). */
export const MergeBody = Type.Object({ baseVersion: Type.Integer({ minimum: 1 }), otherId: Uuid, otherBaseVersion: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
export type MergeBody = Static<typeof MergeBody>;

/** A phone as duplicates compare it: its digits, a French +33 / 0033 as 0. */
export function normalisePhone(number: string): string {
  let digits = number.replace(/[^\d+]/g, '');
  if (digits.startsWith('+33')) digits = `0${digits.slice(3)}`;
  else if (digits.startsWith('0033')) digits = `0${digits.slice(4)}`;
  digits = digits.replace(/\D/g, '');
  // "+33 (0)6 12 34 56 78", written with the national 0 kept.
  return /^00\d{9}$/.test(digits) ? digits.slice(1) : digits;
}

/** "First Last" (or whichever is given). */
export const displayNameOf = (c: { firstName: string; lastName: string }): string => [c.firstName, c.lastName].filter((s) => s.trim() !== '').join(' ');
