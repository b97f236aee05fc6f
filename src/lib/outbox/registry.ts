/**
 * One sender per kind of write ('sites.update', 'emergency.send', ...). A module registers
 * its senders when its offline declaration is imported (the shell imports them all); the
 * drainer leaves an item whose kind has no sender yet where it is, queued, so a write queued
 * by a module whose code is not loaded in this tab is never marked failed.
 */
import type { Sender, SenderOptions } from './types';

interface Registered {
  send: Sender;
  options: SenderOptions;
}

const senders = new Map<string, Registered>();

/** Registers (or replaces) the sender of `kind`. Returns the function that removes it. */
export function registerSender(kind: string, send: Sender, options: SenderOptions = {}): () => void {
  const entry = { send, options };
  senders.set(kind, entry);
  return () => {
    if (senders.get(kind) === entry) senders.delete(kind);
  };
}

export const getSender = (kind: string): Registered | undefined => senders.get(kind);
