/**
 * Cartography management's query keys (points, categories, layers), under the map's own
 * (`['cartography', …]`): the same offline persistence, and an invalidation of the map's keys
 * reaches them too.
 */
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
