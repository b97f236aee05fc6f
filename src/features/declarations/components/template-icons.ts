/** The contract's TEMPLATE_ICONS as ionicons (outline), for the type chooser, the list and the sheet. */
import { carOutline, constructOutline, eyeOutline, flameOutline, flashOutline, leafOutline, lockClosedOutline, medkitOutline, warningOutline, waterOutline } from 'ionicons/icons';

export const TEMPLATE_ICON_SVG: Readonly<Record<string, string>> = {
  warning: warningOutline,
  flame: flameOutline,
  water: waterOutline,
  construct: constructOutline,
  leaf: leafOutline,
  eye: eyeOutline,
  medkit: medkitOutline,
  flash: flashOutline,
  car: carOutline,
  'lock-closed': lockClosedOutline,
};

export const iconOf = (name: string) => TEMPLATE_ICON_SVG[name] ?? warningOutline;
