/**
 * The companies part at the shell's start: its senders (sign-ins, sign-outs, signatures and the
 * kinds' writes, delivered from any page), its offline declaration (the companies, workers and
 * interventions with each one's sheet, who is on site now and the sites, so the register and its
 * pickers work offline on the site's phone), and who is on a site now on the site’s sheet and in the emergency dialog’s chosen site.
 */
import { getEnvelopeState } from '../../../lib/envelope-store';
import { registerKindsOffline } from '../../../lib/record-kind';
import { registerRecordPanel } from '../../../lib/record-panels';
import { can } from '../../../lib/rights';
import { COMPANIES_MODULE, companies, currentQueryOptions, interventions, presenceKeys, registerCompaniesSenders, sitesQueryOptions, workers } from './kinds';

export function startCompanies(): void {
  registerCompaniesSenders();
  const enabled = () => can(getEnvelopeState().rights, 'thirdPartyV2');
  registerKindsOffline(
    COMPANIES_MODULE,
    [
      companies.offlineDeclaration({ enabled }),
      workers.offlineDeclaration({ enabled }),
      interventions.offlineDeclaration({ enabled, records: true }),
      { persist: [presenceKeys.all], lists: () => [currentQueryOptions(), sitesQueryOptions()], enabled },
    ],
    enabled,
  );
  registerRecordPanel('sites', { id: 'thirdPartyV2.site-presence', order: 30, enabled, load: () => import('./components/SitePresencePanel').then((m) => m.SitePresencePanel) });
  // The emergency dialog's chosen site: who is there now, to account for everyone.
  registerRecordPanel('emergency-site', { id: 'thirdPartyV2.emergency-presence', order: 20, enabled, load: () => import('./components/SitePresencePanel').then((m) => m.SitePresencePanel) });
}
