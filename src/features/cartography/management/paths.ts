/**
 * Cartography management's addresses (the manifest's prefix `cartographyManagement` and its
 * views, common/modules/cartographyManagement.ts), built in one place.
 */
import type { MapPowers } from '../../../../common/modules/cartography/access';
import { cartographyManagement } from '../../../../common/modules/cartographyManagement';

export const CARTOGRAPHY_MANAGEMENT_PATH = `/${cartographyManagement.prefix}`;

/** The power that opens each view of the manifest (common/modules/cartography/access.ts). */
const POWER_OF_VIEW = {
  interestPointView: 'readPoints',
  interestPointManagement: 'readCategories',
  mapsArea: 'readAreas',
  mapsAreaGroup: 'readGroups',
  incident: 'readIncidents',
  layerManagement: 'readLayers',
} as const satisfies Record<string, keyof MapPowers>;

export type ManagementViewLabel = keyof typeof POWER_OF_VIEW;

export interface ManagementView {
  path: string;
  label: ManagementViewLabel;
  power: keyof MapPowers;
}

export const MANAGEMENT_VIEWS: readonly ManagementView[] = cartographyManagement.views.map((view) => {
  const label = view.label as ManagementViewLabel;
  return { path: view.path, label, power: POWER_OF_VIEW[label] };
});

export const managementHref = (label: ManagementViewLabel) => {
  const view = MANAGEMENT_VIEWS.find((candidate) => candidate.label === label);
  if (view === undefined) throw new Error(`No view ${label}`);
  return `${CARTOGRAPHY_MANAGEMENT_PATH}/${view.path}`;
};

/** The views these powers open, in the menu's order. */
export const openViews = (powers: MapPowers): ManagementView[] => MANAGEMENT_VIEWS.filter((view) => powers[view.power]);
