/** A contract can carry a workflow (its approval): its name (_platform/workflow-targets.ts). */
import { contractPagePath } from '../../../../common/modules/contract/schemas.js';
import type { WorkflowTarget } from '../_platform/workflow-targets.js';

export const contractWorkflowTargets: WorkflowTarget[] = [
  {
    target: 'contract.contract',
    label: { fr: 'Contrat', en: 'Contract' },
    path: contractPagePath,
    read: async (db, districtId, id) => {
      const { rows } = await db.query<{ name: string }>('select name from contracts where id = $1 and district_id = $2 and deleted_at is null', [id, districtId]);
      return rows[0] ? { title: rows[0].name, assigneeId: null, siteManagerId: null } : null;
    },
  },
];
