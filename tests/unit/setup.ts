/**
 * The app project's test setup: jest-dom matchers, the browser APIs jsdom lacks (matchMedia,
 * scrollTo, IndexedDB), Ionic, the real translations, msw failing on any unhandled request,
 * and a clean slate (storage, cookie, module state) after each test.
 */
import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { offlineSyncTiming } from '../../src/lib/offline-timing';
import { firstScreenTiming } from '../../src/lib/when-idle';
import { initTestI18n } from '../../src/testing/i18n';
import { resetClientState } from '../../src/testing/reset';
import { server } from '../../src/testing/server';

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList,
});
window.scrollTo = (() => undefined);
Element.prototype.scrollTo = (() => undefined);

// findBy*/waitFor wait for what the user would see, not for a speed: pages are lazy chunks,
// and the first import of one on a loaded 2-core CI machine can take over the 1 s default.
configure({ asyncUtilTimeout: 5000 });

// The offline reads' first run waits for the idle moment alone (the app also lets its first
// screen settle a few seconds; tests/unit/lib/offline-reads.test.ts checks that wait).
offlineSyncTiming.firstRunSettleMs = 0;
// Work that waits for the first screen waits for the idle moment alone (tests/unit/lib/when-idle.test.ts
// checks the first screen's wait).
firstScreenTiming.maxWaitMs = 0;

const { setupIonicReact } = await import('@ionic/react');
setupIonicReact({ animated: false });
await initTestI18n('en');

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
  document.cookie = 'sso=; path=/; max-age=0';
  resetClientState();
});

afterAll(() => server.close());
