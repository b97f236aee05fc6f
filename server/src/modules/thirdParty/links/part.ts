/**
 * Third-party sharing (manifest thirdParty, prefix third-party): links that share chosen items
 * of a site with a person outside the product, their access log, and the public viewer's data
 * (routes.ts under /api/third-party, public-routes.ts under /api/shared/links).
 */
import type { ModulePart } from '../../_platform/parts.js';
import { linksPublicRoutes } from './public-routes.js';
import { linksRoutes } from './routes.js';
import { seedLinks } from './seed.js';

export const linksPart: ModulePart = {
  routes: linksRoutes,
  publicRoutes: linksPublicRoutes,
  seed: seedLinks,
};
