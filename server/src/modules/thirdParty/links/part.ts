/**
 * Third-party sharing (manifest thirdParty, prefix third-party): links that share chosen items
 * of a site with a person outside the product, their access log, and the public viewer's data.
 */
import type { ModulePart } from '../../_platform/parts.js';

export const linksPart: ModulePart = {
  routes: async () => {},
};
