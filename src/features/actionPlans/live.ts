/**
 * The actions' live updates, around every screen of both modules: the server's
 * `records:changed` for actions refetches the lists, the sheets named, their history and the
 * plans (their progress moved); for plans, the plans; for templates, the templates. So a
 * manager's open page shows a field user's close without a reload.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ACTION_TEMPLATES_MODULE, ACTIONS_MODULE, PLANS_MODULE } from '../../../common/modules/actionPlans/schemas';
import { onRecordsChanged } from '../../lib/socket';
import { actionsKeys } from './api/keys';

export function useLiveActions(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stops = [
      onRecordsChanged(ACTIONS_MODULE, (ids) => {
        void queryClient.invalidateQueries({ queryKey: actionsKeys.lists() });
        void queryClient.invalidateQueries({ queryKey: actionsKeys.plans() });
        for (const id of ids) {
          void queryClient.invalidateQueries({ queryKey: actionsKeys.detail(id) });
          void queryClient.invalidateQueries({ queryKey: actionsKeys.history(id) });
        }
      }),
      onRecordsChanged(PLANS_MODULE, () => void queryClient.invalidateQueries({ queryKey: actionsKeys.plans() })),
      onRecordsChanged(ACTION_TEMPLATES_MODULE, () => void queryClient.invalidateQueries({ queryKey: actionsKeys.templates() })),
    ];
    return () => stops.forEach((stop) => stop());
  }, [queryClient]);
}
