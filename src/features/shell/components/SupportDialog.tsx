/**
 * The support dialog (spec section 2): a confirmation with a link to the external support
 * portal, opened in a new tab. The address comes from GET /api/config (supportUrl).
 */
import { IonButton, IonModal, IonSpinner } from '@ionic/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useBackClosesDialog } from '../../../hooks/use-back-closes-dialog';
import { useConfig } from '../api/get-config';
import '../../../components/dialog.css';

interface SupportDialogProps {
  isOpen: boolean;
  onDismiss: () => void;
}

export function SupportDialog({ isOpen, onDismiss }: SupportDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  // Asked when the dialog opens, not with every page.
  const config = useConfig(isOpen);
  useBackClosesDialog(isOpen, onDismiss);
  const url = config.data?.supportUrl;

  return (
    <IonModal isOpen={isOpen} onDidDismiss={onDismiss} className="app-dialog" aria-label={t('support.title')} aria-labelledby={titleId} aria-describedby={textId}>
      <div className="app-dialog-body">
        <h2 id={titleId}>{t('support.title')}</h2>
        <p id={textId}>{t('support.text')}</p>
        {config.isError && <p role="alert">{t('support.unavailable')}</p>}
        <div className="app-dialog-actions">
          <IonButton fill="outline" onClick={onDismiss}>
            {t('support.cancel')}
          </IonButton>
          {url === undefined ? (
            config.isPending && <IonSpinner name="crescent" aria-label={t('support.loading')} />
          ) : (
            <IonButton href={url} target="_blank" rel="noopener noreferrer" onClick={onDismiss}>
              {t('support.open')}
            </IonButton>
          )}
        </div>
      </div>
    </IonModal>
  );
}
