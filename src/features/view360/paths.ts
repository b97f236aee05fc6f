/** The 360 addresses (the manifest's prefix `360`), built in one place. */
export const VIEW360_PREFIX = '/360';

export interface TourSearch {
  /** The stage shown first (else the tour's start). */
  stage?: string;
  /** A marker to turn to (its stage is shown). */
  marker?: string;
}

export const tourHref = (siteId: string, search: TourSearch = {}): string => {
  const query = new URLSearchParams(Object.entries(search).filter((e): e is [string, string] => typeof e[1] === 'string')).toString();
  return `${VIEW360_PREFIX}/site/${encodeURIComponent(siteId)}${query ? `?${query}` : ''}`;
};
export const compareHref = (siteId: string, stageId: string): string => `${VIEW360_PREFIX}/site/${encodeURIComponent(siteId)}/compare/${encodeURIComponent(stageId)}`;

/** The sheets a marker opens, by kind (addresses only: their features are never imported). */
export const equipmentHref = (id: string): string => `/inventory/object/${encodeURIComponent(id)}`;
