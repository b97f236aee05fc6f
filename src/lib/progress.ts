/**
 * Transfers in progress (spec section 7: "a progress interceptor reports upload and download
 * progress"). The HTTP channel (api-client.ts, helpers *WithProgress) starts, feeds and ends a
 * transfer from ky's onUploadProgress / onDownloadProgress; TransferProgress (in the shell)
 * shows them. React reads the store with useSyncExternalStore.
 */
import { useSyncExternalStore } from 'react';

/** A transfer shorter than this never shows a bar (no flicker on fast answers). */
export const PROGRESS_SHOW_DELAY_MS = 300;

export type TransferDirection = 'upload' | 'download';

export interface Transfer {
  id: number;
  /** Translation key (common namespace) naming what is transferred. */
  label: string;
  direction: TransferDirection;
  /** Bytes moved so far in the current direction. */
  loaded: number;
  /** Bytes expected in the current direction; 0 while unknown. */
  total: number;
  /** Date.now() at the start. */
  startedAt: number;
}

type Listener = () => void;

const listeners = new Set<Listener>();
let transfers: readonly Transfer[] = [];
let nextId = 1;

function publish(next: readonly Transfer[]): void {
  transfers = next;
  for (const listener of listeners) listener();
}

export function startTransfer(label: string, direction: TransferDirection = 'download'): number {
  const id = nextId++;
  publish([...transfers, { id, label, direction, loaded: 0, total: 0, startedAt: Date.now() }]);
  return id;
}

/** A progress report; a change of direction (the body is sent, the answer comes) restarts the counts. */
export function updateTransfer(id: number, direction: TransferDirection, loaded: number, total: number): void {
  if (!transfers.some((t) => t.id === id)) return;
  publish(transfers.map((t) => (t.id === id ? { ...t, direction, loaded, total } : t)));
}

export function finishTransfer(id: number): void {
  if (!transfers.some((t) => t.id === id)) return;
  publish(transfers.filter((t) => t.id !== id));
}

export const getTransfers = (): readonly Transfer[] => transfers;

export function subscribeTransfers(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useTransfers = (): readonly Transfer[] => useSyncExternalStore(subscribeTransfers, getTransfers);

/**
 * The share done of every transfer together, from 0 to 1; null when a size is unknown (the
 * bar is then indeterminate).
 */
export function overallProgress(list: readonly Transfer[]): number | null {
  if (list.length === 0 || list.some((t) => t.total <= 0)) return null;
  const total = list.reduce((sum, t) => sum + t.total, 0);
  const loaded = list.reduce((sum, t) => sum + Math.min(t.loaded, t.total), 0);
  return loaded / total;
}

/** Tests only. */
export function resetTransfers(): void {
  publish([]);
}
