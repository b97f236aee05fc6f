/** Contracts in the app (lib/app-module.ts): its route subtree and its start. */
import { defineAppModule } from '../../lib/app-module';
import { contractsListHref } from './paths';
import { moduleRoutes } from './routes';

export const contractModule = defineAppModule({
  folder: 'contract',
  manifests: ['contract'],
  routes: (parent) => ({ contract: moduleRoutes(parent) }),
  start: () => import('./index').then((m) => m.startContractModule),
  links: { contracts: contractsListHref() },
});
