/**
 * The tc route subtree (the manifest's prefix `tc`), registered by the app's route table:
 *
 *   /tc          the current terms of use and privacy notice, the caller's acceptance (every signed-in user)
 *   /tc/editor   an operator publishes a new version (operatorAdmin)
 *   /tc/audit    the audit log of administrative acts, read only, CSV (admin: its district; operatorAdmin: everything)
 *
 * The terms are also readable without a session at /api/tcPublic/current (the server's public read).
 */
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { lazyPage } from '../../lib/lazy-page';
import { getEnvelopeState } from '../../lib/envelope-store';
import { i18n } from '../../lib/i18n';
import { can } from '../../lib/rights';
import { refuseRights } from '../../lib/route-guards';

const pages = () => import('./components/pages');

function requireAny(features: readonly ('admin' | 'operatorAdmin')[]): void {
  const rights = getEnvelopeState().rights;
  if (features.some((feature) => can(rights, feature))) return;
  refuseRights(features.map((f) => (f === 'admin' ? 'district' : 'opteamum')));
}

export function tcRoutes(parent: AnyRoute) {
  const tc = createRoute({
    getParentRoute: () => parent,
    path: 'tc',
    loader: () => i18n.loadNamespaces(['tc', 'components']),
  });
  const index = createRoute({ getParentRoute: () => tc, path: '/', component: lazyPage(pages, 'TcPage') });
  const editor = createRoute({
    getParentRoute: () => tc,
    path: 'editor',
    beforeLoad: () => requireAny(['operatorAdmin']),
    component: lazyPage(pages, 'TcEditorPage'),
  });
  const audit = createRoute({
    getParentRoute: () => tc,
    path: 'audit',
    beforeLoad: () => requireAny(['admin', 'operatorAdmin']),
    component: lazyPage(pages, 'TcAuditPage'),
  });
  return tc.addChildren([index, editor, audit]);
}
