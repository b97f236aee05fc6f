/**
 * The Contracts module's record kinds on the app's generic record core (lib/record-kind.ts):
 * templates (a district's small list) and contracts (pages of 100), and the status move, an
 * outbox write of its own (`contract.status`: the status and its reason from a base version).
 */
import { queryOptions } from '@tanstack/react-query';
import type { Contract, ContractChoices, ContractFields, ContractRow, ContractStatus, ContractTemplate, ContractTemplateFields } from '../../../common/modules/contract/schemas';
import { apiGet } from '../../lib/api-client';
import { defineRecordKind } from '../../lib/record-kind';
import { enqueueWrite, registerSender, sendWrite } from '../../lib/outbox';

export const CONTRACT_MODULE = 'contract';

export const templates = defineRecordKind<ContractTemplateFields, ContractTemplate, ContractTemplate>({
  module: CONTRACT_MODULE,
  kind: 'templates',
  path: 'contract/templates',
  fields: ['name', 'type', 'fields', 'clauses'],
});

/** A contract's fields, and the status it is created in (draft or active). */
export type ContractCreateFields = Omit<ContractFields, 'ownerId'> & { ownerId?: string; status?: 'draft' | 'active' };

export const contracts = defineRecordKind<ContractCreateFields, Contract, ContractRow>({
  module: CONTRACT_MODULE,
  kind: 'contracts',
  path: 'contract/contracts',
  pageSize: 100,
  fields: [
    'title', 'supplierId', 'siteIds', 'type', 'reference', 'startOn', 'endOn', 'tacitRenewal', 'renewalMonths', 'noticeDays', 'amountCents', 'reminderDays',
    'ownerId', 'templateId', 'fieldValues', 'notes',
  ],
});

/** The outbox kind of a manager's status move. */
export const STATUS_WRITE = 'contract.status';

/** Queues a status move with its reason, from the version the manager saw. */
export const queueStatus = (contract: Pick<Contract, 'id' | 'version'>, status: ContractStatus, reason: string) =>
  enqueueWrite({ kind: STATUS_WRITE, module: CONTRACT_MODULE, recordId: contract.id, baseVersion: contract.version, payload: { status, reason } });

let registered = false;
/** The senders of every write of the module (the kinds' and the status move's). */
export function registerContractSenders(): void {
  templates.registerSenders();
  contracts.registerSenders();
  if (registered) return;
  registered = true;
  registerSender(
    STATUS_WRITE,
    async (item, ctx) => ({
      result: await sendWrite<Contract>('post', `contract/contracts/${encodeURIComponent(item.recordId)}/status`, { baseVersion: item.baseVersion ?? 1, ...(ctx.payload as object) }, ctx.idempotencyKey),
    }),
    { onConflict: 'fail' },
  );
}

/** The form's choices (suppliers, sites, members), kept for offline work. */
export const choicesQueryOptions = () =>
  queryOptions({ queryKey: [CONTRACT_MODULE, 'choices'] as const, queryFn: ({ signal }) => apiGet<ContractChoices>('contract/choices', { signal }), staleTime: 5 * 60_000, meta: { offline: true } });
