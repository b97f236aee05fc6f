/**
 * An outside company as a workflow's field names it (_platform/workflow-targets.ts, kind
 * `thirdPartyV2.company`): the work permit for an outside company names a company of the
 * district's register, not a free text. A company of another district, or deleted, is null.
 */
import type { Queryable } from '../../../db/types.js';
import type { WorkflowReference } from '../../_platform/workflow-targets.js';

export const COMPANY_REFERENCE = 'thirdPartyV2.company';

export const companyWorkflowReference: WorkflowReference = {
  kind: COMPANY_REFERENCE,
  read: async (db: Queryable, districtId: string, id: string) => {
    const { rows } = await db.query<{ name: string }>('select name from tp_companies where id = $1 and district_id = $2 and deleted_at is null', [id, districtId]);
    return rows[0] ? { title: rows[0].name } : null;
  },
};
