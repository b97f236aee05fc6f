/**
 * Under the toolbar while the server does not answer (offline) or answers slowly (poor), from
 * lib/connectivity.ts. Offline, the pages keep showing the saved data of the last session; the
 * banner says so, and "Retry" probes the server at once instead of waiting for the backoff.
 */
import { IonButton } from '@ionic/react';
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
        <IonButton size="small" fill="outline" color="light" onClick={checkConnectionNow}>
          {t('connectivity.retry')}
        </IonButton>
      )}
    </div>
  );
}
