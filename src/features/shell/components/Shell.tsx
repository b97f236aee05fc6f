/**
 * The authenticated frame: split pane with the side menu (beside the content on wide screens,
 * a drawer on phones), the toolbar, and the page in the content area.
 */
import { IonContent, IonSplitPane } from '@ionic/react';
import type { ReactNode } from 'react';
import type { MenuAction } from '../menu';
import { AppToolbar } from './AppToolbar';
import { SideMenu } from './SideMenu';
import './shell.css';

const CONTENT_ID = 'main-content';

interface ShellProps {
  districtName: string | undefined;
  onDisconnect: () => void;
  children: ReactNode;
}

export function Shell({ districtName, onDisconnect, children }: ShellProps) {
  const onAction = (action: MenuAction) => {
    if (action === 'disconnect') onDisconnect();
  };
  return (
    <IonSplitPane contentId={CONTENT_ID} when="lg">
      <SideMenu contentId={CONTENT_ID} onAction={onAction} />
      <div className="ion-page" id={CONTENT_ID}>
        <AppToolbar districtName={districtName} onDisconnect={onDisconnect} />
        <IonContent>{children}</IonContent>
      </div>
    </IonSplitPane>
  );
}
