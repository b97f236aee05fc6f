/**
 * Bootstrap: Ionic's CSS, translations, the persisted read cache, then the app.
 * The install offer is listened for from the start (the browser fires it once, early); the
 * connection monitor starts after the first render, the service worker at the first idle moment.
 */
import { createBrowserHistory, type AnyRoute, type ParsedLocation } from '@tanstack/react-router';
import { startTransition } from 'react';

// Ionic's required CSS plus the utilities the app uses (padding). Nothing else: every
// stylesheet here is in the first paint's path.
import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import '@ionic/react/css/typography.css';
import '@ionic/react/css/padding.css';
import './app/theme.css';

import { App } from './app/App';
import { createOfflinePersister, createQueryClient, createQueryPersister, persistQueryCache } from './app/query-client';
import { appRouteTree, createAppRouter, type AppRouter } from './app/router';
import { probeServer } from './features/shell/api/get-maintenance';
import { keepAccountLanguage } from './lib/account-language';
import { getConnectionState, startConnectivityMonitor, subscribeConnection } from './lib/connectivity';
import { initI18n, prefetchTranslations, reloadFailedTranslations } from './lib/i18n';
import { watchInstallPrompt } from './lib/install-prompt';
import { registerServiceWorker } from './lib/sw-bridge';
import { whenIdle, yieldToMain } from './lib/when-idle';

watchInstallPrompt();

/**
 * The code of the address's pages (the login page, or the shell and the dashboard) is fetched
 * while the translations load (requested just before), not after them: one round trip less
 * before the first screen.
 * Only the chunks: the route's guards and loaders run once, in `router.load()` below.
 */
function fetchCurrentRouteChunks(router: AppRouter): void {
  const routes: Record<string, AnyRoute | undefined> = router.routesById;
  for (const match of router.matchRoutes(router.state.location as ParsedLocation)) {
    const route = routes[match.routeId as string];
    if (route !== undefined) void router.loadRouteChunk(route)?.catch(() => undefined);
  }
}

/** The service worker is registered at the first idle moment, at the latest this long after. */
const SW_REGISTRATION_MAX_DELAY_MS = 2000;

async function start(): Promise<void> {
  // React DOM (a third of the entry's code) is a chunk of its own, requested now: it downloads
  // beside the translations and the page's code, and its evaluation is a task of its own
  // instead of lengthening the entry's, the longest task of the start on a phone.
  // The translation requests leave first, then React DOM's; each step below is a task of its own.
  prefetchTranslations();
  const reactDom = import('react-dom/client');
  await yieldToMain();
  const translations = initI18n();
  await yieldToMain();
  const queryClient = createQueryClient({ persisted: true });
  const history = createBrowserHistory();
  await yieldToMain();
  // The route table (every module's routes), then the router's own index of it: two tasks.
  appRouteTree();
  await yieldToMain();
  const router = createAppRouter({ queryClient, history });
  await yieldToMain();
  fetchCurrentRouteChunks(router);
  // The last session's saved data: the shell's (localStorage, small) at once; the modules' offline
  // copy (IndexedDB) query by query, as the screens observe them. Read and parsed whole here,
  // it was most of the entry's work on a phone once the device kept a district's data.
  await persistQueryCache(queryClient, createQueryPersister(), createOfflinePersister({ restore: 'on-use' }));
  await yieldToMain();
  await translations;
  // The address's route is resolved (guards, loaders, code) before React mounts, so the first
  // render is the page itself and it happens in the transition below. Mounted first, the router
  // would render a pending state, then the page as an external-store update, which React
  // renders synchronously: one long task on a phone. A failed load is the router's to show.
  await router.load().catch(() => undefined);
  // The route's code was evaluated in the task that ends here: the first render starts a task
  // of its own.
  await yieldToMain();
  const { createRoot } = await reactDom;
  const container = document.getElementById('root');
  if (container === null) throw new Error('index.html has no #root');
  // A transition: React renders the first screen in slices, yielding to the browser between
  // them, instead of one long task (the phone stays responsive while the app starts).
  startTransition(() => {
    createRoot(container).render(<App router={router} queryClient={queryClient} />);
  });

  startConnectivityMonitor(probeServer);
  // Translations that could not be read offline are read again once the server answers.
  subscribeConnection(() => {
    if (getConnectionState() === 'online') void reloadFailedTranslations();
  });
  // The prompt is components/UpdatePrompt.tsx (RootLayout), fed by sw-bridge.ts. Registered
  // once the first screen is up (workbox's advice): the worker's install downloads the whole
  // precache, which must not compete with the first screen's own requests on a weak network.
  whenIdle(() => void registerServiceWorker(), SW_REGISTRATION_MAX_DELAY_MS);
  // A session restored from the device tells the server the language read here (its bells).
  whenIdle(() => keepAccountLanguage(), SW_REGISTRATION_MAX_DELAY_MS);
}

void start();
