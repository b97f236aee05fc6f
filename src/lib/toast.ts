/**
 * The toast queue: plain TypeScript so the HTTP channel and other non-React code can raise a
 * message; components/ToastHost.tsx shows them one at a time with IonToast. Messages arrive
 * already translated.
 */
import { useSyncExternalStore } from 'react';

export type ToastKind = 'success' | 'info' | 'warning' | 'danger';

export interface ToastAction {
  label: string;
  run: () => void;
}

export interface ToastInput {
  message: string;
  kind: ToastKind;
  /** Persistent toasts stay until the user closes them (spec section 9: error toasts). */
  persistent?: boolean;
  header?: string;
  action?: ToastAction;
}

export interface Toast extends ToastInput {
  id: number;
  persistent: boolean;
}

/** How long a non-persistent toast stays on screen. */
export const TOAST_DURATION_MS = 4000;

type Listener = () => void;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function setToasts(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

export function showToast(input: ToastInput): number {
  const id = nextId++;
  setToasts([...toasts, { ...input, persistent: input.persistent ?? false, id }]);
  return id;
}

export function dismissToast(id: number): void {
  setToasts(toasts.filter((toast) => toast.id !== id));
}

export function clearToasts(): void {
  setToasts([]);
}

export const getToasts = (): readonly Toast[] => toasts;

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(subscribeToasts, getToasts);
}
