/** The fields of points, areas and area groups as their history shows them (components/module/history-format.ts). */
import type { HistoryFields } from '../../../components/module/history-format';

export const POINT_HISTORY_FIELDS: HistoryFields = {
  name: { label: 'cartography:management.points.field.name', kind: 'text' },
  description: { label: 'cartography:management.points.field.description', kind: 'text' },
  categoryId: { label: 'cartography:management.points.field.categoryId', kind: 'ref' },
  layerId: { label: 'cartography:management.points.field.layerId', kind: 'ref' },
  position: { label: 'cartography:management.points.field.position', kind: 'position' },
  siteId: { label: 'cartography:management.points.field.siteId', kind: 'ref' },
};

export const AREA_HISTORY_FIELDS: HistoryFields = {
  name: { label: 'cartography:management.areas.field.name', kind: 'text' },
  description: { label: 'cartography:management.areas.field.description', kind: 'text' },
  layerId: { label: 'cartography:management.areas.field.layerId', kind: 'ref' },
  groupId: { label: 'cartography:management.areas.field.groupId', kind: 'ref' },
  colour: { label: 'cartography:management.areas.field.colour', kind: 'text' },
  geometry: { label: 'cartography:management.areas.field.geometry', kind: 'shape' },
};

export const AREA_GROUP_HISTORY_FIELDS: HistoryFields = {
  name: { label: 'cartography:management.common.name', kind: 'text' },
  description: { label: 'cartography:management.common.description', kind: 'text' },
  colour: { label: 'cartography:management.common.colour', kind: 'text' },
};
