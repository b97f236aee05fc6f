/**
 * What the shell loads of 2D plans before any plan opens: its writes' senders (writes queued
 * earlier are delivered from any page), the site sheet's panel (every sites reader sees the
 * site's plans there), its offline declaration (the plans and pins opened are kept) and the
 * watch that pins a declaration reported from a plan.
 */
import { getEnvelopeState } from '../../lib/envelope-store';
import { registerOfflineData } from '../../lib/offline-declarations';
import { registerRecordPanel } from '../../lib/record-panels';
import { can } from '../../lib/rights';
import { PLAN2D_MODULE, plan2dKeys, registerPlan2dSenders } from './api';
import { watchReportedDeclarations } from './report-tap';

export function startPlan2dModule(): void {
  registerPlan2dSenders();
  const readsSites = () => can(getEnvelopeState().rights, 'sites');
  registerOfflineData({ module: PLAN2D_MODULE, persist: [plan2dKeys.all], lists: () => [], enabled: readsSites });
  registerRecordPanel('sites', { id: 'plan2d.site-plans', order: 15, enabled: readsSites, load: () => import('./components/SitePlansPanel').then((m) => m.SitePlansPanel) });
  watchReportedDeclarations();
}
