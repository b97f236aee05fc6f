/**
 * What the map needs without a network (MODULES.md "Reads, offline"), as the module's offline
 * declaration (lib/offline-reads.ts runs it after login, at idle moments and on reconnect): the
 * whole district's features (no bbox: the map filters on the device), its layers and the
 * basemap's address, persisted in IndexedDB under the 'cartography' keys. The basemap's style
 * and tiles themselves are the service worker's (sw/sw.ts).
 */
import { mapPowers } from '../../../common/modules/cartography/access';
import { getEnvelopeState } from '../../lib/envelope-store';
import { registerOfflineData, type OfflineDeclaration } from '../../lib/offline-declarations';
import { cartographyKeys } from './api/keys';
import { basemapQueryOptions, featuresQueryOptions, layersQueryOptions } from './api/reads';

export const CARTOGRAPHY_OFFLINE: OfflineDeclaration = {
  module: 'cartography',
  persist: [cartographyKeys.all],
  lists: () => [featuresQueryOptions(), basemapQueryOptions(), ...(mapPowers(getEnvelopeState().rights).readLayers ? [layersQueryOptions()] : [])],
  enabled: () => mapPowers(getEnvelopeState().rights).map,
};

export const registerCartographyOffline = () => registerOfflineData(CARTOGRAPHY_OFFLINE);
