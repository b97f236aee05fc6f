/** The addresses of the outside companies' screens (below /third-party-v2). */
import { shareItemsHref } from '../links/paths';

const ROOT = '/third-party-v2';
export const CURRENT_PATH = `${ROOT}/current`;
export const companiesHref = () => `${ROOT}/companies`;
export const companyHref = (id: string) => `${ROOT}/companies/${id}`;
export const companyEditHref = (id: string) => `${ROOT}/companies/${id}/edit`;
export const companyNewHref = () => `${ROOT}/companies/new`;
export const workerHref = (id: string) => `${ROOT}/workers/${id}`;
export const workerEditHref = (id: string) => `${ROOT}/workers/${id}/edit`;
export const workerNewHref = (companyId: string) => `${ROOT}/workers/new?companyId=${companyId}`;
export const interventionsHref = () => `${ROOT}/interventions`;
export const interventionHref = (id: string) => `${ROOT}/interventions/${id}`;
export const interventionEditHref = (id: string) => `${ROOT}/interventions/${id}/edit`;
export const interventionNewHref = (companyId?: string) => `${ROOT}/interventions/new${companyId ? `?companyId=${companyId}` : ''}`;
/** The links part's page making a share link of the plan for the company. */
export const sharePlanHref = (siteId: string, interventionId: string, email: string) => shareItemsHref(siteId, [{ kind: 'preventionPlan', id: interventionId }], email);
