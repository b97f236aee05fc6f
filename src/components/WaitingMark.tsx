// STUB
/** Stub of the offline engineer's "waiting to be sent" mark; replaced at merge. */
import { IonChip } from '@ionic/react';
import { useTranslation } from 'react-i18next';

export function WaitingMark({ conflict = false }: { conflict?: boolean }) {
  const { i18n } = useTranslation();
  const fr = i18n.language.startsWith('fr');
  const label = conflict ? (fr ? 'Conflit à résoudre' : 'Conflict to resolve') : fr ? "En attente d'envoi" : 'Waiting to be sent';
  return (
    <IonChip color={conflict ? 'danger' : 'warning'} outline>
      {label}
    </IonChip>
  );
}
