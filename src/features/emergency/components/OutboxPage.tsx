/**
 * /emergency/outbox: the alerts of this device, newest first, with their state (queued,
 * sending, sent with the server's time and the per-recipient delivery, failed with the
 * reason), retry and discard actions, and a "New alert" button opening the emergency dialog;
 * then the other writes of this device waiting to be sent (outbox/WritesList: conflicts to
 * resolve, writes waiting for another district).
 */
import { IonButton, IonSpinner, IonText } from '@ionic/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { memo, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EmergencyMailItem } from '../../../../common/api-types';
import { formatDateTime } from '../../../lib/dates';
import { translateIfKnown } from '../../../lib/i18n';
import type { OutboxAlert } from '../outbox/alerts';
import { mailOutboxQueryOptions } from '../api/get-outbox';
import { belongsTo, currentTenant, startOutboxDrainer } from '../outbox/drainer';
import { discardAlert, retryAlert } from '../outbox/queue';
import { useOutboxAlerts } from '../outbox/use-outbox';
import { WritesList } from '../outbox/WritesList';
import { EmergencyDialog } from './EmergencyDialog';
import './emergency.css';

export function OutboxPage() {
  const { t } = useTranslation();
  const alerts = useOutboxAlerts();
  const [open, setOpen] = useState(false);
  // A new modal for each opening: the closed one is dropped whole (see EmergencyDialog).
  const [opening, setOpening] = useState(0);
  const sentCount = alerts?.filter((a) => a.state === 'sent').length ?? 0;
  const draining = alerts?.some((a) => a.state === 'sending') ?? false;
  const delivery = useQuery(mailOutboxQueryOptions(sentCount > 0));
  const queryClient = useQueryClient();
  // Newly sent alerts have e-mails on the server now: ask once the drain has paused, not
  // once per alert while a long queue is going out (the sends come first).
  useEffect(() => {
    if (sentCount > 0 && !draining) void queryClient.invalidateQueries({ queryKey: mailOutboxQueryOptions(true).queryKey });
  }, [sentCount, draining, queryClient]);
  // Rebuilt only when the server's list changes, so unchanged rows keep their props (memo).
  const mailsByKey = useMemo(() => {
    const byKey = new Map<string, EmergencyMailItem[]>();
    for (const item of delivery.data?.items ?? []) byKey.set(item.idempotencyKey, [...(byKey.get(item.idempotencyKey) ?? []), item]);
    return byKey;
  }, [delivery.data]);

  useEffect(() => startOutboxDrainer(), []);
  // Once per render, not per row: a long queue re-renders while it drains.
  const tenant = currentTenant();

  return (
    // No IonPage/IonContent: the shell's IonContent is the page's one main landmark (a second,
    // nested one is an accessibility error); the dashboard does the same.
    <>
        <div className="emergency-outbox">
          <h1>{t('emergency.outbox_title')}</h1>
          <p>{t('emergency.outbox_intro')}</p>
          <IonButton
            color="danger"
            onClick={() => {
              setOpening((n) => n + 1);
              setOpen(true);
            }}
          >
            {t('emergency.new_alert')}
          </IonButton>
          {alerts === null && <IonSpinner name="crescent" />}
          {alerts?.length === 0 && <p>{t('emergency.outbox_empty')}</p>}
          <ul className="emergency-alerts" aria-label={t('emergency.outbox_title')}>
            {[...(alerts ?? [])].reverse().map((alert) => (
              <AlertRow
                key={alert.key}
                alert={alert}
                mine={tenant !== null && belongsTo(alert, tenant)}
                mails={mailsByKey.get(alert.key)}
                deliveryState={delivery.isError ? 'error' : delivery.isPending ? 'loading' : 'ready'}
              />
            ))}
          </ul>
          <WritesList />
        </div>
        <EmergencyDialog key={opening} isOpen={open} onDismiss={() => setOpen(false)} />
    </>
  );
}

interface AlertRowProps {
  alert: OutboxAlert;
  /** Created in the session's client, district and account. */
  mine: boolean;
  /** This alert's e-mails among the latest page of the server's outbox. */
  mails: EmergencyMailItem[] | undefined;
  deliveryState: 'loading' | 'error' | 'ready';
}

/** What a row shows of its alert: re-rendering the others is wasted work during a long drain. */
const sameRow = (a: AlertRowProps, b: AlertRowProps): boolean =>
  a.mine === b.mine &&
  a.mails === b.mails &&
  a.deliveryState === b.deliveryState &&
  a.alert.key === b.alert.key &&
  a.alert.state === b.alert.state &&
  a.alert.createdAt === b.alert.createdAt &&
  a.alert.serverTime === b.alert.serverTime &&
  a.alert.lastError === b.alert.lastError &&
  a.alert.recipients.join() === b.alert.recipients.join();

const AlertRow = memo(function AlertRow({ alert, mine, mails, deliveryState }: AlertRowProps) {
  const { t, i18n } = useTranslation();
  const time = (value: string | number) => formatDateTime(value, i18n.language);
  const reason = alert.lastError === null ? '' : (translateIfKnown(alert.lastError) ?? alert.lastError);

  return (
    <li className="emergency-alert" data-state={alert.state} data-key={alert.key}>
      <h2>{t('emergency.created_at', { time: time(alert.createdAt) })}</h2>
      <p>{t('emergency.recipients_list', { list: alert.recipients.join(', ') })}</p>
      <p role="status">
        {alert.state === 'sent' && t('emergency.state_sent', { time: time(alert.serverTime ?? alert.createdAt) })}
        {alert.state === 'queued' && t('emergency.state_queued')}
        {alert.state === 'sending' && t('emergency.state_sending')}
        {alert.state === 'failed' && (
          <IonText color="danger">{t('emergency.state_failed', { reason })}</IonText>
        )}
      </p>
      {alert.state !== 'sent' && !mine && <p>{t('emergency.other_session')}</p>}
      {alert.state === 'sent' && mine && <Delivery mails={mails} state={deliveryState} />}
      {alert.state === 'failed' && (
        <div className="app-dialog-actions">
          <IonButton fill="outline" color="medium" onClick={() => void discardAlert(alert.key)}>
            {t('emergency.discard')}
          </IonButton>
          <IonButton onClick={() => void retryAlert(alert.key)}>{t('emergency.retry')}</IonButton>
        </div>
      )}
    </li>
  );
}, sameRow);

function mailState(item: EmergencyMailItem, t: TFunction, time: (v: string) => string): string {
  switch (item.state) {
    case 'sent':
      return t('emergency.mail_sent', { time: time(item.sentAt ?? item.createdAt) });
    case 'failed':
      return t('emergency.mail_failed', { error: item.lastError ?? '' });
    case 'sending':
      return t('emergency.mail_sending');
    default:
      return t('emergency.mail_queued');
  }
}

function Delivery({ mails, state }: { mails: EmergencyMailItem[] | undefined; state: AlertRowProps['deliveryState'] }) {
  const { t, i18n } = useTranslation();
  const time = (value: string) => formatDateTime(value, i18n.language);
  if (state === 'loading' && mails === undefined) return <p>{t('emergency.delivery_loading')}</p>;
  if (mails === undefined) return state === 'error' ? <p>{t('emergency.delivery_unavailable')}</p> : null;
  return (
    <ul className="emergency-delivery">
      {mails.map((item) => (
        <li key={item._id}>
          {item.recipient} ({item.siteName}): {mailState(item, t, time)}
        </li>
      ))}
    </ul>
  );
}
