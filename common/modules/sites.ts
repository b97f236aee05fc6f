/**
 * Sites (prefix site, district module sites): the first module built on the platform, so
 * `screens: true` (its routes: src/features/sites/routes.tsx). sites.read reads the district's
 * sites; sites.admin creates, edits, deletes and restores them, their types and their stages
 * (docs/rights.md). Its API contract is ./sites/schemas.ts.
 */
import { defineModule, readAdmin } from './manifest';

export const sites = defineModule({
  id: 'sites',
  folder: 'sites',
  prefix: 'site',
  districtModule: 'sites',
  features: { sites: readAdmin('sites') },
  opens: ['sites'],
  labelKey: 'modules.sites',
  icon: 'location',
  namespace: 'sites',
  views: [{ path: 'view/infoV2', label: 'siteInfo' }],
  menu: [{ id: 'site', position: 3, targets: [{ to: '/site/view/infoV2' }] }],
  elements: [
    { element: 'siteInfo', features: ['sites'] },
    { element: 'stages360', features: [] },
    { element: 'emergencyAlert', features: ['emergency'] },
  ],
  screens: true,
});
