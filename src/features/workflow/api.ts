/**
 * The workflows' reads (TanStack Query, kept on the device for offline work: offline.ts) and
 * writes, every one queued in the outbox (never sent from a screen): started, moved, approved,
 * delegated on a phone offline, shown at once marked waiting, sent once (the item's
 * Idempotency-Key) and checked again by the server when it arrives; a move refused then stays on
 * the instance with its reason (the outbox item failed) until the user retries or discards it.
 */
import { queryOptions } from '@tanstack/react-query';
import type {
  Definition,
  DefinitionCreate,
  DefinitionUpdate,
  DelegationCreate,
  Delegations,
  InboxPage,
  Instance,
  InstancePage,
  InstanceStart,
  TransitionBody,
  WorkflowMeta,
} from '../../../common/modules/workflow/schemas';
import { WORKFLOW_DEFINITIONS_MODULE, WORKFLOW_INSTANCES_MODULE } from '../../../common/modules/workflow/names';
import { apiGet } from '../../lib/api-client';
import { enqueueWrite, registerSender, sendWrite } from '../../lib/outbox';

export const WORKFLOW_KEY = 'workflow';
export const WORKFLOW_OUTBOX = WORKFLOW_INSTANCES_MODULE;
export const DEFINITIONS_OUTBOX = WORKFLOW_DEFINITIONS_MODULE;
export const DELEGATIONS_OUTBOX = 'workflow_delegations';

export interface InstanceSearch {
  status?: 'open' | 'done' | undefined;
  definitionId?: string | undefined;
  recordId?: string | undefined;
}

/** A list's search (no empty value: an empty cursor is the first page, whose key has none). */
const query = (search: Record<string, string | undefined>) => {
  const params = new URLSearchParams(Object.entries(search).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ''));
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
};

export const workflowKeys = {
  all: [WORKFLOW_KEY] as const,
  meta: () => [WORKFLOW_KEY, 'meta'] as const,
  definitions: () => [WORKFLOW_KEY, 'definitions'] as const,
  instances: (search: InstanceSearch, cursor?: string) => (cursor ? ([WORKFLOW_KEY, 'instances', search, cursor] as const) : ([WORKFLOW_KEY, 'instances', search] as const)),
  instance: (id: string) => [WORKFLOW_KEY, 'instance', id] as const,
  inbox: (cursor?: string) => (cursor ? ([WORKFLOW_KEY, 'inbox', cursor] as const) : ([WORKFLOW_KEY, 'inbox'] as const)),
  inboxCount: () => [WORKFLOW_KEY, 'inbox-count'] as const,
  delegations: () => [WORKFLOW_KEY, 'delegations'] as const,
};

export const metaQuery = () => queryOptions({ queryKey: workflowKeys.meta(), queryFn: ({ signal }) => apiGet<WorkflowMeta>('workflow/meta', { signal }), staleTime: 5 * 60_000 });
export const definitionsQuery = () => queryOptions({ queryKey: workflowKeys.definitions(), queryFn: ({ signal }) => apiGet<Definition[]>('workflow/definitions', { signal }) });
/** A page of the instances: the first one (kept on the device), or the one after `cursor` (the page before's `nextCursor`). */
export const instancesQuery = (search: InstanceSearch, cursor?: string) =>
  queryOptions({ queryKey: workflowKeys.instances(search, cursor), queryFn: ({ signal }) => apiGet<InstancePage>(`workflow/instances${query({ ...search, cursor })}`, { signal }) });
export const instanceQuery = (id: string) => queryOptions({ queryKey: workflowKeys.instance(id), queryFn: ({ signal }) => apiGet<Instance>(`workflow/instances/${id}`, { signal }) });
/** A page of the inbox: the first one (kept on the device), or the one after `cursor`. */
export const inboxQuery = (cursor?: string) =>
  queryOptions({ queryKey: workflowKeys.inbox(cursor), queryFn: ({ signal }) => apiGet<InboxPage>(`workflow/inbox${query({ cursor })}`, { signal }) });
/** Asked when a workflow moves: its answer's envelope carries the toolbar's badge. */
export const inboxCountQuery = () => queryOptions({ queryKey: workflowKeys.inboxCount(), queryFn: ({ signal }) => apiGet<{ count: number }>('workflow/inbox/count', { signal }), staleTime: 0 });
export const delegationsQuery = () => queryOptions({ queryKey: workflowKeys.delegations(), queryFn: ({ signal }) => apiGet<Delegations>('workflow/delegations', { signal }) });

// ------------------------------------------------------------ writes

