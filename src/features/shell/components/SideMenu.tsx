/** The side navigation: the entries of menu.ts this user's rights allow. */
import { IonContent, IonHeader, IonIcon, IonItem, IonLabel, IonList, IonMenu, IonMenuToggle, IonTitle, IonToolbar } from '@ionic/react';
import { useRouterState } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useEnvelope } from '../../../lib/envelope-store';
import { isCurrentEntry, visibleMenuEntries, type MenuAction } from '../menu';

interface SideMenuProps {
  contentId: string;
  onAction: (action: MenuAction) => void;
}

export function SideMenu({ contentId, onAction }: SideMenuProps) {
  const { t } = useTranslation();
  const rights = useEnvelope((state) => state.rights);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const entries = useMemo(() => visibleMenuEntries(rights), [rights]);

  return (
    // ion-menu is the navigation landmark itself (role="navigation"); it takes our label.
    <IonMenu contentId={contentId} menuId="main-menu" type="overlay" aria-label={t('shell.main_menu')}>
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
                  <IonItem button detail={false} className="menu-item" onClick={() => onAction(entry.action)}>
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
