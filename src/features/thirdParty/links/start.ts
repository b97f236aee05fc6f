/**
 * The links part at the shell's start: its senders (a link made offline is delivered from any
 * page) and its "Share" entry on a site's sheet (host `sites`, loaded with its own chunk).
 */
import { getEnvelopeState } from '../../../lib/envelope-store';
import { registerRecordPanel } from '../../../lib/record-panels';
import { can } from '../../../lib/rights';
import { registerLinkSenders } from './api';

export function startLinks(): void {
  registerLinkSenders();
  const enabled = () => can(getEnvelopeState().rights, 'thirdParty', 'read');
  registerRecordPanel('sites', { id: 'thirdParty.site-links', order: 60, enabled, load: () => import('./components/SiteLinksPanel').then((m) => m.SiteLinksPanel) });
}
