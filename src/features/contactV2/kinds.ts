/**
 * The Contacts module's record kind on the app's generic record core (lib/record-kind.ts):
 * contacts (pages of 100), their queries, outbox writes, senders and offline copy; and a site's
 * contacts (its sheet's panel) and the district's safety contacts (emergency and fire safety, for
 * the emergency dialog offline), kept on the device with the module's copy.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Contact, ContactFields, ContactRow, SiteContact } from '../../../common/modules/contactV2/schemas';
import { apiGet } from '../../lib/api-client';
import { defineRecordKind } from '../../lib/record-kind';

export const CONTACT_MODULE = 'contactV2';

export const contacts = defineRecordKind<ContactFields, Contact, ContactRow>({
  module: CONTACT_MODULE,
  kind: 'contacts',
  path: 'contact-v2/contacts',
  pageSize: 100,
  fields: ['firstName', 'lastName', 'jobTitle', 'supplierId', 'phones', 'emails', 'notes', 'uid', 'sites', 'archived'],
});

/** The roles the emergency dialog offers (SAFETY_ROLES of the contract). */
const SAFETY = 'emergency,fireSafety';

export const siteContactsKeys = {
  all: [CONTACT_MODULE, 'siteContacts'] as const,
  site: (siteId: string) => [CONTACT_MODULE, 'siteContacts', 'site', siteId] as const,
  safety: () => [CONTACT_MODULE, 'siteContacts', 'safety'] as const,
};

/** One site's contacts, every role (its sheet's panel), kept for offline reading. */
export const siteContactsQueryOptions = (siteId: string) =>
  queryOptions({
    queryKey: siteContactsKeys.site(siteId),
    queryFn: ({ signal }) => apiGet<SiteContact[]>('contact-v2/site-contacts', { searchParams: { site: siteId }, signal }),
    staleTime: 60_000,
    meta: { offline: true },
  });

/** Every site's emergency and fire safety contacts: what the shell keeps for the emergency dialog. */
export const safetyContactsQueryOptions = () =>
  queryOptions({
    queryKey: siteContactsKeys.safety(),
    queryFn: ({ signal }) => apiGet<SiteContact[]>('contact-v2/site-contacts', { searchParams: { role: SAFETY }, signal }),
    staleTime: 5 * 60_000,
    meta: { offline: true },
  });

