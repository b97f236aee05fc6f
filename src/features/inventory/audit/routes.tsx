/**
 * The scans', labels' and audits' routes below /inventory-v2 (../routes.tsx), each page lazily
 * loaded: the scanner and its decoder are never in the entry.
 *
 *   /inventory-v2/scan               scan a code (opens the item, or offers to create it)
 *   /inventory-v2/labels             print a sheet of QR labels (managers; ?ids=… or ?siteId=&room=)
 *   /inventory-v2/audits             the audits, and starting one
 *   /inventory-v2/audits/$auditId    one audit
 */
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { lazyPage } from '../../../lib/lazy-page';
import { getEnvelopeState } from '../../../lib/envelope-store';
import { can } from '../../../lib/rights';
import { isUuid } from '../../../../common/uuid';
import { refuseRights } from '../../../lib/route-guards';

const pages = () => import('./components/pages');

/** Labels are a manager's: inventoryV2.admin, or the inventory's admin rights. */
function requireLabels(): void {
  const rights = getEnvelopeState().rights;
  if (can(rights, 'inventoryV2', 'manage') || can(rights, 'inventory', 'manage')) return;
  refuseRights(['inventoryV2'], '/inventory-v2/scan');
}

export function auditRoutes(prefix: AnyRoute) {
  const scan = createRoute({ getParentRoute: () => prefix, path: 'scan', component: lazyPage(pages, 'ScanPage') });
  const labels = createRoute({
    getParentRoute: () => prefix,
    path: 'labels',
    beforeLoad: () => requireLabels(),
    component: lazyPage(() => import('./components/labels-page'), 'LabelsPage'),
  });
  const audits = createRoute({ getParentRoute: () => prefix, path: 'audits', component: lazyPage(pages, 'AuditsPage') });
  const audit = createRoute({
    getParentRoute: () => prefix,
    path: 'audits/$auditId',
    params: { parse: (raw: { auditId: string }) => (isUuid(raw.auditId) ? { auditId: raw.auditId.toLowerCase() } : false) },
    component: lazyPage(pages, 'AuditPage'),
  });
  return [scan, labels, audits, audit] as const;
}
