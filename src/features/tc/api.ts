/** The tc module's reads (/api/tc) and its writes' senders (through the outbox: lib/outbox). */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { AuditPage, AuditQuery, TcStatus, TcVersionSummary } from '../../../common/modules/tc/schemas';
import { apiGet } from '../../lib/api-client';
import { registerSender, sendWrite } from '../../lib/outbox';

export const TC_MODULE = 'tc';
export const TC_ACCEPT = 'tc.accept';
export const TC_PUBLISH = 'tc.publish';

export const tcKeys = {
  all: ['tc'] as const,
  status: () => ['tc', 'status'] as const,
  versions: () => ['tc', 'versions'] as const,
  audit: (filters: AuditFilters) => ['tc', 'audit', filters] as const,
};

export const tcStatusQuery = () =>
  queryOptions({ queryKey: tcKeys.status(), queryFn: () => apiGet<TcStatus>('tc/status'), staleTime: 60_000, retry: false });

export const tcVersionsQuery = () => queryOptions({ queryKey: tcKeys.versions(), queryFn: () => apiGet<TcVersionSummary[]>('tc/versions') });

export type AuditFilters = Pick<AuditQuery, 'act' | 'person' | 'from' | 'to'>;

export function auditSearchParams(filters: AuditFilters, before?: string): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (typeof value === 'string' && value.trim() !== '') params.set(key, value.trim());
  if (before !== undefined) params.set('before', before);
  return params;
}

export const auditQuery = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: tcKeys.audit(filters),
    queryFn: ({ pageParam }) => apiGet<AuditPage>('tc/audit', { searchParams: auditSearchParams({ ...filters }, pageParam ?? undefined) }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  });

let registered = false;

/** The senders of the acceptance and of a publication (each with its item's Idempotency-Key). */
export function registerTcSenders(): void {
  if (registered) return;
  registered = true;
  registerSender(TC_ACCEPT, async (_item, ctx) => ({ result: await sendWrite('post', 'tc/accept', ctx.payload, ctx.idempotencyKey) }), { onConflict: 'fail' });
  registerSender(TC_PUBLISH, async (_item, ctx) => ({ result: await sendWrite('post', 'tc/versions', ctx.payload, ctx.idempotencyKey) }), { onConflict: 'fail' });
}
