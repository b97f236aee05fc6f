/**
 * A record's Delete, asked twice (the second button names the record), or refused at once with
 * the reason when the record is still in use (a category with points, a layer with features:
 * the server would refuse it too, with the same words).
 */
import { IonButton } from '@ionic/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export function ConfirmDelete({ name, inUse, onDelete }: { name: string; inUse: string | null; onDelete: () => void }) {
  const { t } = useTranslation('cartography');
  const [asked, setAsked] = useState(false);
  if (!asked) {
    return (
      <IonButton fill="outline" color="danger" aria-label={t('management.common.delete_named', { name })} onClick={() => setAsked(true)}>
        {t('management.common.delete')}
      </IonButton>
    );
  }
  if (inUse !== null) {
    return (
      <span role="alert">
        {inUse}{' '}
        <IonButton fill="clear" size="small" onClick={() => setAsked(false)}>
          {t('management.common.ok')}
        </IonButton>
      </span>
    );
  }
  return (
    <>
      <IonButton color="danger" onClick={onDelete}>
        {t('management.common.delete_yes', { name })}
      </IonButton>
      <IonButton fill="outline" onClick={() => setAsked(false)}>
        {t('management.common.cancel')}
      </IonButton>
    </>
  );
}
