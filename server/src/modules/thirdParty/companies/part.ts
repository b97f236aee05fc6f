/**
 * Third parties V2 (manifest thirdPartyV2, prefix third-party-v2): the outside companies working
 * on the district's sites, their workers, interventions, prevention plans and who is on site now.
 * Routes under /api/third-party (/companies, /workers, /interventions, /presence); the plans'
 * signature pictures are attachments of their signature records, which the signer owns (a
 * reader who signs attaches its own picture); a prevention plan may be shared by a link
 * (shareable kind `preventionPlan`).
 */
import { SIGNATURES_MODULE } from '../../../../../common/modules/thirdParty/companies.js';
import type { ModulePart } from '../../_platform/parts.js';
import { registerShareable } from '../../_platform/shareables.js';
import { registerWorkflowReference } from '../../_platform/workflow-targets.js';
import { COMPANIES_MODULES } from './repository.js';
import { companiesRoutes } from './routes.js';
import { seedCompanies } from './seed.js';
import { preventionPlanShareable } from './shareable.js';
import { companyWorkflowReference } from './workflow-reference.js';

registerShareable(preventionPlanShareable);
registerWorkflowReference(companyWorkflowReference);

export const companiesPart: ModulePart = {
  routes: companiesRoutes,
  seed: seedCompanies,
  attachments: { [SIGNATURES_MODULE]: { features: ['thirdPartyV2'], table: 'tp_plan_signatures', owners: ['created_by'] } },
  namedTables: [
    { table: 'tp_companies', name: 'name' },
    { table: 'tp_workers', name: 'name' },
    { table: 'tp_interventions', name: 'name' },
  ],
};

export { COMPANIES_MODULES };
