/**
 * The workflow screens' live updates: a workflow moved in the district (the server's
 * `records:changed`), or one of this device's writes delivered: the lists, the inbox and the
 * instances shown are asked again. (After a socket reconnection the shell asks every query on
 * screen again: app/routes/authenticated.lazy.tsx.)
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { WORKFLOW_DEFINITIONS_MODULE, WORKFLOW_INSTANCES_MODULE } from '../../../../common/modules/workflow/schemas';
import { onDelivered } from '../../../lib/outbox';
import { onRecordsChanged } from '../../../lib/socket';
import { DEFINITIONS_OUTBOX, DELEGATIONS_OUTBOX, WORKFLOW_KEY, WORKFLOW_OUTBOX, workflowKeys } from '../api';

export function useWorkflowLive(): void {
  const client = useQueryClient();
  useEffect(() => {
    const instances = (ids: readonly string[] = []) => {
      void client.invalidateQueries({ queryKey: [WORKFLOW_KEY, 'instances'] });
      void client.invalidateQueries({ queryKey: workflowKeys.inbox() });
      if (ids.length === 0) void client.invalidateQueries({ queryKey: [WORKFLOW_KEY, 'instance'] });
      for (const id of ids) void client.invalidateQueries({ queryKey: workflowKeys.instance(id) });
    };
    const definitions = () => {
      void client.invalidateQueries({ queryKey: workflowKeys.definitions() });
      void client.invalidateQueries({ queryKey: workflowKeys.meta() });
    };
    const stops = [
      onRecordsChanged(WORKFLOW_INSTANCES_MODULE, instances),
      onRecordsChanged(WORKFLOW_DEFINITIONS_MODULE, definitions),
      onDelivered((module) => {
        if (module === WORKFLOW_OUTBOX) instances();
        if (module === DEFINITIONS_OUTBOX) definitions();
        if (module === DELEGATIONS_OUTBOX) {
          void client.invalidateQueries({ queryKey: workflowKeys.delegations() });
          instances();
        }
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }, [client]);
}
