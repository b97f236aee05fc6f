/** Suppliers in the app (lib/app-module.ts): its route subtree and its start. */
import { defineAppModule } from '../../lib/app-module';
import { moduleRoutes } from './routes';

export const supplierModule = defineAppModule({
  folder: 'supplier',
  manifests: ['supplier'],
  routes: (parent) => ({ supplier: moduleRoutes(parent) }),
  start: () => import('./index').then((m) => m.startSupplierModule),
});
