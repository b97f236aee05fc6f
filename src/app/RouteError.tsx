/**
 * Shown when a route fails to load (e.g. a page chunk missing after an update, offline). Plain
 * elements: it must show even when the chunks of Ionic's components are what failed to load.
 */
import { useTranslation } from 'react-i18next';
import '../components/plain.css';

export function RouteError() {
  const { t } = useTranslation();
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