export const WRITE_KINDS = {
  start: 'workflow.start',
  transition: 'workflow.transition',
  delegate: 'workflow.delegate',
  endDelegation: 'workflow.delegation.end',
  defineCreate: 'workflow.definition.create',
  defineUpdate: 'workflow.definition.update',
  publish: 'workflow.definition.publish',
} as const;

/** An instance started on this device: its payload and the names its sheet shows until the server answers. */
export interface StartSummary extends Record<string, unknown> {
  title: string;
  definitionId: string;
  definitionName: string;
  recordId?: string;
}

export async function queueStart(body: Omit<InstanceStart, 'at'>, definitionName: string): Promise<void> {
  await enqueueWrite({ kind: WRITE_KINDS.start, module: WORKFLOW_OUTBOX, recordId: body.id, baseVersion: null, payload: { ...body, at: new Date().toISOString() }, summary: { title: body.title, definitionId: body.definitionId, definitionName, ...(body.recordId ? { recordId: body.recordId } : {}) } satisfies StartSummary });
}

export async function queueTransition(instanceId: string, body: Omit<TransitionBody, 'at'>, label: string): Promise<void> {
  await enqueueWrite({ kind: WRITE_KINDS.transition, module: WORKFLOW_OUTBOX, recordId: instanceId, baseVersion: null, payload: { ...body, at: new Date().toISOString() }, summary: { label, transition: body.transition, fromState: body.fromState } });
}

export const queueDelegation = (body: DelegationCreate) => enqueueWrite({ kind: WRITE_KINDS.delegate, module: DELEGATIONS_OUTBOX, recordId: body.id, baseVersion: null, payload: body });
export const queueEndDelegation = (id: string) => enqueueWrite({ kind: WRITE_KINDS.endDelegation, module: DELEGATIONS_OUTBOX, recordId: id, baseVersion: null, payload: {} });
export const queueDefinitionCreate = (body: DefinitionCreate) => enqueueWrite({ kind: WRITE_KINDS.defineCreate, module: DEFINITIONS_OUTBOX, recordId: body.id, baseVersion: null, payload: body, summary: { name: body.name } });
export const queueDefinitionUpdate = (id: string, body: DefinitionUpdate) => enqueueWrite({ kind: WRITE_KINDS.defineUpdate, module: DEFINITIONS_OUTBOX, recordId: id, baseVersion: null, payload: body });
export const queuePublish = (id: string) => enqueueWrite({ kind: WRITE_KINDS.publish, module: DEFINITIONS_OUTBOX, recordId: id, baseVersion: null, payload: {} });

let registered = false;

/** The senders of the workflows' writes (registering twice is harmless). */
export function registerWorkflowSenders(): void {
  if (registered) return;
  registered = true;
  const fail = { onConflict: 'fail' } as const;
  registerSender(WRITE_KINDS.start, async (_item, ctx) => ({ result: await sendWrite('post', 'workflow/instances', ctx.payload, ctx.idempotencyKey) }), fail);
  registerSender(WRITE_KINDS.transition, async (item, ctx) => ({ result: await sendWrite('post', `workflow/instances/${encodeURIComponent(item.recordId)}/transitions`, ctx.payload, ctx.idempotencyKey) }), fail);
  registerSender(WRITE_KINDS.delegate, async (_item, ctx) => ({ result: await sendWrite('post', 'workflow/delegations', ctx.payload, ctx.idempotencyKey) }), fail);
  registerSender(WRITE_KINDS.endDelegation, async (item, ctx) => ({ result: await sendWrite('delete', `workflow/delegations/${encodeURIComponent(item.recordId)}`, undefined, ctx.idempotencyKey) }), fail);
  registerSender(WRITE_KINDS.defineCreate, async (_item, ctx) => ({ result: await sendWrite('post', 'workflow/definitions', ctx.payload, ctx.idempotencyKey) }), fail);
  registerSender(WRITE_KINDS.defineUpdate, async (item, ctx) => ({ result: await sendWrite('patch', `workflow/definitions/${encodeURIComponent(item.recordId)}`, ctx.payload, ctx.idempotencyKey) }), fail);
  registerSender(WRITE_KINDS.publish, async (item, ctx) => ({ result: await sendWrite('post', `workflow/definitions/${encodeURIComponent(item.recordId)}/publish`, undefined, ctx.idempotencyKey) }), fail);
}

/** A text of an outbox item's summary ('' when absent). */
export const summaryText = (summary: Record<string, unknown> | null, key: string): string => {
  const value = summary?.[key];
  return typeof value === 'string' ? value : '';
};

/** A drawn signature (a PNG Blob) as the data URL the server keeps. */
export function signatureDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('signature'));
    reader.readAsDataURL(blob);
  });
}
