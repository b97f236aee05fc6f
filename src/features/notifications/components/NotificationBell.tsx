/**
 * The toolbar's bell menu (spec section 2): the unread badge, and a popover with the last
 * unread notifications, "mark read" per row, "mark all read" and a link to the full list.
 * The counts come from the envelope store (every response carries them; the socket makes the
 * app ask again when a notification arrives).
 */
import { IonButton, IonIcon, IonItem, IonLabel, IonList, IonPopover, IonSpinner } from '@ionic/react';
import { useRouter } from '@tanstack/react-router';
import { checkmarkDoneOutline, checkmarkOutline, notificationsOutline } from 'ionicons/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, IconButton } from '../../../components/IconButton';
import { useBackClosesDialog } from '../../../hooks/use-back-closes-dialog';
import { useLatch } from '../../../hooks/use-latch';
import { formatDateTime } from '../../../lib/dates';
import { useEnvelope } from '../../../lib/envelope-store';
import { useLastUnread } from '../api/get-last-unread';
import { useMarkAllReadMutation } from '../api/mark-all-read';
import { useMarkReadMutation } from '../api/mark-read';
import { notificationLabel } from '../notification-label';
import './notifications.css';

export const NOTIFICATIONS_VIEW_PATH = '/notifications/notificationsView';

export function NotificationBell() {
  const { t, i18n } = useTranslation();
  const router = useRouter();
  // The click that opened the menu: the popover places itself next to it.
  const [openedBy, setOpenedBy] = useState<Event | null>(null);
  const open = openedBy !== null;
  // The popover is built at its first opening, not with the toolbar at every start.
  const built = useLatch(open);
  const unread = useEnvelope((state) => state.unreadNotificationsNumber);
  const fromEnvelope = useEnvelope((state) => state.lastUnreadNotifications);
  const lastUnread = useLastUnread(open);
  const markRead = useMarkReadMutation();
  const markAllRead = useMarkAllReadMutation();
  const close = () => setOpenedBy(null);
  useBackClosesDialog(open, close);

  const items = lastUnread.data ?? fromEnvelope;
  const label = t('notifications.bell', { count: unread });

  return (
    <>
      <IconButton label={label} icon={notificationsOutline} onClick={(event) => setOpenedBy(event.nativeEvent)}>
        {unread > 0 && <Badge count={unread} testId="notifications-badge" />}
      </IconButton>
      {built && (
        <IonPopover isOpen={open} event={openedBy ?? undefined} onDidDismiss={close} className="bell-popover">
          <div className="bell-menu" role="region" aria-label={t('notifications.last_unread')}>
            <h2 className="bell-title">{t('notifications.last_unread')}</h2>
            {items.length === 0 ? (
              <p className="bell-empty">{lastUnread.isPending && open ? <IonSpinner name="crescent" /> : t('notifications.none_unread')}</p>
            ) : (
              <IonList lines="full" data-testid="bell-list">
                {items.map((item) => (
                  <IonItem key={item._id}>
                    <IonLabel>
                      <p className="bell-name">{notificationLabel(t, item)}</p>
                      <p className="bell-date">{formatDateTime(item.createdAt, i18n.language)}</p>
                    </IonLabel>
                    <IonButton
                      slot="end"
                      fill="clear"
                      aria-label={t('notifications.mark_read_one', { name: notificationLabel(t, item) })}
                      title={t('notifications.mark_read_one', { name: notificationLabel(t, item) })}
                      disabled={markRead.isPending}
                      onClick={() => markRead.mutate(item._id)}
                    >
                      <IonIcon slot="icon-only" icon={checkmarkOutline} aria-hidden="true" />
                    </IonButton>
                  </IonItem>
                ))}
              </IonList>
            )}
            {(markRead.isError || markAllRead.isError) && <p role="alert">{t('notifications.update_failed')}</p>}
            <div className="bell-actions">
              <IonButton fill="clear" size="small" disabled={unread === 0 || markAllRead.isPending} onClick={() => markAllRead.mutate()}>
                <IonIcon slot="start" icon={checkmarkDoneOutline} aria-hidden="true" />
                {t('notifications.mark_all_read')}
              </IonButton>
              <IonButton
                fill="clear"
                size="small"
                onClick={() => {
                  close();
                  void router.navigate({ href: NOTIFICATIONS_VIEW_PATH });
                }}
              >
                {t('notifications.see_all')}
              </IonButton>
            </div>
          </div>
        </IonPopover>
      )}
    </>
  );
}
