/**
 * The actions' live updates, around every screen of both modules: the server's
 * `records:changed` for actions refetches the lists and the sheets named, with their history;
 * for plans (a plan's own write, or an action's write that moved its progress: the server tells
 * the plan too), the plans list and the pages of the plans named, with their actions; for
 * templates, the templates. So a manager's open plan page shows a field user's close without a
 * reload. What each event refetches is plain (`liveRefreshes`, tested without React).
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ACTION_TEMPLATES_MODULE, ACTIONS_MODULE, PLANS_MODULE } from '../../../common/modules/actions/schemas';
import { onRecordsChanged } from '../../lib/socket';
import { actionsKeys } from './api/keys';

type Refresh = (ids: readonly string[]) => void;

/** What a module's `records:changed` (its record ids) refetches, by module. */
export function liveRefreshes(queryClient: QueryClient): Record<typeof ACTIONS_MODULE | typeof PLANS_MODULE | typeof ACTION_TEMPLATES_MODULE, Refresh> {
  const refetch = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey });
  return {
    [ACTIONS_MODULE]: (ids) => {
      refetch(actionsKeys.lists());
      for (const id of ids) {
        refetch(actionsKeys.detail(id));
        refetch(actionsKeys.history(id));
      }
    },
    [PLANS_MODULE]: (ids) => {
      refetch(actionsKeys.planLists());
      for (const id of ids) {
        refetch(actionsKeys.plan(id));
        refetch(actionsKeys.planActions(id));
      }
    },
    [ACTION_TEMPLATES_MODULE]: () => refetch(actionsKeys.templates()),
  };
}

export function useLiveActions(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stops = Object.entries(liveRefreshes(queryClient)).map(([module, refresh]) => onRecordsChanged(module, refresh));
    return () => stops.forEach((stop) => stop());
  }, [queryClient]);
}
