/**
 * The outside companies' routes below /third-party-v2 (../routes.tsx). Guards and parameters
 * only; the pages come from the part's chunks (components/pages.tsx for readers,
 * components/manage-pages.tsx for managers).
 *
 *   /third-party-v2                                → current
 *   /third-party-v2/current                        who is on which site now; sign in, sign out (thirdPartyV2.read)
 *   /third-party-v2/companies[/$companyId]         the companies, a company's sheet with its workers
 *   /third-party-v2/workers/$workerId              a worker's sheet with the badge's QR code
 *   /third-party-v2/interventions[/$interventionId] the interventions, one with its prevention plan (fill, sign, share)
 *   …/new, …/$id/edit                              managers' forms (thirdPartyV2.admin)
 */
import { createRoute, redirect, type AnyRoute } from '@tanstack/react-router';
import { lazyPage } from '../../../lib/lazy-page';
import { DEFAULT_PAGE } from '../../../../common/constants';
import { getEnvelopeState } from '../../../lib/envelope-store';
import { can } from '../../../lib/rights';
import { CURRENT_PATH } from './paths';
import { refuseRights, uuidParams } from '../../../lib/route-guards';

const pages = () => import('./components/pages');
const managePages = () => import('./components/manage-pages');

/** Managers only: anyone else goes back to the register with the rights toast. */
function requireManager(): void {
  if (can(getEnvelopeState().rights, 'thirdPartyV2', 'manage')) return;
  refuseRights(['thirdPartyV2'], can(getEnvelopeState().rights, 'thirdPartyV2') ? CURRENT_PATH : DEFAULT_PAGE);
}

export function companiesChildren(prefix: AnyRoute) {
  const layout = createRoute({ getParentRoute: () => prefix, id: 'companies-layout', component: lazyPage(() => import('./components/CompaniesLayout'), 'CompaniesLayout') });
  type Pages = Awaited<ReturnType<typeof pages>>;
  type ManagePages = Awaited<ReturnType<typeof managePages>>;
  const read = (path: string, component: keyof Pages, params?: string) =>
    createRoute({ getParentRoute: () => layout, path, ...(params ? { params: uuidParams(params) } : {}), component: lazyPage(pages, component) });
  const manage = (path: string, component: keyof ManagePages, params?: string) =>
    createRoute({ getParentRoute: () => layout, path, ...(params ? { params: uuidParams(params) } : {}), beforeLoad: requireManager, component: lazyPage(managePages, component) });
  const index = createRoute({
    getParentRoute: () => prefix,
    path: '/',
    beforeLoad: () => {
      throw redirect({ href: CURRENT_PATH, replace: true });
    },
  });
  return [
    index,
    layout.addChildren([
      read('current', 'CurrentPage'),
      read('companies', 'CompaniesPage'),
      manage('companies/new', 'CompanyNewPage'),
      read('companies/$companyId', 'CompanyPage', 'companyId'),
      manage('companies/$companyId/edit', 'CompanyEditPage', 'companyId'),
      manage('workers/new', 'WorkerNewPage'),
      read('workers/$workerId', 'WorkerPage', 'workerId'),
      manage('workers/$workerId/edit', 'WorkerEditPage', 'workerId'),
      read('interventions', 'InterventionsPage'),
      manage('interventions/new', 'InterventionNewPage'),
      read('interventions/$interventionId', 'InterventionPage', 'interventionId'),
      manage('interventions/$interventionId/edit', 'InterventionEditPage', 'interventionId'),
    ]),
  ] as const;
}
