/** Files in the app (lib/app-module.ts): its route subtree and its start. */
import { defineAppModule } from '../../lib/app-module';
import { moduleRoutes } from './routes';

export const filesModule = defineAppModule({
  folder: 'files',
  manifests: ['files'],
  routes: (parent) => ({ files: moduleRoutes(parent) }),
  start: () => import('./index').then((m) => m.startFilesModule),
});
