/**
 * The bell's popover: the last unread notifications, "mark read" per row, "mark all read" and
 * a link to the full list. Its own chunk (NotificationBell loads it at the first idle moment):
 * Ionic's popover, list, item, button and spinner are not in the first frame of every page.
 */
import { IonButton, IonIcon, IonItem, IonList, IonPopover, IonSpinner } from '@ionic/react';
import { Label } from '../../../components/Label';
import { useRouter } from '@tanstack/react-router';
import { checkmarkDoneOutline, checkmarkOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { useEnvelope } from '../../../lib/envelope-store';
import { useLastUnread } from '../api/get-last-unread';
import { useMarkAllReadMutation } from '../api/mark-all-read';
import { useMarkReadMutation } from '../api/mark-read';
import { notificationLabel } from '../notification-label';
import { NOTIFICATIONS_VIEW_PATH } from './NotificationBell';

export interface BellMenuProps {
  /** The click that opened the menu (the popover places itself next to it); null: closed. */
  openedBy: Event | null;
  onClose: () => void;
}

export function BellMenu({ openedBy, onClose }: BellMenuProps) {
  const { t, i18n } = useTranslation();
  const router = useRouter();
  const open = openedBy !== null;
  const unread = useEnvelope((state) => state.unreadNotificationsNumber);
  const fromEnvelope = useEnvelope((state) => state.lastUnreadNotifications);
  const lastUnread = useLastUnread(open);
  const markRead = useMarkReadMutation();
  const markAllRead = useMarkAllReadMutation();
  const items = lastUnread.data ?? fromEnvelope;

  return (
    // Ionic marks a popover aria-modal without a role (not allowed there): it is a named dialog.
    <IonPopover
      isOpen={open}
      event={openedBy ?? undefined}
      onDidDismiss={onClose}
      className="bell-popover"
      htmlAttributes={{ role: 'dialog', 'aria-label': t('notifications.last_unread') }}
    >
      <div className="bell-menu" role="region" aria-label={t('notifications.last_unread')}>
        <h2 className="bell-title">{t('notifications.last_unread')}</h2>
        {items.length === 0 ? (
          <p className="bell-empty">{lastUnread.isPending && open ? <IonSpinner name="crescent" /> : t('notifications.none_unread')}</p>
        ) : (
          <IonList lines="full" data-testid="bell-list">
            {items.map((item) => (
              <IonItem key={item._id}>
                <Label>
                  <p className="bell-name">{notificationLabel(t, item)}</p>
                  <p className="bell-date">{formatDateTime(item.createdAt, i18n.language)}</p>
                </Label>
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
              onClose();
              void router.navigate({ href: NOTIFICATIONS_VIEW_PATH });
            }}
          >
            {t('notifications.see_all')}
          </IonButton>
        </div>
      </div>
    </IonPopover>
  );
}
