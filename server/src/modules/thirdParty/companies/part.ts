/**
 * Third parties V2 (manifest thirdPartyV2, prefix third-party-v2): the outside companies working
 * on the district's sites, their workers, interventions, prevention plans and who is on site now.
 */
import type { ModulePart } from '../../_platform/parts.js';

export const companiesPart: ModulePart = {
  routes: async () => {},
};
