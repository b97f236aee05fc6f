/**
 * What the last response envelope said about the session (docs/api.md "Envelope"): rights,
 * district modules and the notification counts. The HTTP channel publishes every envelope
 * here; React reads it with useSyncExternalStore, so the menu follows a rights change on the
 * next response without a reload. Rights and modules are also kept in localStorage
 * (storage.ts) so a relaunch starts with them.
 */
import { useSyncExternalStore } from 'react';
import type { DistrictModule, Envelope, NotificationItem } from '../../common/api-types';
import { getDistrictModules, getRights, setDistrictModules, setRights } from './storage';

export interface EnvelopeState {
  rights: readonly string[];
  districtModules: readonly DistrictModule[];
  unreadNotificationsNumber: number;
  lastUnreadNotifications: readonly NotificationItem[];
  workflowNotificationsNumber: number;
}

type Listener = () => void;

const listeners = new Set<Listener>();

function fromStorage(): EnvelopeState {
  return {
    rights: getRights(),
    districtModules: getDistrictModules(),
    unreadNotificationsNumber: 0,
    lastUnreadNotifications: [],
    workflowNotificationsNumber: 0,
  };
}

let state: EnvelopeState = fromStorage();

function setState(next: EnvelopeState): void {
  state = next;
  for (const listener of listeners) listener();
}

// Keep the previous array when the content is the same, so selectors stay referentially
// stable and the menu does not re-render on every response.
function same<T>(previous: readonly T[], next: readonly T[]): readonly T[] {
  return JSON.stringify(previous) === JSON.stringify(next) ? previous : next;
}

export function isEnvelope(body: unknown): body is Envelope<unknown> {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Partial<Envelope<unknown>>;
  return 'data' in b && Array.isArray(b.rights) && Array.isArray(b.districtModules);
}

export function publishEnvelope(envelope: Envelope<unknown>): void {
  setRights(envelope.rights);
  setDistrictModules(envelope.districtModules);
  setState({
    rights: same(state.rights, envelope.rights),
    districtModules: same(state.districtModules, envelope.districtModules),
    unreadNotificationsNumber: envelope.unreadNotificationsNumber ?? 0,
    lastUnreadNotifications: same(state.lastUnreadNotifications, envelope.lastUnreadNotifications ?? []),
    workflowNotificationsNumber: envelope.workflowNotificationsNumber ?? 0,
  });
}

/** After logout (storage already cleared) or in tests: start again from storage. */
export function resetEnvelope(): void {
  setState(fromStorage());
}

export const getEnvelopeState = (): EnvelopeState => state;

export function subscribeEnvelope(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useEnvelope<T>(select: (state: EnvelopeState) => T): T {
  return useSyncExternalStore(subscribeEnvelope, () => select(state));
}
