/** Shown when a route fails to load (e.g. a page chunk missing after an update, offline). */
import { IonButton, IonContent, IonPage } from '@ionic/react';
import { useTranslation } from 'react-i18next';

export function RouteError() {
  const { t } = useTranslation();
  return (
    <IonPage>
      <IonContent className="ion-padding">
        <h1>{t('errors.title')}</h1>
        <p>{t('errors.unexpected')}</p>
        <IonButton onClick={() => window.location.reload()}>{t('errors.reload')}</IonButton>
      </IonContent>
    </IonPage>
  );
}
