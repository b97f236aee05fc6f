/**
 * /notifications/notificationsView: the full list (newest first, pages of the server's limit),
 * mark one read, mark all read.
 */
import { IonButton, IonItem, IonList, IonNote, IonSpinner } from '@ionic/react';
import { Label } from '../../../components/Label';
import { FromDeviceNote } from '../../../components/module/FromDeviceNote';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { NOTIFICATIONS_PAGE_SIZE, useNotifications } from '../api/get-notifications';
import { useMarkAllReadMutation } from '../api/mark-all-read';
import { useMarkReadMutation } from '../api/mark-read';
import { notificationLabel } from '../notification-label';
import './notifications.css';

export function NotificationsPage() {
  const { t, i18n } = useTranslation();
  const [offset, setOffset] = useState(0);
  const list = useNotifications(offset);
  const markRead = useMarkReadMutation();
  const markAllRead = useMarkAllReadMutation();
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const hasUnread = items.some((item) => item.readAt === null);

  return (
    <div className="notifications-page ion-padding">
      <div className="notifications-toolbar">
        <h1>{t('modules.notifications')}</h1>
        <IonButton disabled={!hasUnread || markAllRead.isPending} onClick={() => markAllRead.mutate()}>
          {t('notifications.mark_all_read')}
        </IonButton>
      </div>
      {list.isPending && <IonSpinner name="crescent" aria-label={t('notifications.loading')} />}
      {list.isError && list.data === undefined && <p role="alert">{t('notifications.load_failed')}</p>}
      <FromDeviceNote query={list} />
      {(markRead.isError || markAllRead.isError) && <p role="alert">{t('notifications.update_failed')}</p>}
      {list.data !== undefined && items.length === 0 && <p>{t('notifications.empty')}</p>}
      {items.length > 0 && (
        <IonList data-testid="notifications-list">
          {items.map((item) => {
            const name = notificationLabel(t, item);
            const unread = item.readAt === null;
            return (
              <IonItem key={item._id} className={unread ? 'notification-unread' : undefined}>
                <Label>
                  <p className="notification-name">{name}</p>
                  <p className="notification-date">
                    {formatDateTime(item.createdAt, i18n.language)}
                    {item.kind === 'workflow' && ` · ${t('notifications.workflow')}`}
                  </p>
                </Label>
                {unread ? (
                  <IonButton
                    slot="end"
                    fill="outline"
                    size="small"
                    aria-label={t('notifications.mark_read_one', { name })}
                    title={t('notifications.mark_read_one', { name })}
                    disabled={markRead.isPending}
                    onClick={() => markRead.mutate(item._id)}
                  >
                    {t('notifications.mark_read')}
                  </IonButton>
                ) : (
                  <IonNote slot="end">{t('notifications.read')}</IonNote>
                )}
              </IonItem>
            );
          })}
        </IonList>
      )}
      {total > NOTIFICATIONS_PAGE_SIZE && (
        <div className="notifications-toolbar">
          <IonButton fill="clear" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - NOTIFICATIONS_PAGE_SIZE))}>
            {t('notifications.newer')}
          </IonButton>
          <IonButton fill="clear" disabled={offset + NOTIFICATIONS_PAGE_SIZE >= total} onClick={() => setOffset(offset + NOTIFICATIONS_PAGE_SIZE)}>
            {t('notifications.older')}
          </IonButton>
        </div>
      )}
    </div>
  );
}
