/**
 * Spec section 4: the back-to-top button, shown by Shell past BACK_TO_TOP_THRESHOLD_PX of
 * scroll. Its own chunk (Shell fetches it at the first scroll): Ionic's floating button is not in
 * the first frame of every page.
 */
import { IonFab, IonFabButton, IonIcon } from '@ionic/react';
import { arrowUpOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';

export function BackToTop({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <IonFab vertical="bottom" horizontal="end" slot="fixed" className="back-to-top">
      <IonFabButton size="small" onClick={onClick} aria-label={t('shell.back_to_top')} title={t('shell.back_to_top')}>
        <IonIcon icon={arrowUpOutline} aria-hidden="true" />
      </IonFabButton>
    </IonFab>
  );
}
