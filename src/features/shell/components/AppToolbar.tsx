/**
 * The top toolbar (spec section 2): menu toggle; product and district names; the calendar
 * icon with today's day of month (/calendar); the workflow icon with its badge (the member's
 * actions overdue or due soon, leading to its actions); the bell menu, the count of writes waiting to be sent (PendingWritesLink) and the
 * emergency entry (slots filled by the app layer, features do not import each other); help (a new tab); support (the support dialog); profile; disconnect.
 */
import { useRouter } from '@tanstack/react-router';
import {
  chatbubblesOutline,
  ellipsisVertical,
  gitNetworkOutline,
  helpCircleOutline,
  logOutOutline,
  menuSharp,
  personCircleOutline,
} from 'ionicons/icons';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Badge, IconButton, IconLink } from '../../../components/IconButton';
import { useBackClosesDialog } from '../../../hooks/use-back-closes-dialog';
import { useLatch } from '../../../hooks/use-latch';
import { useMediaQuery } from '../../../hooks/use-media-query';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '../../../../common/constants';
import { actionPlans } from '../../../../common/modules/actionPlans';
import { notificationsWorkflowV2 } from '../../../../common/modules/notificationsWorkflowV2';
import { dayOfMonth } from '../../../lib/dates';
import { useEnvelope } from '../../../lib/envelope-store';
import { lazyPart } from '../../../lib/lazy-part';
import { whenIdle } from '../../../lib/when-idle';
import { PendingWritesLink } from './PendingWritesLink';

export const CALENDAR_PATH = '/calendar';
/** The member's own actions (the dashboard's "all my actions"). */
export const MY_ACTIONS_PATH = `/${actionPlans.prefix}/actions?mine=true`;
/**
 * The workflow icon's address: the member's workflow inbox (notificationsWorkflowV2), where its
 * badge (the envelope's workflowNotificationsNumber: the workflows waiting on the member, and its
 * actions overdue or due soon, docs/actions.md) leads.
 */
export const WORKFLOW_NOTIFICATIONS_PATH = `/${notificationsWorkflowV2.prefix}`;
export const PROFILE_PATH = '/me/meInfos';
export const HELP_PATH = '/help';
/** Up to this width the secondary buttons move into the "more" menu (shell.css follows it). */
const PHONE_TOOLBAR_MEDIA = '(max-width: 575.98px)';

const MoreMenu = lazyPart(() => import('./MoreMenu').then((m) => m.MoreMenu));

interface AppToolbarProps {
  districtName: string | undefined;
  onDisconnect: () => void;
  onSupport: () => void;
  /** The bell menu (features/notifications), when the user has the right. */
  notificationsSlot?: ReactNode;
  /** The emergency entry (features/emergency), when the user has the right. */
  emergencySlot?: ReactNode;
  /** Whether the buttons are rendered: Shell holds them back until after the first paint. */
  buttonsShown: boolean;
  /** The drawer's toggle; off where the menu is beside the content (split pane). */
  menuToggleShown: boolean;
  onToggleMenu: () => void;
  /** Today, injectable for tests. */
  today?: Date;
}

/**
 * A plain header in the look of Ionic's Material toolbar (shell.css), with plain buttons
 * (components/IconButton): it is in the first frame of every page, where ion-header,
 * ion-toolbar, ion-buttons and their ion-button/ion-icon children were most of the start's
 * work on a phone. Ionic stays for the "more" menu (MoreMenu), a popover in a chunk of its
 * own, fetched at the first idle moment and built at its first opening.
 */
export function AppToolbar({
  districtName,
  onDisconnect,
  onSupport,
  notificationsSlot,
  emergencySlot,
  buttonsShown,
  menuToggleShown,
  onToggleMenu,
  today,
}: AppToolbarProps) {
  const { t } = useTranslation();
  const router = useRouter();
  const workflowCount = useEnvelope((state) => state.workflowNotificationsNumber);
  const day = dayOfMonth(today ?? new Date());
  // Phones: help, support, profile and disconnect share one "more" menu, so the district name
  // keeps its room in the toolbar. Each layout renders only its own buttons.
  const phone = useMediaQuery(PHONE_TOOLBAR_MEDIA);
  const [moreOpenedBy, setMoreOpenedBy] = useState<Event | null>(null);
  const moreBuilt = useLatch(moreOpenedBy !== null);
  const closeMore = () => setMoreOpenedBy(null);
  useBackClosesDialog(moreOpenedBy !== null, closeMore);
  useEffect(() => (phone ? whenIdle(() => void MoreMenu.preload()) : undefined), [phone]);
  const openMore = (event: Event) => {
    void MoreMenu.preload();
    setMoreOpenedBy(event);
  };
  const openHelp = () => window.open(HELP_PATH, '_blank', 'noopener');
  const fromMore = (action: () => void) => () => {
    closeMore();
    action();
  };

  return (
    <header className="app-header">
      <div className="app-toolbar">
        {menuToggleShown && (
          <IconButton label={t('shell.open_menu')} icon={menuSharp} onClick={onToggleMenu} />
        )}
        <div className="app-toolbar-title">
          <span className="toolbar-title">
            <span className="toolbar-product" data-testid="toolbar-product">
              {PRODUCT_NAME}
            </span>
            <span className="toolbar-district" data-testid="toolbar-district">
              {districtName ?? ''}
            </span>
          </span>
        </div>
        {buttonsShown && (
          <div className="app-toolbar-buttons">
            <IconLink href={CALENDAR_PATH} label={t('shell.calendar', { day })}>
              <span className="toolbar-calendar" data-testid="toolbar-calendar-day" aria-hidden="true">
                {day}
              </span>
            </IconLink>
            <IconLink
              href={WORKFLOW_NOTIFICATIONS_PATH}
              label={t('shell.workflow_notifications', { count: workflowCount })}
              icon={gitNetworkOutline}
            >
              {workflowCount > 0 && <Badge count={workflowCount} testId="workflow-badge" />}
            </IconLink>
            {notificationsSlot}
            <PendingWritesLink />
            {emergencySlot}
            {phone ? (
              <IconButton
                label={t('shell.more')}
                icon={ellipsisVertical}
                className="toolbar-more"
                onClick={(event) => openMore(event.nativeEvent)}
              />
            ) : (
              <>
                <IconButton label={t('shell.help')} icon={helpCircleOutline} className="toolbar-secondary" onClick={openHelp} />
                <IconButton label={t('shell.support')} icon={chatbubblesOutline} className="toolbar-secondary" onClick={onSupport} />
                <IconLink href={PROFILE_PATH} label={t('shell.profile')} icon={personCircleOutline} className="toolbar-secondary" />
                <IconButton label={t('shell.disconnect')} icon={logOutOutline} className="toolbar-secondary" onClick={onDisconnect} />
              </>
            )}
          </div>
        )}
        {phone && moreBuilt && (
          <Suspense fallback={null}>
            <MoreMenu
              openedBy={moreOpenedBy}
              onDismiss={closeMore}
              onHelp={fromMore(openHelp)}
              onSupport={fromMore(onSupport)}
              onProfile={fromMore(() => void router.navigate({ href: PROFILE_PATH }))}
              onDisconnect={fromMore(onDisconnect)}
            />
          </Suspense>
        )}
      </div>
    </header>
  );
}
