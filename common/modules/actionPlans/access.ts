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
