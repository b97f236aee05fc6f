/**
 * The authenticated frame: split pane with the side menu (beside the content on wide screens,
 * a drawer on phones), the toolbar, the page in the content area, the back-to-top button and,
 * on phones, the bottom tab bar. Slots (bell menu, emergency entry) come from the app layer.
 */
import { IonContent, IonSplitPane } from '@ionic/react';
import { startTransition, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { BACK_TO_TOP_THRESHOLD_PX } from '../../../../common/constants';
import { IconSprites } from '../../../components/MaskIcon';
import { TransferProgress } from '../../../components/TransferProgress';
import { useAfterFirstPaint } from '../../../hooks/use-after-first-paint';
import { useKeyboardScrollable } from '../../../hooks/use-keyboard-scrollable';
import { useMediaQuery } from '../../../hooks/use-media-query';
import { lazyPart } from '../../../lib/lazy-part';
import { whenIdle } from '../../../lib/when-idle';
import { FRAME_SPRITE } from '../frame-icons';
import type { MenuAction } from '../menu';
import { AppToolbar } from './AppToolbar';
import { ConnectionBanner } from './ConnectionBanner';
import { SideMenu, SPLIT_PANE_MEDIA, toggleMainMenu } from './SideMenu';
import { TabBar } from './TabBar';
import './shell.css';

const CONTENT_ID = 'main-content';

const BackToTop = lazyPart(() => import('./BackToTop').then((m) => m.BackToTop));

interface ShellProps {
  districtName: string | undefined;
  onMenuAction: (action: MenuAction) => void;
  onSupport: () => void;
  notificationsSlot?: ReactNode;
  emergencyToolbarSlot?: ReactNode;
  emergencyTabSlot?: ReactNode;
  children: ReactNode;
}

export function Shell({ districtName, onMenuAction, onSupport, notificationsSlot, emergencyToolbarSlot, emergencyTabSlot, children }: ShellProps) {
  const content = useRef<HTMLIonContentElement>(null);
  useKeyboardScrollable(content);
  const [pastThreshold, setPastThreshold] = useState(false);
  // Wide screens show the menu beside the content instead of the phone's tab bar.
  const wide = useMediaQuery(SPLIT_PANE_MEDIA);
  // The page comes first; the toolbar's buttons and, on a phone, the tab bar in one render
  // after the first paint.
  const painted = useAfterFirstPaint();
  // On a phone the closed drawer (ion-menu) is built at the first idle moment after that, a
  // task of its own, or at once when the menu button is pressed before then.
  const [drawerBuilt, setDrawerBuilt] = useState(false);
  const [drawerOpensWhenBuilt, setDrawerOpensWhenBuilt] = useState(false);
  useEffect(() => (painted ? whenIdle(() => startTransition(() => setDrawerBuilt(true))) : undefined), [painted]);
  const toggleMenu = () => {
    if (wide || drawerBuilt) {
      toggleMainMenu();
      return;
    }
    setDrawerOpensWhenBuilt(true);
    setDrawerBuilt(true);
  };

  return (
    <IonSplitPane contentId={CONTENT_ID} when={SPLIT_PANE_MEDIA}>
      {(wide || drawerBuilt) && <SideMenu contentId={CONTENT_ID} onAction={onMenuAction} openWhenBuilt={drawerOpensWhenBuilt} />}
      {/* The toolbar's and the tab bar's icons from one image (an icon the set lacks, its own). */}
      <IconSprites sprite={FRAME_SPRITE}>
        <div className="ion-page" id={CONTENT_ID}>
          <AppToolbar
            districtName={districtName}
            onDisconnect={() => onMenuAction('disconnect')}
            onSupport={onSupport}
            notificationsSlot={notificationsSlot}
            emergencySlot={emergencyToolbarSlot}
            buttonsShown={painted}
            menuToggleShown={!wide}
            onToggleMenu={toggleMenu}
          />
          <ConnectionBanner />
          <TransferProgress />
          <IonContent
            ref={content}
            scrollEvents
            onIonScroll={(event) => {
              void BackToTop.preload();
              setPastThreshold(event.detail.scrollTop > BACK_TO_TOP_THRESHOLD_PX);
            }}
          >
            {children}
            {pastThreshold && (
              <Suspense fallback={null}>
                <BackToTop onClick={() => void content.current?.scrollToTop(300)} />
              </Suspense>
            )}
          </IonContent>
          {!wide && painted && <TabBar emergencySlot={emergencyTabSlot} />}
        </div>
      </IconSprites>
    </IonSplitPane>
  );
}
