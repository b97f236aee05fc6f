/**
 * The blocking dialog of the terms of use (the shell shows it: lib/module-parts.ts `TermsGate`).
 * Asked when the app starts online, every few minutes, when the connection or the window comes
 * back, and at once after any 428 `tc.acceptanceRequired`. Offline the question fails and
 * nothing is shown: a user is never blocked offline. Accepting goes through the outbox (its
 * Idempotency-Key); the dialog stays, marked as sending, until the server has it, then every
 * query is fetched again (those refused meanwhile). Refusing signs out.
 */
import { IonButton, IonModal, IonSpinner } from '@ionic/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TC_ACCEPTANCE_STATUS } from '../../../../common/modules/tc/schemas';
import { apiPost, onApiErrorStatus } from '../../../lib/api-client';
import { useConnectionState } from '../../../lib/connectivity';
import { enqueueWrite } from '../../../lib/outbox';
import { onDelivered } from '../../../lib/outbox/db';
import { endSession } from '../../../lib/session';
import { registerTcSenders, TC_ACCEPT, TC_MODULE, tcKeys, tcStatusQuery } from '../api';
import { TcText } from './TcText';
import './tc.css';

const RECHECK_MS = 5 * 60_000;

registerTcSenders();

export function TermsGate() {
  const { t, i18n } = useTranslation('tc');
  const titleId = useId();
  const queryClient = useQueryClient();
  const connection = useConnectionState();
  const online = connection !== 'offline';
  const status = useQuery({ ...tcStatusQuery(), enabled: online, refetchInterval: RECHECK_MS, refetchOnWindowFocus: true });
  const [sending, setSending] = useState<number | null>(null);
  const [leaving, setLeaving] = useState(false);

  useEffect(() => onApiErrorStatus(TC_ACCEPTANCE_STATUS, () => void queryClient.invalidateQueries({ queryKey: tcKeys.status() })), [queryClient]);
  useEffect(
    () =>
      onDelivered((module) => {
        if (module !== TC_MODULE) return;
        setSending(null);
        // Everything refused while the terms waited is asked again.
        void queryClient.invalidateQueries();
      }),
    [queryClient],
  );

  const current = status.data?.current ?? null;
  const open = online && status.data?.mustAccept === true && current !== null;
  if (!open) return null;
  const en = i18n.language.startsWith('en');
  const waiting = sending === current.version;

  const accept = async () => {
    setSending(current.version);
    try {
      await enqueueWrite({ kind: TC_ACCEPT, module: TC_MODULE, recordId: `accept-${current.version}`, baseVersion: null, payload: { version: current.version }, summary: { version: current.version } });
    } catch {
      setSending(null);
    }
  };
  const refuse = async () => {
    setLeaving(true);
    try {
      await apiPost<null>('auth/logout', undefined, { timeout: 3000 });
    } catch {
      // The local sign-out happens anyway.
    }
    endSession('logout');
  };

  return (
    <IonModal isOpen backdropDismiss={false} className="app-dialog tc-gate" aria-label={t('gate.title')} aria-labelledby={titleId}>
      <div className="app-dialog-body tc-gate-body">
        <h2 id={titleId}>{t('gate.title')}</h2>
        <p>{status.data?.acceptedVersion === null ? t('gate.first', { version: current.version }) : t('gate.changed', { version: current.version })}</p>
        {/* A scrolled region without controls: focusable so a keyboard scrolls it (axe scrollable-region-focusable). */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
        <div className="tc-gate-texts" tabIndex={0} role="region" aria-label={t('gate.texts')}>
          <TcText text={en ? current.termsEn : current.termsFr} headingLevel={3} />
          <TcText text={en ? current.privacyEn : current.privacyFr} headingLevel={3} />
        </div>
        {waiting && (
          <p className="tc-waiting" role="status">
            <IonSpinner name="crescent" aria-hidden="true" /> {t('gate.sending')}
          </p>
        )}
        <div className="tc-gate-actions">
          <IonButton fill="outline" className="tc-target" disabled={leaving} onClick={() => void refuse()}>
            {t('gate.refuse')}
          </IonButton>
          <IonButton className="tc-target" disabled={waiting || leaving} onClick={() => void accept()}>
            {t('gate.accept')}
          </IonButton>
        </div>
      </div>
    </IonModal>
  );
}
