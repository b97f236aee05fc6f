/**
 * Under the toolbar while the server does not answer (offline) or answers slowly (poor), from
 * lib/connectivity.ts. Offline, the pages keep showing the saved data of the last session; the
 * banner says so, and "Retry" probes the server at once instead of waiting for the backoff.
 * Its button is a plain one in the look of Ionic's outline button: the banner is part of every
 * shell page, which then carries no Ionic button code.
 */
import { useTranslation } from 'react-i18next';
import { checkConnectionNow, useConnectionState } from '../../../lib/connectivity';
import '../../../components/banners.css';

export function ConnectionBanner() {
  const { t } = useTranslation();
  const state = useConnectionState();
  if (state === 'online') return null;

  return (
    <div className={`app-banner app-banner-${state}`} role="status" aria-live="polite" data-testid="connection-banner">
      <span className="app-banner-text">{t(state === 'offline' ? 'connectivity.offline' : 'connectivity.poor')}</span>
      {state === 'offline' && (
        <button type="button" className="app-banner-button" onClick={checkConnectionNow}>
          {t('connectivity.retry')}
        </button>
      )}
    </div>
  );
}
