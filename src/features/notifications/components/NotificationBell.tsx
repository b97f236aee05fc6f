/**
 * The toolbar's bell menu (spec section 2): the unread badge, and a popover (BellMenu) with the
 * last unread notifications, "mark read" per row, "mark all read" and a link to the full list.
 * The counts come from the envelope store (every response carries them; the socket makes the
 * app ask again when a notification arrives).
 */
import { notificationsOutline } from 'ionicons/icons';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, IconButton } from '../../../components/IconButton';
import { useBackClosesDialog } from '../../../hooks/use-back-closes-dialog';
import { useLatch } from '../../../hooks/use-latch';
import { useEnvelope } from '../../../lib/envelope-store';
import { lazyPart } from '../../../lib/lazy-part';
import { whenIdle } from '../../../lib/when-idle';
import './notifications.css';

const BellMenu = lazyPart(() => import('./BellMenu').then((m) => m.BellMenu));

export const NOTIFICATIONS_VIEW_PATH = '/notifications/notificationsView';

export function NotificationBell() {
  const { t } = useTranslation();
  // The click that opened the menu: the popover places itself next to it.
  const [openedBy, setOpenedBy] = useState<Event | null>(null);
  const open = openedBy !== null;
  // The popover is built at its first opening, not with the toolbar at every start.
  const built = useLatch(open);
  const unread = useEnvelope((state) => state.unreadNotificationsNumber);
  const close = () => setOpenedBy(null);
  useBackClosesDialog(open, close);
  useEffect(() => whenIdle(() => void BellMenu.preload()), []);
  const openMenu = (event: Event) => {
    void BellMenu.preload();
    setOpenedBy(event);
  };

  return (
    <>
      <IconButton label={t('notifications.bell', { count: unread })} icon={notificationsOutline} onClick={(event) => openMenu(event.nativeEvent)}>
        {unread > 0 && <Badge count={unread} testId="notifications-badge" />}
      </IconButton>
      {built && (
        <Suspense fallback={null}>
          <BellMenu openedBy={openedBy} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
