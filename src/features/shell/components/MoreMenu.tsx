/**
 * The phone toolbar's "more" menu: help, support, profile and disconnect in a popover. Its own
 * chunk (AppToolbar loads it at the first idle moment): Ionic's popover, list and item are not
 * in the first frame of every page.
 */
import { IonIcon, IonItem, IonList, IonPopover } from '@ionic/react';
import { Label } from '../../../components/Label';
import { chatbubblesOutline, helpCircleOutline, logOutOutline, personCircleOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';

export interface MoreMenuProps {
  /** The click that opened the menu (the popover places itself next to it); null: closed. */
  openedBy: Event | null;
  onDismiss: () => void;
  onHelp: () => void;
  onSupport: () => void;
  onProfile: () => void;
  onDisconnect: () => void;
}

export function MoreMenu({ openedBy, onDismiss, onHelp, onSupport, onProfile, onDisconnect }: MoreMenuProps) {
  const { t } = useTranslation();
  const entries = [
    { label: t('shell.help'), icon: helpCircleOutline, action: onHelp },
    { label: t('shell.support'), icon: chatbubblesOutline, action: onSupport },
    { label: t('shell.profile'), icon: personCircleOutline, action: onProfile },
    { label: t('shell.disconnect'), icon: logOutOutline, action: onDisconnect },
  ];
  return (
    // Ionic marks a popover aria-modal without a role (not allowed there): it is a named dialog.
    <IonPopover isOpen={openedBy !== null} event={openedBy ?? undefined} onDidDismiss={onDismiss} htmlAttributes={{ role: 'dialog', 'aria-label': t('shell.more') }}>
      <IonList lines="none" data-testid="toolbar-more-menu">
        {entries.map(({ label, icon, action }) => (
          <IonItem key={label} button detail={false} onClick={action}>
            <IonIcon slot="start" icon={icon} aria-hidden="true" />
            <Label>{label}</Label>
          </IonItem>
        ))}
      </IonList>
    </IonPopover>
  );
}
