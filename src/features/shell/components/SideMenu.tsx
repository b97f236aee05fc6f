/**
 * The side navigation: the entries of menu.ts this user's rights allow.
 *
 * On a phone the menu is a closed drawer: its entries (items, icons) are not in the shell's
 * first frame but rendered at the first idle moment, or at once when the drawer starts to
 * open before that. Beside the content (split pane, wide screens) they render with the shell.
 */
import { menuController } from '@ionic/core/components';
import { IonMenu } from '@ionic/react';
import { useRouterState } from '@tanstack/react-router';
import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { useBackClosesDialog } from '../../../hooks/use-back-closes-dialog';
import { useLinkNavigation } from '../../../hooks/use-link-navigation';
import { useMediaQuery } from '../../../hooks/use-media-query';
import { useTranslation } from 'react-i18next';
import { IconSprites, MaskIcon } from '../../../components/MaskIcon';
import { useEnvelope } from '../../../lib/envelope-store';
import { whenIdle } from '../../../lib/when-idle';
import { MENU_SPRITE } from '../frame-icons';
import { isCurrentEntry, menuFor, type MenuAction } from '../menu';

/** Ionic's `lg` breakpoint: from this width the split pane shows the menu beside the content. */
export const SPLIT_PANE_MEDIA = '(min-width: 992px)';
/** The menu's id: the toolbar's toggle opens it through Ionic's menu controller. */
export const MAIN_MENU_ID = 'main-menu';

/** Opens the drawer, or closes it when open (the toolbar's menu button). */
export const toggleMainMenu = (): void => void menuController.toggle(MAIN_MENU_ID);

interface SideMenuProps {
  contentId: string;
  onAction: (action: MenuAction) => void;
  /** Opens the drawer as soon as it is built (the menu button was pressed before). */
  openWhenBuilt?: boolean;
}

export function SideMenu({ contentId, onAction, openWhenBuilt = false }: SideMenuProps) {
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
  // Beside the content the entries are on screen from the start; in a drawer, from idle or
  // from the drawer's opening, whichever comes first.
  const besideContent = useMediaQuery(SPLIT_PANE_MEDIA);
  const [entriesWanted, setEntriesWanted] = useState(false);
  const entriesShown = besideContent || entriesWanted;
  useEffect(() => whenIdle(() => startTransition(() => setEntriesWanted(true))), []);
  // At the build only: later presses go through the menu controller (Shell).
  const [openAtBuild] = useState(openWhenBuilt);
  useEffect(() => {
    // The controller waits for the new ion-menu to be ready.
    if (openAtBuild) void menuController.open(MAIN_MENU_ID);
  }, [openAtBuild]);
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
      menuId={MAIN_MENU_ID}
      type="overlay"
      aria-label={t('shell.main_menu')}
      onIonWillOpen={() => {
        setEntriesWanted(true);
        setDrawerOpen(true);
      }}
      onIonDidClose={() => setDrawerOpen(false)}
    >
      {entriesShown && (
        <MenuEntries entries={entries} pathname={pathname} onAction={onAction} close={() => void menu.current?.close()} />
      )}
    </IonMenu>
  );
}

interface MenuEntriesProps {
  entries: ReturnType<typeof menuFor>;
  pathname: string;
  onAction: (action: MenuAction) => void;
  /** Closes the drawer (a no-op beside the content). */
  close: () => void;
}

/**
 * The entries as plain links and buttons in the look of Ionic's list items: a dozen ion-items
 * with their icons made the drawer the heaviest part of the shell's start on a phone.
 */
function MenuEntries({ entries, pathname, onAction, close }: MenuEntriesProps) {
  const { t } = useTranslation();
  const navigate = useLinkNavigation();
  return (
    <IconSprites sprite={MENU_SPRITE}>
      <div className="menu-panel">
        <h2 className="menu-title">{t('shell.menu')}</h2>
        <ul className="menu-list">
          {entries.map((entry) => {
            const content = (
              <>
                <MaskIcon icon={entry.icon} />
                <span>{t(entry.labelKey)}</span>
              </>
            );
            if (entry.kind !== 'link') {
              return (
                <li key={entry.id}>
                  <button
                    type="button"
                    className="menu-item"
                    data-menu-action={entry.action}
                    onClick={() => {
                      close();
                      onAction(entry.action);
                    }}
                  >
                    {content}
                  </button>
                </li>
              );
            }
            const current = isCurrentEntry(entry, pathname);
            return (
              <li key={entry.id}>
                <a
                  href={entry.to}
                  className={current ? 'menu-item menu-item-current' : 'menu-item'}
                  aria-current={current ? 'page' : undefined}
                  onClick={navigate(entry.to, close)}
                >
                  {content}
                </a>
              </li>
            );
          })}
        </ul>
      </div>
    </IconSprites>
  );
}
