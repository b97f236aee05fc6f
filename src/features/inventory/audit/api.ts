/**
 * The audit part's reads and writes in the app (common/modules/inventory/audit.ts):
 *
 * - the scan index (GET /api/inventory/scan-index, with its ETag), kept on the device and read
 *   from it offline: every scan resolves here, by id, tag, serial or article barcode;
 * - the audits' list and each audit, kept on the device (meta offline);
 * - the writes, each through the outbox under the audit's id (module `inventory_audits`), so they
 *   are sent one after another in the order they were made: the start, the scans, the completion
 *   (which therefore never overtakes a scan), a move;
 * - the device's own record of each audit (`localAudit`): its start when made here (the expected
 *   list from the index, shown until the server's arrives) and every scan made here, whose ids
 *   the completion names so the server refuses it while any is missing.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import type { Audit, AuditRow, ScanIndex } from '../../../../common/modules/inventory/audit';
import { AUDIT_MODULE, indexedItem, resolveScan, type IndexedItem, type ScanResolution } from '../../../../common/modules/inventory/scan';
import { apiGet, apiGetIfChanged } from '../../../lib/api-client';
import { withOfflineCopy, withRevalidatedCopy } from '../../../lib/offline-copy';
import { currentTenant, enqueueWrite, registerSender, sendWrite } from '../../../lib/outbox';

export { AUDIT_MODULE };

export const WRITE_KINDS = {
  create: `${AUDIT_MODULE}.create`,
  scan: `${AUDIT_MODULE}.scan`,
  complete: `${AUDIT_MODULE}.complete`,
  move: `${AUDIT_MODULE}.move`,
} as const;

// ------------------------------------------------------------------------------- reads

export const SCAN_INDEX_KEY = ['inventory', 'scan-index'] as const;

/** The district's scan index: online, a 304 when unchanged; offline, the device's copy. */
export const scanIndexQueryOptions = () =>
  queryOptions({
    queryKey: SCAN_INDEX_KEY,
    queryFn: withRevalidatedCopy<ScanIndex>(SCAN_INDEX_KEY, (etag) => apiGetIfChanged<ScanIndex>('inventory/scan-index', etag)),
    staleTime: 60_000,
    networkMode: 'offlineFirst',
    structuralSharing: false,
  });

export const AUDITS_KEY = ['inventory', 'audits'] as const;

export const auditsQueryOptions = () =>
  queryOptions({
    queryKey: AUDITS_KEY,
    queryFn: withOfflineCopy<AuditRow[]>(AUDITS_KEY, (context) => apiGet<AuditRow[]>('inventory/audits', context?.signal ? { signal: context.signal } : undefined)),
    networkMode: 'offlineFirst',
    staleTime: 30_000,
    meta: { offline: true },
  });

export const auditQueryOptions = (id: string) => {
  const queryKey = [...AUDITS_KEY, id] as const;
  return queryOptions({
    queryKey,
    queryFn: withOfflineCopy<Audit>(queryKey, (context) => apiGet<Audit>(`inventory/audits/${id}`, context?.signal ? { signal: context.signal } : undefined)),
    networkMode: 'offlineFirst',
    staleTime: 10_000,
    retry: (count, error) => count < 2 && !(error instanceof Error && 'status' in error && (error as { status: number }).status === 404),
    meta: { offline: true },
  });
};

/** The scan index in maps: items by id, tag, serial and article barcode, sites by id. */
export interface ScanLookupTables {
  items: IndexedItem[];
  byId: Map<string, IndexedItem>;
  byTag: Map<string, IndexedItem>;
  bySerial: Map<string, IndexedItem>;
  byBarcode: Map<string, IndexedItem[]>;
  sites: { id: string; name: string }[];
  siteName: (id: string | null) => string;
}

export function lookupTables(index: ScanIndex | undefined): ScanLookupTables {
  const items = (index?.items ?? []).map((row) => indexedItem(row, index?.sites ?? []));
  const byId = new Map<string, IndexedItem>();
  const byTag = new Map<string, IndexedItem>();
  const bySerial = new Map<string, IndexedItem>();
  const byBarcode = new Map<string, IndexedItem[]>();
  for (const item of items) {
    byId.set(item.id, item);
    if (item.tag && !byTag.has(item.tag)) byTag.set(item.tag, item);
    if (item.serial && !bySerial.has(item.serial)) bySerial.set(item.serial, item);
    if (item.barcode) byBarcode.set(item.barcode, [...(byBarcode.get(item.barcode) ?? []), item]);
  }
  const sites = (index?.sites ?? []).map(([id, name]) => ({ id, name }));
  const names = new Map(sites.map((s) => [s.id, s.name]));
  return { items, byId, byTag, bySerial, byBarcode, sites, siteName: (id) => (id ? (names.get(id) ?? '') : '') };
}

/** The scan index of the session's district, in lookup tables (empty until read). */
export function useScanIndex() {
  const query = useQuery(scanIndexQueryOptions());
  const tables = useMemo(() => lookupTables(query.data), [query.data]);
  return { ...tables, ready: query.data !== undefined, query };
}

/** What a scanned text names on this device (resolveScan over the index). */
export const resolveOnDevice = (tables: ScanLookupTables, text: string, prefer?: (id: string) => boolean): ScanResolution =>
  resolveScan(
    text,
    {
      byId: (id) => tables.byId.get(id),
      byTag: (code) => tables.byTag.get(code),
      bySerial: (code) => tables.bySerial.get(code),
      byBarcode: (code) => tables.byBarcode.get(code) ?? [],
    },
    prefer,
  );

