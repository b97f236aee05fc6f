/**
 * Shown when a route fails to load (e.g. a page chunk missing after an update). Plain
 * elements: it must show even when the chunks of Ionic's components are what failed to load.
 *
 * A page whose code is not on the device yet, opened offline (lib/lazy-page.ts), says so
 * instead: a reload would only bring the browser's "no internet" page. The screen opens by
 * itself once the connection is back; Back returns to where the user was.
 */
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useConnectionState } from '../lib/connectivity';
import { reloadFailedTranslations } from '../lib/i18n';
import { PageOfflineError } from '../lib/lazy-page';
import '../components/plain.css';

export function RouteError({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation();
  const router = useRouter();
  const offline = error instanceof PageOfflineError;
  // The page is loaded again when the connection comes back (lib/connectivity.ts: the server answers again).
  const connection = useConnectionState();
  const was = useRef(connection);
  useEffect(() => {
    const back = was.current !== 'online' && connection === 'online';
    was.current = connection;
    if (offline && back) void reloadFailedTranslations().then(() => router.invalidate()).then(reset);
  }, [offline, connection, router, reset]);
  if (offline) {
    return (
      <main className="plain-page">
        <h1>{t('errors.offline_title')}</h1>
        <p role="status">{t('errors.page_offline')}</p>
        <button type="button" className="app-button" onClick={() => router.history.back()}>
          {t('errors.back')}
        </button>
      </main>
    );
  }
  return (
    <main className="plain-page">
      <h1>{t('errors.title')}</h1>
      <p>{t('errors.unexpected')}</p>
      <button type="button" className="app-button" onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </button>
    </main>
  );
}
