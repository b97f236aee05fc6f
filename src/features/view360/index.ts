/**
 * What the shell loads of the 360 module before any of its screens opens: its senders (writes
 * queued earlier are delivered from any page), the watch that marks a finding reported from a
 * panorama, and its panels on other modules' screens (lib/record-panels.ts): the tour on a
 * site's sheet, a record's markers on its sheet (a declaration's, an action's, an equipment's, a
 * document's: MARKER_HOSTS). Their code loads when shown.
 */
import type { MarkerKind } from '../../../common/modules/view360/schemas';
import { getEnvelopeState } from '../../lib/envelope-store';
import { registerRecordPanel } from '../../lib/record-panels';
import { can } from '../../lib/rights';
import { watchReports } from './report';
import { registerView360Senders } from './writes';

/** The sheet (record-panels host) of each kind of record a marker points to, where its markers are listed. */
export const MARKER_HOSTS: Readonly<Record<Exclude<MarkerKind, 'note'>, string>> = { declaration: 'declarations', action: 'actions', equipment: 'equipment', file: 'documents' };

export function startView360Module(): void {
  registerView360Senders();
  watchReports();
  const enabled = () => can(getEnvelopeState().rights, 'sites', 'read');
  registerRecordPanel('sites', { id: 'view360.site-tour', order: 5, enabled, load: () => import('./components/panels').then((m) => m.SiteTourPanel) });
  for (const [kind, host] of Object.entries(MARKER_HOSTS) as [MarkerKind, string][]) {
    registerRecordPanel(host, { id: `view360.${kind}-markers`, order: 20, enabled, load: () => import('./components/panels').then((m) => m.markersPanel(kind)) });
  }
}
