/**
 * Where the map's features lead (a site's sheet, a declaration's sheet, the report form with a
 * pin), composed here because features do not import each other (MODULES.md); the route table
 * gives them to the map's route. Apart from record-links.ts, which the home screens' lazy
 * routes use: the route table is in the entry, and these are addresses only.
 */
import type { MapLinks } from '../features/cartography/paths';
import { declarationHref, reportHref } from '../features/declarations/paths';
import { siteHref } from '../features/sites/paths';

export const mapLinks: MapLinks = {
  site: (id) => siteHref(id),
  declaration: (id) => declarationHref(id),
  reportAt: ({ lat, lng }) => reportHref({ at: `${lat},${lng}` }),
};
