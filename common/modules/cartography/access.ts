/**
 * What a member may do on the map and in its management, from `can()` (common/rights.ts) and
 * the features of two manifests: Cartography (`cartography`: the map) and Cartography
 * management (one feature per subject of spec section 6). The server's routes and the app's
 * screens ask the same.
 *
 * - The map (cartography.read) shows the district's sites, points, areas and its incidents (the
 *   declarations with a position that the caller may read). Any cartography_advanced read
 *   right also opens the map: a manager of points needs to see them.
 * - Each management subject's read right lists its records; its manage right writes them.
 *   Layers are the frame of points and areas: a manager of points or areas reads the layers
 *   to choose one, and creating a layer needs the layer manage right. The map's readers read
 *   the layers too (GET /layers without `deleted`): the map's layers panel and legend list
 *   them by name and colour, with their visibility by default.
 */
import { can } from '../../rights';

export interface MapPowers {
  /** Opens the map (GET /features, /basemap, /places). */
  map: boolean;
  readPoints: boolean;
  managePoints: boolean;
  readCategories: boolean;
  manageCategories: boolean;
  readAreas: boolean;
  manageAreas: boolean;
  readGroups: boolean;
  manageGroups: boolean;
  readLayers: boolean;
  manageLayers: boolean;
  /** The incidents' management view (declarations on the map with their status). */
  readIncidents: boolean;
  manageIncidents: boolean;
  /** Imports GeoJSON / KML (points or areas, by the manage right of what the text holds). */
  importAny: boolean;
}

export function mapPowers(rights: readonly string[]): MapPowers {
  const pair = (feature: Parameters<typeof can>[1]) => {
    const manage = can(rights, feature, 'manage');
    return { read: manage || can(rights, feature, 'read'), manage };
  };
  const points = pair('interestPoints');
  const categories = pair('interestPointCategories');
  const areas = pair('mapAreas');
  const groups = pair('mapAreaGroups');
  const layers = pair('mapLayers');
  const incidents = pair('incidents');
  const anyAdvanced = points.read || categories.read || areas.read || groups.read || layers.read || incidents.read;
  const map = can(rights, 'cartography', 'read') || anyAdvanced;
  return {
    map,
    readPoints: points.read,
    managePoints: points.manage,
    readCategories: categories.read || points.read,
    manageCategories: categories.manage,
    readAreas: areas.read,
    manageAreas: areas.manage,
    readGroups: groups.read || areas.read,
    manageGroups: groups.manage,
    /** The map's readers too (its layers panel); deleted layers stay for the management rights. */
    readLayers: layers.read || points.read || areas.read || map,
    manageLayers: layers.manage,
    readIncidents: incidents.read,
    manageIncidents: incidents.manage,
    importAny: points.manage || areas.manage,
  };
}
