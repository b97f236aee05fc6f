/** The map's address (the manifest's prefix `cartography`), built in one place. */
import { defaultStringifySearch } from '@tanstack/react-router';
import type { MapSearch } from './search';

export const CARTOGRAPHY_PATH = '/cartography';

export const mapHref = (search?: MapSearch) =>
  `${CARTOGRAPHY_PATH}${search === undefined ? '' : defaultStringifySearch(search as Record<string, unknown>)}`;

/**
 * Where a feature leads, given by the app's route table (src/app/record-links.ts): features do
 * not import each other's addresses. A point of interest has no page of its own for a reader:
 * its popup shows its details.
 */
export interface MapLinks {
  site: (id: string) => string;
  declaration: (id: string) => string;
  /** The report form with a pin at the position. */
  reportAt: (position: { lat: number; lng: number }) => string;
}
