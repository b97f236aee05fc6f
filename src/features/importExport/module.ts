/** Import/export in the app (lib/app-module.ts): its route subtree and its start. */
import { defineAppModule } from '../../lib/app-module';
import { moduleRoutes } from './routes';

export const importExportModule = defineAppModule({
  folder: 'importExport',
  manifests: ['importExport'],
  routes: (parent) => ({ importExport: moduleRoutes(parent) }),
  start: () => import('./index').then((m) => m.startImportExport),
  // "Export" on every records list the server registers an export for.
  parts: { ListExport: () => import('./components/ListExport').then((m) => m.ListExport) },
});
