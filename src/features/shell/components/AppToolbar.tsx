/**
 * The top toolbar (spec section 2): menu toggle; product and district names; the calendar
 * icon with today's day of month (/calendar); the workflow-V2 notification icon with its
 * badge; the bell menu and the emergency entry (slots filled by the app layer, features do
 * not import each other); help (a new tab); support (the support dialog); profile; disconnect.
 */
import {
  IonBadge,
  IonButton,
  IonButtons,
  IonHeader,
  IonIcon,
  IonItem,
  IonLabel,
  IonList,
  IonMenuButton,
  IonPopover,
  IonTitle,
  IonToolbar,
} from '@ionic/react';
import { useRouter } from '@tanstack/react-router';
import {
  chatbubblesOutline,
  ellipsisVertical,
  gitNetworkOutline,
  helpCircleOutline,
  logOutOutline,
  personCircleOutline,
} from 'ionicons/icons';
import { useState, type ReactNode } from 'react';
import { useBackClosesDialog } from '../../../hooks/use-back-closes-dialog';
import { useMediaQuery } from '../../../hooks/use-media-query';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '../../../../common/constants';
import { dayOfMonth } from '../../../lib/dates';
import { useEnvelope } from '../../../lib/envelope-store';

export const CALENDAR_PATH = '/calendar';
export const WORKFLOW_NOTIFICATIONS_PATH = '/notificationsWorkflowV2';
export const PROFILE_PATH = '/me/meInfos';
export const HELP_PATH = '/help';
/** Up to this width the secondary buttons move into the "more" menu (shell.css follows it). */
const PHONE_TOOLBAR_MEDIA = '(max-width: 575.98px)';

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
  /** Today, injectable for tests. */
  today?: Date;
}

export function AppToolbar({ districtName, onDisconnect, onSupport, notificationsSlot, emergencySlot, buttonsShown, today }: AppToolbarProps) {
  const { t } = useTranslation();
  const router = useRouter();
  const workflowCount = useEnvelope((state) => state.workflowNotificationsNumber);
  const day = dayOfMonth(today ?? new Date());
  // Phones: help, support, profile and disconnect share one "more" menu, so the district name
  // keeps its room in the toolbar. Each layout renders only its own buttons.
  const phone = useMediaQuery(PHONE_TOOLBAR_MEDIA);
  const [moreOpenedBy, setMoreOpenedBy] = useState<Event | null>(null);
  const closeMore = () => setMoreOpenedBy(null);
  useBackClosesDialog(moreOpenedBy !== null, closeMore);
  const openHelp = () => window.open(HELP_PATH, '_blank', 'noopener');
  const fromMore = (action: () => void) => () => {
    closeMore();
    action();
  };

  return (
    <IonHeader>
      <IonToolbar color="primary">
        <IonButtons slot="start">
          <IonMenuButton menu="main-menu" aria-label={t('shell.open_menu')} />
        </IonButtons>
        <IonTitle>
          <span className="toolbar-title">
            <span className="toolbar-product" data-testid="toolbar-product">
              {PRODUCT_NAME}
            </span>
            <span className="toolbar-district" data-testid="toolbar-district">
              {districtName ?? ''}
            </span>
          </span>
        </IonTitle>
        {buttonsShown && (
          <IonButtons slot="end">
            <IonButton routerLink={CALENDAR_PATH} aria-label={t('shell.calendar', { day })} title={t('shell.calendar', { day })}>
              <span className="toolbar-calendar" data-testid="toolbar-calendar-day" aria-hidden="true">
                {day}
              </span>
            </IonButton>
            <IonButton
              routerLink={WORKFLOW_NOTIFICATIONS_PATH}
              aria-label={t('shell.workflow_notifications', { count: workflowCount })}
              title={t('shell.workflow_notifications', { count: workflowCount })}
              className="toolbar-badged"
            >
              <IonIcon slot="icon-only" icon={gitNetworkOutline} aria-hidden="true" />
              {workflowCount > 0 && (
                <IonBadge color="danger" className="toolbar-badge" data-testid="workflow-badge">
                  {workflowCount}
                </IonBadge>
              )}
            </IonButton>
            {notificationsSlot}
            {emergencySlot}
            {phone ? (
              <IonButton
                aria-label={t('shell.more')}
                title={t('shell.more')}
                className="toolbar-more"
                onClick={(event) => setMoreOpenedBy(event.nativeEvent)}
              >
                <IonIcon slot="icon-only" icon={ellipsisVertical} aria-hidden="true" />
              </IonButton>
            ) : (
              <>
                <IonButton aria-label={t('shell.help')} title={t('shell.help')} className="toolbar-secondary" onClick={openHelp}>
                  <IonIcon slot="icon-only" icon={helpCircleOutline} aria-hidden="true" />
                </IonButton>
                <IonButton aria-label={t('shell.support')} title={t('shell.support')} className="toolbar-secondary" onClick={onSupport}>
                  <IonIcon slot="icon-only" icon={chatbubblesOutline} aria-hidden="true" />
                </IonButton>
                <IonButton routerLink={PROFILE_PATH} aria-label={t('shell.profile')} title={t('shell.profile')} className="toolbar-secondary">
                  <IonIcon slot="icon-only" icon={personCircleOutline} aria-hidden="true" />
                </IonButton>
                <IonButton aria-label={t('shell.disconnect')} title={t('shell.disconnect')} className="toolbar-secondary" onClick={onDisconnect}>
                  <IonIcon slot="icon-only" icon={logOutOutline} aria-hidden="true" />
                </IonButton>
              </>
            )}
          </IonButtons>
        )}
        {phone && (
          <IonPopover isOpen={moreOpenedBy !== null} event={moreOpenedBy ?? undefined} onDidDismiss={closeMore}>
            <IonList lines="none" data-testid="toolbar-more-menu">
              <IonItem button detail={false} onClick={fromMore(openHelp)}>
                <IonIcon slot="start" icon={helpCircleOutline} aria-hidden="true" />
                <IonLabel>{t('shell.help')}</IonLabel>
              </IonItem>
              <IonItem button detail={false} onClick={fromMore(onSupport)}>
                <IonIcon slot="start" icon={chatbubblesOutline} aria-hidden="true" />
                <IonLabel>{t('shell.support')}</IonLabel>
              </IonItem>
              <IonItem button detail={false} onClick={fromMore(() => void router.navigate({ href: PROFILE_PATH }))}>
                <IonIcon slot="start" icon={personCircleOutline} aria-hidden="true" />
                <IonLabel>{t('shell.profile')}</IonLabel>
              </IonItem>
              <IonItem button detail={false} onClick={fromMore(onDisconnect)}>
                <IonIcon slot="start" icon={logOutOutline} aria-hidden="true" />
                <IonLabel>{t('shell.disconnect')}</IonLabel>
              </IonItem>
            </IonList>
          </IonPopover>
        )}
      </IonToolbar>
    </IonHeader>
  );
}
