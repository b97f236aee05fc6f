/**
 * Shown instead of the app while the service is in maintenance (spec section 7): says so, and
 * offers to check again (the app also checks by itself every MAINTENANCE_POLL_MS). Plain
 * elements: it replaces the app before any page, and Ionic, has loaded.
 */
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '../../../../common/constants';
import '../../../components/plain.css';
import './maintenance.css';

export function MaintenancePage({ onRetry, checking }: { onRetry: () => void; checking: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="plain-page">
      <main className="maintenance-page">
        <p className="maintenance-product">{PRODUCT_NAME}</p>
        <h1>{t('maintenance.title')}</h1>
        <p role="status">{t('maintenance.text')}</p>
        <button type="button" className="app-button" onClick={onRetry} disabled={checking}>
          {checking && <span className="app-spinner" aria-hidden="true" />}
          {t('maintenance.retry')}
        </button>
      </main>
    </div>
  );
}
