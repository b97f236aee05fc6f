/**
 * The public pages' entry (public.html; common/public-pages.ts): a share link's viewer, an
 * upload-only link's page, the terms, for someone without an account, cache or service worker.
 * Only what they need: React, i18next with the page's namespace, the page (plain elements, the
 * app's CSS variables and font, its stylesheet inlined in public.html) and plain fetch. None
 * of the app's shell: no Ionic, router, TanStack Query, session, outbox or service worker
 * registration (an installed app's worker still answers these paths with this page: sw/sw.ts).
 *
 * Start-up order, each step a task of its own: the page's first request and its translations
 * leave at once, with React DOM's code (a chunk of its own, preloaded by public.html); i18next
 * starts; once the words, the page's code and React DOM are there, the page renders in a
 * transition (React renders it in slices).
 */
import { startTransition } from 'react';
import { initI18n, prefetchTranslations } from '../lib/i18n';
import { yieldToMain } from '../lib/when-idle';
import { publicPage } from './pages';

async function start(): Promise<void> {
  const page = publicPage(location.pathname);
  if (page === null) {
    location.replace('/');
    return;
  }
  prefetchTranslations(undefined, page.namespaces);
  const reactDom = import('react-dom/client');
  const element = page.load();
  await yieldToMain();
  await initI18n({ namespaces: page.namespaces });
  const [{ createRoot }, content] = await Promise.all([reactDom, element]);
  await yieldToMain();
  const container = document.getElementById('root');
  if (container === null) throw new Error('public.html has no #root');
  startTransition(() => {
    createRoot(container).render(content);
  });
}

void start();
