/** Spec section 4: a back-to-top button shown past BACK_TO_TOP_THRESHOLD_PX of scroll. */
import { IonFab, IonFabButton, IonIcon } from '@ionic/react';
import { arrowUpOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { BACK_TO_TOP_THRESHOLD_PX } from '../../../../common/constants';

export const isPastBackToTopThreshold = (scrollTop: number): boolean => scrollTop > BACK_TO_TOP_THRESHOLD_PX;

export function BackToTop({ visible, onClick }: { visible: boolean; onClick: () => void }) {
  const { t } = useTranslation();
  if (!visible) return null;
  return (
    <IonFab vertical="bottom" horizontal="end" slot="fixed" className="back-to-top">
      <IonFabButton size="small" onClick={onClick} aria-label={t('shell.back_to_top')} title={t('shell.back_to_top')}>
        <IonIcon icon={arrowUpOutline} aria-hidden="true" />
      </IonFabButton>
    </IonFab>
  );
}
