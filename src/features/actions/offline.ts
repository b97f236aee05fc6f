/**
 * What a field user works on without a network (MODULES.md "Reads, offline"), as the module's
 * offline declaration (lib/offline-reads.ts runs it after login, at idle moments and on
 * reconnect): its open actions ("My actions", to do and in progress) with the sheet of each,
 * the templates for those who may read them and the site picker's first choices; and, for
 * whoever reads plans, the plans list with the sheet and actions of its first plans; persisted
 * in IndexedDB under the 'actions' keys. The actions' declaration serves both modules (they show
 * the same actions).
 */
import type { InfiniteData } from '@tanstack/react-query';
import { actionPowers } from '../../../common/modules/actions/access';
import type { ActionSummary, PlanSummary } from '../../../common/modules/actions/schemas';
import type { Page } from '../../../common/schemas/platform';
import { getEnvelopeState } from '../../lib/envelope-store';
import { registerOfflineData, type AnyFetchOptions, type OfflineDeclaration } from '../../lib/offline-declarations';
import { actionsKeys } from './api/keys';
import { actionQueryOptions, actionsListQueryOptions, planActionsQueryOptions, planQueryOptions, plansQueryOptions, siteChoicesQueryOptions, templatesQueryOptions } from './api/reads';
import { OPEN_FILTER, type ActionListSearch } from './search';

/** The sheets kept: the caller's open actions, overdue and soonest due first. */
export const OFFLINE_ACTIONS_MAX = 100;
/** "My actions", open ones: the list the offline copy keeps (the list's own default view is all of mine). */
export const MY_OPEN_ACTIONS: ActionListSearch = { status: OPEN_FILTER };

export const ACTIONS_OFFLINE: OfflineDeclaration = {
  module: 'actions',
  persist: [actionsKeys.all],
  lists: () => [
    { ...actionsListQueryOptions(MY_OPEN_ACTIONS), pages: 1 } as unknown as AnyFetchOptions,
    { ...actionsListQueryOptions({}), pages: 1 } as unknown as AnyFetchOptions,
    ...(actionPowers(getEnvelopeState().rights).readTemplates ? [templatesQueryOptions()] : []),
    // The site picker's first choices: a new action's site offline (lib/site-choices.ts).
    siteChoicesQueryOptions(''),
  ],
  records: ([open]) =>
    ((open as InfiniteData<Page<ActionSummary>> | undefined)?.pages ?? [])
      .flatMap((page) => page.items)
      .slice(0, OFFLINE_ACTIONS_MAX)
      .map((row) => actionQueryOptions(row.id)),
  enabled: () => actionPowers(getEnvelopeState().rights).own,
};

/** The plans whose sheet and actions are kept: the list's first ones, by name. */
export const OFFLINE_PLANS_MAX = 30;

/** The plans list (its first 200, as the screen asks it), and the sheet and actions of its first plans. */
export const PLANS_OFFLINE: OfflineDeclaration = {
  module: 'actionPlans',
  persist: [actionsKeys.plans()],
  lists: () => [plansQueryOptions()],
  records: ([plans]) =>
    ((plans as Page<PlanSummary> | undefined)?.items ?? [])
      .slice(0, OFFLINE_PLANS_MAX)
      .flatMap((plan) => [planQueryOptions(plan.id), planActionsQueryOptions(plan.id)]),
  enabled: () => actionPowers(getEnvelopeState().rights).readPlans,
};

export function registerActionsOffline(): () => void {
  const offActions = registerOfflineData(ACTIONS_OFFLINE);
  const offPlans = registerOfflineData(PLANS_OFFLINE);
  return () => {
    offActions();
    offPlans();
  };
}
