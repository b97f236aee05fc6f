/** The top toolbar: menu toggle, product and district names, disconnect. */
import { IonButton, IonButtons, IonHeader, IonIcon, IonMenuButton, IonTitle, IonToolbar } from '@ionic/react';
import { logOutOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '../../../../common/constants';

interface AppToolbarProps {
  districtName: string | undefined;
  onDisconnect: () => void;
}

export function AppToolbar({ districtName, onDisconnect }: AppToolbarProps) {
  const { t } = useTranslation();
  return (
    <IonHeader>
      <IonToolbar color="primary">
        <IonButtons slot="start">
          <IonMenuButton menu="main-menu" aria-label={t('shell.open_menu')} />
        </IonButtons>
        <IonTitle>
          <span className="toolbar-title">
            <span className="toolbar-product" data-testid="toolbar-product">
              {PRODUCT_NAME}
            </span>
            <span className="toolbar-district" data-testid="toolbar-district">
              {districtName ?? ''}
            </span>
          </span>
        </IonTitle>
        <IonButtons slot="end">
          <IonButton aria-label={t('shell.disconnect')} title={t('shell.disconnect')} onClick={onDisconnect}>
            <IonIcon slot="icon-only" icon={logOutOutline} aria-hidden="true" />
          </IonButton>
        </IonButtons>
      </IonToolbar>
    </IonHeader>
  );
}
