/**
 * The outbox page's second part: the writes of the other modules (records saved offline)
 * that are not delivered yet, oldest first, each with its state, the district it waits for
 * when it is not the session's, and what the user can do: retry or discard a refused one,
 * choose the values of a conflict (ConflictDialog). Hidden while there are none.
 */
import { IonButton } from '@ionic/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConflictDialog } from '../../../components/ConflictDialog';
import { WaitingMark } from '../../../components/WaitingMark';
import { formatDateTime } from '../../../lib/dates';
import { translateIfKnown } from '../../../lib/i18n';
import { discardWrite, isUndelivered, retryWrite } from '../../../lib/outbox/enqueue';
import { useOutboxItems } from '../../../lib/outbox/hooks';
import { currentTenant, itemBelongsTo } from '../../../lib/outbox/tenant';
import type { OutboxItem } from '../../../lib/outbox/types';
import { isAlert } from './alerts';

export function WritesList() {
  const { t, i18n } = useTranslation();
  const items = useOutboxItems();
  const [resolving, setResolving] = useState<string | null>(null);
  const writes = (items ?? []).filter((item) => !isAlert(item) && isUndelivered(item));
  if (writes.length === 0) return null;
  const tenant = currentTenant();
  const open = writes.find((item) => item.key === resolving) ?? null;

  const describe = (item: OutboxItem): string => {
    if (item.state === 'failed') {
      const reason = item.lastError === null ? '' : (translateIfKnown(item.lastError) ?? item.lastError);
      return reason === '' ? t('outbox.state_failed') : `${t('outbox.state_failed')} — ${reason}`;
    }
    return t(`outbox.state_${item.state}`);
  };

  return (
    <section className="outbox-writes" aria-labelledby="outbox-writes-title">
      <h2 id="outbox-writes-title">{t('outbox.writes_title')}</h2>
      <ul className="emergency-alerts">
        {writes.map((item) => {
          const mine = tenant !== null && itemBelongsTo(item, tenant);
          return (
            <li key={item.key} className="emergency-alert outbox-write" data-state={item.state} data-key={item.key}>
              <h3>
                {item.kind} · {item.recordId}
              </h3>
              <p>{t('outbox.created_at', { date: formatDateTime(item.createdAt, i18n.language) })}</p>
              <p>
                <WaitingMark variant={item.state === 'conflict' ? 'conflict' : item.state === 'failed' ? 'failed' : 'waiting'} />{' '}
                {describe(item)}
              </p>
              {!mine && <p>{t('outbox.other_tenant')}</p>}
              {(item.state === 'failed' || item.state === 'conflict') && (
                <div className="app-dialog-actions">
                  <IonButton fill="outline" color="medium" onClick={() => void discardWrite(item.key)}>
                    {t('outbox.discard')}
                  </IonButton>
                  {item.state === 'failed' && <IonButton onClick={() => void retryWrite(item.key)}>{t('outbox.retry')}</IonButton>}
                  {item.state === 'conflict' && mine && <IonButton onClick={() => setResolving(item.key)}>{t('outbox.resolve')}</IonButton>}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <ConflictDialog isOpen={open !== null} item={open} onDismiss={() => setResolving(null)} />
    </section>
  );
}
