/** The Sharing bank in the app (lib/app-module.ts): its route subtree and its start. */
import { defineAppModule } from '../../lib/app-module';
import { moduleRoutes } from './routes';

export const sharingBankModule = defineAppModule({
  folder: 'sharingBank',
  manifests: ['sharingBank'],
  routes: (parent) => ({ sharingBank: moduleRoutes(parent) }),
  start: () => import('./index').then((m) => m.startSharingBankModule),
});
