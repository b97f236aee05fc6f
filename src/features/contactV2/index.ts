/**
 * What the shell loads of Contacts before any Contacts screen opens: its kind's senders (writes
 * queued earlier are delivered from any page), its offline declaration (the first pages of
 * contacts with each one's sheet, and every site's emergency and fire safety contacts), and its
 * panels on other modules' screens through the platform's extension point (lib/record-panels.ts):
 * a site's contacts on the site's sheet, a site's emergency contacts in the emergency dialog, a
 * supplier's people on the supplier's sheet.
 * Requests and query options only; the panels' code loads when a host first shows them.
 */
import { getEnvelopeState } from '../../lib/envelope-store';
import { registerKindsOffline } from '../../lib/record-kind';
import { registerRecordPanel } from '../../lib/record-panels';
import { can } from '../../lib/rights';
import { CONTACT_MODULE, contacts, safetyContactsQueryOptions, siteContactsKeys } from './kinds';

export function startContactModule(): void {
  contacts.registerSenders();
  const enabled = () => can(getEnvelopeState().rights, 'contactV2');
  registerKindsOffline(
    CONTACT_MODULE,
    [contacts.offlineDeclaration({ enabled, records: true }), { persist: [siteContactsKeys.all], lists: () => [safetyContactsQueryOptions()], enabled }],
    enabled,
  );
  registerRecordPanel('sites', { id: 'contactV2.site-contacts', order: 10, enabled, load: () => import('./components/site-panels').then((m) => m.SiteContactsPanel) });
  registerRecordPanel('suppliers', { id: 'contactV2.supplier-contacts', order: 10, enabled, load: () => import('./components/site-panels').then((m) => m.SupplierContactsPanel) });
  registerRecordPanel('emergency-site', { id: 'contactV2.emergency-contacts', order: 10, enabled, load: () => import('./components/site-panels').then((m) => m.EmergencyContactsPanel) });
}
