/**
 * Disconnect confirmation (spec section 2): a title, a question, Logout and a quit button.
 * Logout tells the server (its failure is ignored) and ends the session; the app then clears
 * the query cache and goes to /login (app/SessionWatcher.tsx). Browser back closes it.
 * Writes still in the outbox (emergency alerts, records saved offline) stay on the device and
 * leave at the next login with the same account: the dialog says how many, so nobody logs
 * out believing they were sent.
 */
import { IonButton, IonModal, IonSpinner } from '@ionic/react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBackClosesDialog } from '../../../hooks/use-back-closes-dialog';
import { countPendingWrites } from '../../../lib/outbox/enqueue';
import { useLogoutMutation } from '../api/logout';
import '../../../components/dialog.css';

interface DisconnectDialogProps {
  isOpen: boolean;
  onDismiss: () => void;
  /** Unsent emergency alerts on this device: the dialog warns that they stay queued. */
  countPendingAlerts?: () => Promise<number>;
  /** Every write not delivered on this device, alerts included (lib/outbox). */
  countWrites?: () => Promise<number>;
}

export function DisconnectDialog({ isOpen, onDismiss, countPendingAlerts, countWrites = countPendingWrites }: DisconnectDialogProps) {
  const [pendingAlerts, setPendingAlerts] = useState(0);
  const [pendingWrites, setPendingWrites] = useState(0);
  useEffect(() => {
    if (!isOpen) return;
    let current = true;
    Promise.all([countPendingAlerts?.() ?? Promise.resolve(0), countWrites()]).then(
      ([alerts, writes]) => {
        if (!current) return;
        setPendingAlerts(alerts);
        // The alerts have their own sentence: the other writes are counted apart.
        setPendingWrites(Math.max(0, writes - alerts));
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [isOpen, countPendingAlerts, countWrites]);
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const logout = useLogoutMutation();
  useBackClosesDialog(isOpen, onDismiss);

  return (
    <IonModal
      isOpen={isOpen}
      onDidDismiss={onDismiss}
      className="app-dialog"
      // Ionic names its shadow-DOM dialog from aria-label only (an id across the shadow root does not resolve).
      aria-label={t('disconnect.title')}
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <div className="app-dialog-body">
        <h2 id={titleId}>{t('disconnect.title')}</h2>
        <p id={textId}>{t('disconnect.text')}</p>
        {pendingAlerts > 0 && (
          <p className="app-dialog-warning" role="alert">
            {t('disconnect.pending_alerts', { count: pendingAlerts })}
          </p>
        )}
        {pendingWrites > 0 && (
          <p className="app-dialog-warning" role="alert">
            {t('disconnect.pending_writes', { count: pendingWrites })}
          </p>
        )}
        <div className="app-dialog-actions">
          <IonButton fill="outline" onClick={onDismiss} disabled={logout.isPending}>
            {t('disconnect.cancel')}
          </IonButton>
          <IonButton color="danger" onClick={() => logout.mutate()} disabled={logout.isPending}>
            {logout.isPending && <IonSpinner slot="start" name="crescent" aria-hidden="true" />}
            {t('disconnect.logout')}
          </IonButton>
        </div>
      </div>
    </IonModal>
  );
}
