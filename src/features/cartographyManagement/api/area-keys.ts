/**
 * The query keys of the areas, their groups and the incidents' management, named once. Under
 * the map's own prefix ('cartography', persisted for offline reading with the map's reads:
 * ../../cartography/offline.ts), so what a manager opened stays readable offline.
 */
import type { AreaListSearch } from '../area-search';

export const areaKeys = {
  areas: () => ['cartography', 'areas'] as const,
  list: (search: AreaListSearch) => ['cartography', 'areas', 'list', search] as const,
  detail: (id: string) => ['cartography', 'areas', 'detail', id] as const,
  history: (id: string) => ['cartography', 'areas', 'history', id] as const,
  groups: () => ['cartography', 'area-groups'] as const,
  groupList: (deleted: boolean) => ['cartography', 'area-groups', 'list', deleted] as const,
  groupHistory: (id: string) => ['cartography', 'area-groups', 'history', id] as const,
};
