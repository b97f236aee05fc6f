/**
 * The workflows' start (run by the shell before its first render): the outbox senders, the
 * offline copy (the published definitions, the inbox, the open instances and each inbox item's
 * sheet), the toolbar's badge kept live (a workflow moved in the district, or the socket came
 * back: the inbox count is asked, and its answer's envelope moves the badge), and the record
 * panels of the records a workflow attaches to (a contract's, a declaration's sheet).
 */
import { WORKFLOW_INSTANCES_MODULE } from '../../../common/modules/workflow/names';
import type { InboxPage } from '../../../common/modules/workflow/schemas';
import { apiGet } from '../../lib/api-client';
import { getEnvelopeState } from '../../lib/envelope-store';
import { registerOfflineData, type AnyFetchOptions } from '../../lib/offline-declarations';
import { onDelivered } from '../../lib/outbox/db';
import { registerRecordPanel } from '../../lib/record-panels';
import { can } from '../../lib/rights';
import { onRecordsChanged, onSocketConnect } from '../../lib/socket';
import { DELEGATIONS_OUTBOX, delegationsQuery, inboxQuery, instanceQuery, instancesQuery, metaQuery, registerWorkflowSenders, WORKFLOW_KEY, WORKFLOW_OUTBOX, workflowKeys } from './api';

let started = false;

/** Asks the inbox count: the answer's envelope carries the toolbar's badge. */
const refreshBadge = () => void apiGet<{ count: number }>('workflow/inbox/count').catch(() => undefined);

export function startWorkflowModule(): void {
  registerWorkflowSenders();
  if (started) return;
  started = true;
  const reads = () => can(getEnvelopeState().rights, 'workflow', 'read');
  registerOfflineData({
    module: WORKFLOW_KEY,
    persist: [workflowKeys.all],
    lists: () => [inboxQuery(), delegationsQuery(), ...(reads() ? ([metaQuery(), instancesQuery({ status: 'open' })] as AnyFetchOptions[]) : [])],
    records: (data) => ((data[0] as InboxPage | undefined)?.items ?? []).slice(0, 20).map((item) => instanceQuery(item.id)),
  });
  onRecordsChanged(WORKFLOW_INSTANCES_MODULE, refreshBadge);
  onSocketConnect(refreshBadge);
  onDelivered((module) => {
    if (module === WORKFLOW_OUTBOX || module === DELEGATIONS_OUTBOX) refreshBadge();
  });
  const panel = { order: 40, enabled: reads, load: () => import('./components/RecordWorkflows').then((m) => m.RecordWorkflows) };
  registerRecordPanel('contracts', { id: 'workflow.contract', ...panel });
  registerRecordPanel('declarations', { id: 'workflow.declaration', ...panel });
}