// ------------------------------------------------------------------------------- the device's record of its audits

export interface LocalScan {
  id: string;
  code: string;
  scannedAt: string;
  /** The item it named on this device (the server resolves it again, the same way). */
  equipmentId: string | null;
}

export interface LocalStart {
  siteId: string;
  siteName: string;
  room: string;
  startedAt: string;
  /** The items the device's index placed there when it started: shown until the server's snapshot arrives. */
  expectedIds: string[];
}

export interface LocalAudit {
  start: LocalStart | null;
  scans: LocalScan[];
}

const STORE_PREFIX = 'vigie-inventory-audit:';
/** Each session's audits apart: another account or district on this device does not see them. */
const sessionPrefix = (): string => {
  const tenant = currentTenant();
  return `${STORE_PREFIX}${tenant ? `${tenant.clientDatabase}/${tenant.districtId}/${tenant.userEmail}` : '-'}:`;
};
const listeners = new Set<() => void>();
const cache = new Map<string, LocalAudit>();
const EMPTY: LocalAudit = { start: null, scans: [] };

export function readLocalAudit(id: string): LocalAudit {
  const key = sessionPrefix() + id;
  const held = cache.get(key);
  if (held) return held;
  let value = EMPTY;
  try {
    const raw = localStorage.getItem(key);
    if (raw) value = JSON.parse(raw) as LocalAudit;
  } catch {
    value = EMPTY;
  }
  cache.set(key, value);
  return value;
}

function writeLocalAudit(id: string, change: (audit: LocalAudit) => LocalAudit): void {
  const key = sessionPrefix() + id;
  const next = change(readLocalAudit(id));
  cache.set(key, next);
  localStorage.setItem(key, JSON.stringify(next));
  for (const listener of listeners) listener();
}

/** The audits started on this device (their start kept here), newest first. */
export function localStarts(): { id: string; start: LocalStart }[] {
  const found: { id: string; start: LocalStart }[] = [];
  const prefix = sessionPrefix();
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key?.startsWith(prefix)) continue;
    const id = key.slice(prefix.length);
    const start = readLocalAudit(id).start;
    if (start) found.push({ id, start });
  }
  return found.sort((a, b) => b.start.startedAt.localeCompare(a.start.startedAt));
}

const subscribeLocal = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useLocalAudit(id: string): LocalAudit {
  return useSyncExternalStore(subscribeLocal, () => readLocalAudit(id));
}

let startsVersion = 0;
listeners.add(() => {
  startsVersion++;
});
export function useLocalStarts(): { id: string; start: LocalStart }[] {
  const version = useSyncExternalStore(subscribeLocal, () => startsVersion);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- re-read when the store changed
  return useMemo(() => localStarts(), [version]);
}

/** Forgets the device's record of a completed audit (the server holds every scan). */
export function forgetLocalAudit(id: string): void {
  const key = sessionPrefix() + id;
  cache.delete(key);
  localStorage.removeItem(key);
  for (const listener of listeners) listener();
}

// ------------------------------------------------------------------------------- writes

export async function queueStart(id: string, start: LocalStart): Promise<void> {
  writeLocalAudit(id, (audit) => ({ ...audit, start }));
  await enqueueWrite({
    kind: WRITE_KINDS.create,
    module: AUDIT_MODULE,
    recordId: id,
    baseVersion: null,
    payload: { id, siteId: start.siteId, room: start.room },
    summary: { siteName: start.siteName, room: start.room },
  });
}

export async function queueScan(auditId: string, scan: LocalScan): Promise<void> {
  writeLocalAudit(auditId, (audit) => ({ ...audit, scans: [...audit.scans, scan] }));
  await enqueueWrite({
    kind: WRITE_KINDS.scan,
    module: AUDIT_MODULE,
    recordId: auditId,
    baseVersion: null,
    payload: { id: scan.id, code: scan.code, scannedAt: scan.scannedAt },
    summary: { code: scan.code },
  });
}

/** The completion, queued behind this audit's scans, naming every scan this device made. */
export async function queueComplete(auditId: string): Promise<void> {
  await enqueueWrite({
    kind: WRITE_KINDS.complete,
    module: AUDIT_MODULE,
    recordId: auditId,
    baseVersion: null,
    payload: { scanIds: readLocalAudit(auditId).scans.map((s) => s.id) },
  });
}

export async function queueMove(auditId: string, equipmentId: string): Promise<void> {
  await enqueueWrite({ kind: WRITE_KINDS.move, module: AUDIT_MODULE, recordId: auditId, baseVersion: null, payload: { equipmentId }, summary: { equipmentId } });
}

export function registerAuditSenders(): void {
  registerSender(WRITE_KINDS.create, async (_item, { payload, idempotencyKey }) => ({ result: await sendWrite('post', 'inventory/audits', payload, idempotencyKey) }));
  registerSender(WRITE_KINDS.scan, async (item, { payload, idempotencyKey }) => ({ result: await sendWrite('post', `inventory/audits/${item.recordId}/scans`, payload, idempotencyKey) }));
  registerSender(WRITE_KINDS.complete, async (item, { payload, idempotencyKey }) => ({ result: await sendWrite('post', `inventory/audits/${item.recordId}/complete`, payload, idempotencyKey) }));
  registerSender(WRITE_KINDS.move, async (item, { payload, idempotencyKey }) => ({ result: await sendWrite('post', `inventory/audits/${item.recordId}/move`, payload, idempotencyKey) }));
}
