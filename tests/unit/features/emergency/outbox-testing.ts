/**
 * Shared pieces of the emergency outbox tests: a fresh IndexedDB per test, a Web Lock manager
 * (jsdom has none) that queues requests per name like a browser, and a payload.
 */
import { IDBFactory } from 'fake-indexeddb';
import type { EmergencyPayload } from '../../../../common/api-types';
import { closeOutboxDb } from '../../../../src/features/emergency/outbox/alerts';

export async function freshIndexedDb(): Promise<void> {
  await closeOutboxDb();
  globalThis.indexedDB = new IDBFactory();
}

/** A minimal LockManager: exclusive locks granted in request order, per name. */
export function installLockManager(): { held: () => number; uninstall: () => void } {
  const tails = new Map<string, Promise<unknown>>();
  let held = 0;
  const manager = {
    request<T>(name: string, task: () => Promise<T>): Promise<T> {
      const previous = tails.get(name) ?? Promise.resolve();
      const run = previous.then(async () => {
        held += 1;
        try {
          return await task();
        } finally {
          held -= 1;
        }
      });
      tails.set(name, run.catch(() => undefined));
      return run;
    },
  };
  Object.defineProperty(navigator, 'locks', { value: manager, configurable: true });
  return {
    held: () => held,
    uninstall: () => {
      Reflect.deleteProperty(navigator, 'locks');
    },
  };
}

export function makePayload(recipient = 'secours@example.org'): EmergencyPayload {
  return {
    sites: [
      {
        _id: 'site-1',
        informations: { threeD: [{ name: 'Maquette' }], threeSixty: [{ name: 'Entrée', image: null }] },
        files: [],
        fields: {
          allFields: false,
          general: ['name', 'description', 'address.fullAddress', 'gps', 'owner.name'],
          clientFields: [],
          districtFields: [],
          siteFields: [],
          siteTypeFields: [],
        },
      },
    ],
    delay: { days: 1, hours: 0, minutes: 0 },
    recipients: [recipient],
    emergency: false,
    description: '',
  };
}
