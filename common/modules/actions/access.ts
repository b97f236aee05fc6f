/**
 * What a member may do with actions, plans and action templates, from `can()` (common/rights.ts)
 * and the features of two manifests: Action plans (`actions`: the actions, `actionPlans`: the
 * plans) and Actions V3 (`actionsV3`: the same actions, `actionTemplates`: the templates). The
 * server's repository and the app's screens ask the same.
 *
 * Read rights are a field user's own work (MODULES.md "Records"): see the actions assigned to it
 * or created by it, start them, comment, add photos and close them with their proof. Manage
 * rights are everyone's actions: create and assign, edit, verify, cancel, reopen, delete.
 */
import { can } from '../../rights';
import { OPEN_STATUSES, type ActionStatus } from './statuses';

export interface ActionPowers {
  /** Works on its own actions (assigned to it or created by it). */
  own: boolean;
  /** Sees, creates, edits, assigns, verifies, cancels and deletes any action of the district. */
  manage: boolean;
  /** Sees the district's plans and their progress. */
  readPlans: boolean;
  /** Creates, edits and deletes plans. */
  managePlans: boolean;
  /** Sees the templates (to make an action from one). */
  readTemplates: boolean;
  /** Builds them. */
  manageTemplates: boolean;
}

export function actionPowers(rights: readonly string[]): ActionPowers {
  const manage = can(rights, 'actions', 'manage') || can(rights, 'actionsV3', 'manage');
  const own = manage || can(rights, 'actions', 'read') || can(rights, 'actionsV3', 'read');
  const managePlans = can(rights, 'actionPlans', 'manage');
  const manageTemplates = can(rights, 'actionTemplates', 'manage');
  return {
    own,
    manage,
    readPlans: managePlans || can(rights, 'actionPlans', 'read'),
    managePlans,
    readTemplates: manageTemplates || manage || can(rights, 'actionTemplates', 'read'),
    manageTemplates,
  };
}

/**
 * Why a photo of an action may not be deleted by the caller (null: it may). The server's
 * DELETE /api/attachments/:id asks this for an action's file (server/src/modules/actions/
 * photos.ts), the sheet shows the delete button where it answers null.
 * - `closed`: a done, verified or cancelled action keeps its photos, the proof it was closed
 *   with, whoever asks (a manager reopens it first, or sends it back); 423 on the server.
 * - `not_yours`: without the manage right, only the photos one added oneself (on one's own
 *   action: the assignee or its author); 403.
 * - `not_allowed`: no action right, or another member's action; the server answers 404 (the
 *   read right does not see others' actions).
 */
export type PhotoRefusal = 'closed' | 'not_yours' | 'not_allowed';

export interface PhotoDeletionCase {
  status: ActionStatus;
  assigneeId: string | null;
  createdById: string;
  /** Who added the photo. */
  uploaderId: string;
}

export function photoDeletionRefusal(powers: Pick<ActionPowers, 'own' | 'manage'>, action: PhotoDeletionCase, meId: string): PhotoRefusal | null {
  if (!powers.own) return 'not_allowed';
  if (!powers.manage && action.assigneeId !== meId && action.createdById !== meId) return 'not_allowed';
  if (!OPEN_STATUSES.includes(action.status)) return 'closed';
  if (!powers.manage && action.uploaderId !== meId) return 'not_yours';
  return null;
}

