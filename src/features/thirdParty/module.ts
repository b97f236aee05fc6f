/**
 * The third-party family in the app (lib/app-module.ts): two manifests in one folder
 * (thirdParty: links shared with people outside the product; thirdPartyV2: the outside
 * companies working on the sites), their route subtrees and their start.
 */
import { defineAppModule } from '../../lib/app-module';
import { shareItemsHref } from './links/paths';
import { thirdPartyRoutes, thirdPartyV2Routes } from './routes';

export const thirdPartyModule = defineAppModule({
  folder: 'thirdParty',
  manifests: ['thirdParty', 'thirdPartyV2'],
  routes: (parent) => ({ thirdParty: thirdPartyRoutes(parent), thirdPartyV2: thirdPartyV2Routes(parent) }),
  start: () => import('./index').then((m) => m.startThirdPartyModule),
  links: { shareItems: shareItemsHref },
  parts: { OutsideCompanyPicker: () => import('./companies/company-picker').then((m) => m.OutsideCompanyPicker) },
});
