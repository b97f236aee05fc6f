/**
 * The actions' route guards, shared by the two modules that show them (Action plans, Actions
 * V3): each asks a power of access.ts (the same `can()` as the server's guards, the menu and
 * the buttons); refused, spec section 8's requiredPermissions toast, then away.
 */
import { redirect } from '@tanstack/react-router';
import { actionPowers, type ActionPowers } from '../../../common/modules/actions/access';
import type { Feature } from '../../../common/rights';
import { appTranslate, applyOutcome } from '../../lib/catalogue-effects';
import { getEnvelopeState } from '../../lib/envelope-store';
import { catalogueOutcome } from '../../lib/error-catalogue';

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
  applyOutcome(catalogueOutcome({ kind: 'error', status: 403, body: { message: 'auth.missing_rights', requiredPermissions: [FEATURE_OF[power]] } }, appTranslate));
  throw redirect({ href: away, replace: true });
}
