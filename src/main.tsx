/**
 * Bootstrap: Ionic setup and CSS, translations, then the app. The service worker registers
 * after the first render (production builds only).
 */
import { setupIonicReact } from '@ionic/react';
import { createBrowserHistory } from '@tanstack/react-router';
import { createRoot } from 'react-dom/client';

// Ionic's required CSS plus the utilities the app uses (padding). Nothing else: every
// stylesheet here is in the first paint's path.
import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import '@ionic/react/css/typography.css';
import '@ionic/react/css/padding.css';
import './app/theme.css';

import { App } from './app/App';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { i18n, initI18n } from './lib/i18n';
import { registerServiceWorker } from './lib/sw-bridge';
import { showToast } from './lib/toast';

setupIonicReact();

async function start(): Promise<void> {
  await initI18n();
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient, history: createBrowserHistory() });
  const container = document.getElementById('root');
  if (container === null) throw new Error('index.html has no #root');
  createRoot(container).render(<App router={router} queryClient={queryClient} />);

  void registerServiceWorker((apply) =>
    showToast({
      message: i18n.t('pwa.update_available'),
      kind: 'info',
      persistent: true,
      action: { label: i18n.t('pwa.reload'), run: apply },
    }),
  );
}

void start();
