/**
 * The phone tab bar: dashboard, notifications (with the right), profile, and the emergency
 * slot (filled by the app layer with the right). Rendered by Shell below SPLIT_PANE_MEDIA only;
 * wide screens show the menu beside the content instead.
 *
 * Plain links in the look of Ionic's Material tab bar (shell.css): it is on screen at every
 * start on a phone, where ion-tab-bar, its ion-tab-buttons and their ion-icons weighed on the
 * start (docs/performance.md, "What the first screen is made of"). A plain click navigates with the router; the
 * current tab is marked with aria-current.
 */
import { useRouterState } from '@tanstack/react-router';
import { gridOutline, notificationsOutline, personCircleOutline } from 'ionicons/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/IconButton';
import { MaskIcon } from '../../../components/MaskIcon';
import { useLinkNavigation } from '../../../hooks/use-link-navigation';
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
  const navigate = useLinkNavigation();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const rights = useEnvelope((state) => state.rights);
  const unread = useEnvelope((state) => state.unreadNotificationsNumber);
  const tabs = TABS.filter((tab) => !('feature' in tab) || can(rights, tab.feature));
  const selected = tabs.find((tab) => pathname === tab.href || pathname.startsWith(`${tab.href}/`))?.tab;

  return (
    <nav className="phone-tabs" aria-label={t('shell.tabs')} data-testid="tab-bar">
      {tabs.map((tab) => (
        <a
          key={tab.tab}
          href={tab.href}
          className={tab.tab === selected ? 'phone-tab phone-tab-selected' : 'phone-tab'}
          aria-current={tab.tab === selected ? 'page' : undefined}
          onClick={navigate(tab.href)}
        >
          <MaskIcon icon={tab.icon} />
          <span className="phone-tab-label">{t(tab.labelKey)}</span>
          {tab.tab === 'notifications' && unread > 0 && <Badge count={unread} className="phone-tab-badge" announced />}
        </a>
      ))}
      {emergencySlot !== undefined && <div className="phone-tabs-emergency">{emergencySlot}</div>}
    </nav>
  );
}
