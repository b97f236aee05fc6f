/**
 * Who deletes which photo of an action (DELETE /api/attachments/:id, for the module `actions`):
 * the rule is common/modules/actions/access.ts's photoDeletionRefusal, the one the sheet's
 * delete button asks. Called by the attachments route (ATTACHMENT_MODULES.actions.beforeDelete)
 * once the file is found and the module's right checked.
 */
import { actionPowers, photoDeletionRefusal } from '../../../../common/modules/actions/access.js';
import type { ActionStatus } from '../../../../common/modules/actions/schemas.js';
import type { Queryable } from '../../db/types.js';
import { ApiError } from '../../lib/errors.js';

/** 423: the action is closed, its photos are its proof. */
export const PROOF_KEPT = 'actions.proof_kept';

export async function checkPhotoDeletion(
  db: Queryable,
  where: { districtId: string; recordId: string; accountId: string; uploaderId: string; rights: readonly string[] },
): Promise<void> {
  const { rows } = await db.query<{ status: ActionStatus; assignee_id: string | null; created_by: string }>(
    'select status, assignee_id, created_by from actions where id = $1 and district_id = $2',
    [where.recordId, where.districtId],
  );
  const action = rows[0];
  // A photo uploaded for an action not written yet (made offline with it): nothing to keep yet.
  if (action === undefined) return;
  const refusal = photoDeletionRefusal(
    actionPowers(where.rights),
    { status: action.status, assigneeId: action.assignee_id, createdById: action.created_by, uploaderId: where.uploaderId },
    where.accountId,
  );
  if (refusal === 'closed') throw new ApiError(423, { message: PROOF_KEPT });
  if (refusal === 'not_yours') throw ApiError.forbidden('attachments.not_yours');
  if (refusal === 'not_allowed') throw ApiError.notFound('attachments.not_found');
}
