/** A declaration can carry a workflow (its closure approval): its title and assignee (_platform/workflow-targets.ts). */
import type { WorkflowTarget } from '../_platform/workflow-targets.js';

export const declarationWorkflowTargets: WorkflowTarget[] = [
  {
    target: 'declarations.declaration',
    label: { fr: 'Déclaration', en: 'Declaration' },
    path: (id) => `/declarations/${id}`,
    read: async (db, districtId, id) => {
      const { rows } = await db.query<{ title: string; assignee_id: string | null }>(
        'select title, assignee_id from declarations where id = $1 and district_id = $2 and deleted_at is null',
        [id, districtId],
      );
      const row = rows[0];
      return row ? { title: row.title, assigneeId: row.assignee_id, siteManagerId: null } : null;
    },
  },
];
