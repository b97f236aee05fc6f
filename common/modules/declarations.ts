/**
 * Declarations (prefix declarations): declarations and their templates, with screens (routes:
 * src/features/declarations/routes.tsx). Its API contract is ./declarations/schemas.ts.
 */
import { defineModule, merged, readAdmin } from './manifest';

export const declarations = defineModule({
  id: 'declarations',
  folder: 'declarations',
  prefix: 'declarations',
  districtModule: 'declarations',
  features: { declarations: merged(readAdmin('declarations'), readAdmin('declarations-templates-templates')) },
  opens: ['declarations'],
  labelKey: 'modules.declarations',
  icon: 'documentText',
  namespace: 'declarations',
  views: [],
  menu: [{ id: 'declarations', position: 8, targets: [{ to: '/declarations' }] }],
  elements: [{ element: 'declarations', features: ['declarations'] }],
  screens: true,
});
