/**
 * The import/export module's calls: the catalogue, the dry run (a read: nothing is written),
 * a job's state (pushed over the socket while it runs), and its writes through the outbox (an import, the
 * district's ZIP, the personal data), each a job created with the client's id, so it is queued
 * offline, shown at once as waiting, and created once (Idempotency-Key).
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Catalogue, DryRunAnswer, ImportBody, ImportRow, Job } from '../../../common/modules/importExport/schemas';
import { apiGet, apiPost, withSignal } from '../../lib/api-client';
import { enqueueWrite } from '../../lib/outbox/enqueue';
import { sendWrite } from '../../lib/outbox/http';
import { registerSender } from '../../lib/outbox/registry';
import { isSocketConnected, onSocketConnect, onSocketEvent, SOCKET_EVENTS } from '../../lib/socket';

export const IMPORT_EXPORT_MODULE = 'importExport';
export const WRITES = { import: 'importExport.import', district: 'importExport.districtExport', personal: 'importExport.personalExport' } as const;

export const keys = {
  all: [IMPORT_EXPORT_MODULE] as const,
  catalogue: () => [IMPORT_EXPORT_MODULE, 'catalogue'] as const,
  jobs: () => [IMPORT_EXPORT_MODULE, 'jobs'] as const,
  job: (id: string) => [IMPORT_EXPORT_MODULE, 'jobs', id] as const,
};

export const catalogueQueryOptions = () =>
  queryOptions({ queryKey: keys.catalogue(), queryFn: ({ signal }) => apiGet<Catalogue>('import-export/catalogue', withSignal(signal)), staleTime: 5 * 60_000, meta: { offline: true } });

export const jobsQueryOptions = () => queryOptions({ queryKey: keys.jobs(), queryFn: ({ signal }) => apiGet<Job[]>('import-export/jobs', withSignal(signal)) });

const RUNNING = new Set(['queued', 'running']);

/** How often a running job is read again while the socket is down (its pushes do not arrive). */
export const JOB_FALLBACK_POLL_MS = 4000;

/**
 * A job as it moves (null while not on the server yet): read once, then followed by the
 * server's pushes (JOB_PROGRESS_EVENT: its progress written into the cache, and the job read
 * again once it ended, for its file and summary); read again after each (re)connection, what
 * was pushed meanwhile being lost; polled slowly only while the socket is down.
 */
export function useJob(id: string | null, sent: boolean) {
  const queryClient = useQueryClient();
  const enabled = id !== null && sent;
  const query = useQuery({
    queryKey: keys.job(id ?? ''),
    enabled,
    queryFn: ({ signal }) => apiGet<Job>(`import-export/jobs/${id}`, withSignal(signal)),
    retry: 3,
  });
  const running = query.data === undefined || RUNNING.has(query.data.state);
  useEffect(() => {
    if (!enabled || !running) return;
    const key = keys.job(id);
    const reread = () => void queryClient.invalidateQueries({ queryKey: key });
    const offEvent = onSocketEvent(SOCKET_EVENTS.jobProgress, (event) => {
      if (event.id !== id) return;
      if (event.state === 'done' || event.state === 'failed') reread();
      else queryClient.setQueryData<Job>(key, (job) => (job === undefined ? job : { ...job, state: event.state, progress: Math.max(job.progress, event.progress) }));
    });
    const offConnect = onSocketConnect(reread);
    const fallback = setInterval(() => {
      if (!isSocketConnected()) reread();
    }, JOB_FALLBACK_POLL_MS);
    return () => {
      offEvent();
      offConnect();
      clearInterval(fallback);
    };
  }, [enabled, running, id, queryClient]);
  return query;
}

export const dryRun = (module: string, rows: ImportRow[]) => apiPost<DryRunAnswer>('import-export/imports/dry-run', { module, rows });

export function queueImport(body: ImportBody) {
  return enqueueWrite({ kind: WRITES.import, module: IMPORT_EXPORT_MODULE, recordId: body.id, baseVersion: null, payload: body, summary: { fileName: body.fileName } });
}
export function queueDistrictExport(id: string) {
  return enqueueWrite({ kind: WRITES.district, module: IMPORT_EXPORT_MODULE, recordId: id, baseVersion: null, payload: { id } });
}
export function queuePersonalExport(id: string) {
  return enqueueWrite({ kind: WRITES.personal, module: IMPORT_EXPORT_MODULE, recordId: id, baseVersion: null, payload: { id } });
}

let registered = false;
export function registerImportExportSenders(): void {
  if (registered) return;
  registered = true;
  registerSender(WRITES.import, async (_item, ctx) => ({ result: await sendWrite<Job>('post', 'import-export/imports', ctx.payload, ctx.idempotencyKey) }), { onConflict: 'fail' });
  registerSender(WRITES.district, async (_item, ctx) => ({ result: await sendWrite<Job>('post', 'import-export/district-export', ctx.payload, ctx.idempotencyKey) }), { onConflict: 'fail' });
  registerSender(WRITES.personal, async (_item, ctx) => ({ result: await sendWrite<Job>('post', 'import-export/my-data', ctx.payload, ctx.idempotencyKey) }), { onConflict: 'fail' });
}
