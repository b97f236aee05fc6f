/** The map's query keys, named once: every query and every invalidation uses these. */
export const cartographyKeys = {
  all: ['cartography'] as const,
  /** The whole district's features (no bbox, no filter): the map filters on the device, offline too. */
  features: () => ['cartography', 'features'] as const,
  layers: () => ['cartography', 'layers'] as const,
  basemap: () => ['cartography', 'basemap'] as const,
  /** The geocoder's places: outside `all`, so never kept offline (a search's answer, not the district's data). */
  places: (q: string) => ['cartography-places', q] as const,
};
