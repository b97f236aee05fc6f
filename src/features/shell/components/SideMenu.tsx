/** The side navigation: the entries of menu.ts this user's rights allow. */
import { IonContent, IonHeader, IonIcon, IonItem, IonLabel, IonList, IonMenu, IonMenuToggle, IonTitle, IonToolbar } from '@ionic/react';
import { useRouterState } from '@tanstack/react-router';
import { useMemo, useRef, useState } from 'react';
import { useBackClosesDialog } from '../../../hooks/use-back-closes-dialog';
import { useTranslation } from 'react-i18next';
import { useEnvelope } from '../../../lib/envelope-store';
import { isCurrentEntry, menuFor, type MenuAction } from '../menu';

interface SideMenuProps {
  contentId: string;
  onAction: (action: MenuAction) => void;
}

export function SideMenu({ contentId, onAction }: SideMenuProps) {
  const { t } = useTranslation();
  const rights = useEnvelope((state) => state.rights);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const districtModules = useEnvelope((state) => state.districtModules);
  // The envelope store changes with every response carrying new rights: no reload needed.
  const entries = useMemo(() => menuFor({ rights, districtModules }), [rights, districtModules]);
  // As a drawer (phones), the menu is closed by browser back / Android back like a dialog.
  // Beside the content (split pane) it never opens as a drawer, so this stays off.
  const menu = useRef<HTMLIonMenuElement>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  useBackClosesDialog(drawerOpen, () => {
    const element = menu.current;
    if (element === null) return;
    // Ionic ignores close() while the opening animation runs: close once it has opened.
    void element.close(false).then((closed) => {
      if (!closed) element.addEventListener('ionDidOpen', () => void element.close(false), { once: true });
    });
  });

  return (
    // ion-menu is the navigation landmark itself (role="navigation"); it takes our label.
    <IonMenu
      ref={menu}
      contentId={contentId}
      menuId="main-menu"
      type="overlay"
      aria-label={t('shell.main_menu')}
      onIonWillOpen={() => setDrawerOpen(true)}
      onIonDidClose={() => setDrawerOpen(false)}
    >
      <IonHeader>
        <IonToolbar>
          <IonTitle>{t('shell.menu')}</IonTitle>
        </IonToolbar>
      </IonHeader>
      <IonContent>
        <IonList lines="none">
          {entries.map((entry) => {
            const current = isCurrentEntry(entry, pathname);
            return (
              <IonMenuToggle key={entry.id} autoHide={false}>
                {entry.kind === 'link' ? (
                  <IonItem
                    routerLink={entry.to}
                    detail={false}
                    className={current ? 'menu-item menu-item-current' : 'menu-item'}
                    aria-current={current ? 'page' : undefined}
                  >
                    <IonIcon slot="start" icon={entry.icon} aria-hidden="true" />
                    <IonLabel>{t(entry.labelKey)}</IonLabel>
                  </IonItem>
                ) : (
                  <IonItem button detail={false} className="menu-item" data-menu-action={entry.action} onClick={() => onAction(entry.action)}>
                    <IonIcon slot="start" icon={entry.icon} aria-hidden="true" />
                    <IonLabel>{t(entry.labelKey)}</IonLabel>
                  </IonItem>
                )}
              </IonMenuToggle>
            );
          })}
        </IonList>
      </IonContent>
    </IonMenu>
  );
}
