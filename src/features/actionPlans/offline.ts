/**
 * What a field user works on without a network (MODULES.md "Reads, offline"), as the module's
 * offline declaration (lib/offline-reads.ts runs it after login, at idle moments and on
 * reconnect): its open actions ("My actions", to do and in progress) with the sheet of each,
 * and the templates for those who may read them; persisted in IndexedDB under the 'actions'
 * keys. One declaration for both modules (they show the same actions).
 */
import type { InfiniteData } from '@tanstack/react-query';
import { actionPowers } from '../../../common/modules/actionPlans/access';
import type { ActionSummary } from '../../../common/modules/actionPlans/schemas';
import type { Page } from '../../../common/schemas/platform';
import { getEnvelopeState } from '../../lib/envelope-store';
import { registerOfflineData, type AnyFetchOptions, type OfflineDeclaration } from '../../lib/offline-declarations';
import { actionsKeys } from './api/keys';
import { actionQueryOptions, actionsListQueryOptions, templatesQueryOptions } from './api/reads';
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
  ],
  records: ([open]) =>
    ((open as InfiniteData<Page<ActionSummary>> | undefined)?.pages ?? [])
      .flatMap((page) => page.items)
      .slice(0, OFFLINE_ACTIONS_MAX)
      .map((row) => actionQueryOptions(row.id)),
  enabled: () => actionPowers(getEnvelopeState().rights).own,
};

export const registerActionsOffline = () => registerOfflineData(ACTIONS_OFFLINE);
