/**
 * The actions' route guards, shared by the two modules that show them (Action plans, Actions
 * V3): each asks a power of access.ts (the same `can()` as the server's guards, the menu and
 * the buttons); refused, spec section 8's requiredPermissions toast, then away.
 */
import { actionPowers, type ActionPowers } from '../../../common/modules/actions/access';
import type { Feature } from '../../../common/rights';
import { getEnvelopeState } from '../../lib/envelope-store';
import { refuseRights } from '../../lib/route-guards';

export const powers = (): ActionPowers => actionPowers(getEnvelopeState().rights);

/** The feature a refused power names in the toast. */
const FEATURE_OF: Record<keyof ActionPowers, Feature> = {
  own: 'actions',
  manage: 'actions',
  readPlans: 'actionPlans',
  managePlans: 'actionPlans',
  readTemplates: 'actionTemplates',
  manageTemplates: 'actionTemplates',
};

export function requirePower(power: keyof ActionPowers, away: string): void {
  if (powers()[power]) return;
  refuseRights([FEATURE_OF[power]], away);
}
