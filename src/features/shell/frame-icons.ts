/**
 * The icons the shell's frame shows (the toolbar with its slots, the phone's tab bar, the side
 * menu's entries), each set drawn from one image (MaskIcon's IconSprite): a dozen distinct
 * icons as a dozen images were a dozen SVG documents made in one style recalculation at start.
 * An icon left out of a set still shows, from an image of its own.
 */
import {
  chatbubblesOutline,
  cloudUploadOutline,
  ellipsisVertical,
  gitNetworkOutline,
  gridOutline,
  helpCircleOutline,
  logOutOutline,
  menuSharp,
  notificationsOutline,
  personCircleOutline,
  warningOutline,
} from 'ionicons/icons';
import { iconSprite } from '../../components/MaskIcon';
import { MENU_ICONS } from './menu-icons';

/** The toolbar's (with the bell's, the pending writes' and the emergency slots') and the tab bar's. */
export const FRAME_SPRITE = iconSprite([
  menuSharp,
  gitNetworkOutline,
  notificationsOutline,
  cloudUploadOutline,
  warningOutline,
  ellipsisVertical,
  helpCircleOutline,
  chatbubblesOutline,
  personCircleOutline,
  logOutOutline,
  gridOutline,
]);

/** Every entry's icon the manifests can name. */
export const MENU_SPRITE = iconSprite(Object.values(MENU_ICONS));
