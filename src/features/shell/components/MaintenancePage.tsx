/**
 * Shown instead of the app while the service is in maintenance (spec section 7): says so, and
 * offers to check again (the app also checks by itself every MAINTENANCE_POLL_MS).
 */
import { IonButton, IonContent, IonPage, IonSpinner } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '../../../../common/constants';
import './maintenance.css';

export function MaintenancePage({ onRetry, checking }: { onRetry: () => void; checking: boolean }) {
  const { t } = useTranslation();
  return (
    <IonPage>
      <IonContent className="ion-padding">
        <main className="maintenance-page">
          <p className="maintenance-product">{PRODUCT_NAME}</p>
          <h1>{t('maintenance.title')}</h1>
          <p role="status">{t('maintenance.text')}</p>
          <IonButton onClick={onRetry} disabled={checking}>
            {checking && <IonSpinner slot="start" name="crescent" aria-hidden="true" />}
            {t('maintenance.retry')}
          </IonButton>
        </main>
      </IonContent>
    </IonPage>
  );
}
