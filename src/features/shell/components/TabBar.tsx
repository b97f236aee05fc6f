/**
 * The phone tab bar (IonTabBar standalone, no IonTabs): dashboard, notifications (with the
 * right), profile, and the emergency slot (filled by the app layer with the right). Hidden on
 * wide screens by CSS, where the split pane shows the menu permanently.
 */
import { IonBadge, IonIcon, IonLabel, IonTabBar, IonTabButton } from '@ionic/react';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { gridOutline, notificationsOutline, personCircleOutline } from 'ionicons/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useEnvelope } from '../../../lib/envelope-store';
import { can } from '../../../lib/rights';
import { PROFILE_PATH } from './AppToolbar';

const TABS = [
  { tab: 'dashboard', href: '/dashboard', icon: gridOutline, labelKey: 'menu.dashboard' },
  { tab: 'notifications', href: '/notifications/notificationsView', icon: notificationsOutline, labelKey: 'modules.notifications', feature: 'notifications' },
  { tab: 'profile', href: PROFILE_PATH, icon: personCircleOutline, labelKey: 'shell.profile' },
] as const;

export function TabBar({ emergencySlot }: { emergencySlot?: ReactNode }) {
  const { t } = useTranslation();
  const router = useRouter();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const rights = useEnvelope((state) => state.rights);
  const unread = useEnvelope((state) => state.unreadNotificationsNumber);
  const tabs = TABS.filter((tab) => !('feature' in tab) || can(rights, tab.feature));
  const selected = tabs.find((tab) => pathname === tab.href || pathname.startsWith(`${tab.href}/`))?.tab;

  return (
    // IonTabBar keeps only IonTabButton children, so the emergency slot sits beside it.
    <nav className="phone-tabs" aria-label={t('shell.tabs')} data-testid="tab-bar">
      <IonTabBar className="phone-tab-bar" selectedTab={selected}>
      {tabs.map((tab) => (
        <IonTabButton
          key={tab.tab}
          tab={tab.tab}
          href={tab.href}
          // Standalone, IonTabBar navigates only through an IonTabs outlet: do it here.
          onClick={() => void router.navigate({ href: tab.href })}
        >
          <IonIcon icon={tab.icon} aria-hidden="true" />
          <IonLabel>{t(tab.labelKey)}</IonLabel>
          {tab.tab === 'notifications' && unread > 0 && <IonBadge color="danger">{unread}</IonBadge>}
        </IonTabButton>
      ))}
      </IonTabBar>
      {emergencySlot !== undefined && <div className="phone-tabs-emergency">{emergencySlot}</div>}
    </nav>
  );
}
