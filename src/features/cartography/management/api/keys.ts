/**
 * Cartography management's query keys, named once, under the map's own (`['cartography', …]`):
 * the same offline persistence, and an invalidation of the map's keys reaches them too.
 */
import type { AreaListSearch } from '../area-search';
import type { PointListSearch } from '../points';

const root = ['cartography', 'management'] as const;

export const managementKeys = {
  all: root,
  points: () => [...root, 'points'] as const,
  pointList: (search: PointListSearch) => [...root, 'points', 'list', search] as const,
  point: (id: string) => [...root, 'points', 'detail', id] as const,
  pointHistory: (id: string) => [...root, 'points', 'history', id] as const,
  categories: (deleted: boolean) => [...root, 'categories', deleted] as const,
  layers: (deleted: boolean) => [...root, 'layers', deleted] as const,
  sites: (search: string) => [...root, 'sites', search] as const,
};

/** The areas, their groups (the incidents use the map's features). */
export const areaKeys = {
  areas: () => ['cartography', 'areas'] as const,
  list: (search: AreaListSearch) => ['cartography', 'areas', 'list', search] as const,
  detail: (id: string) => ['cartography', 'areas', 'detail', id] as const,
  history: (id: string) => ['cartography', 'areas', 'history', id] as const,
  groups: () => ['cartography', 'area-groups'] as const,
  groupList: (deleted: boolean) => ['cartography', 'area-groups', 'list', deleted] as const,
  groupHistory: (id: string) => ['cartography', 'area-groups', 'history', id] as const,
};
