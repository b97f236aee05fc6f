/** Files in the app (lib/app-module.ts): its route subtree and its start. */
import { defineAppModule } from '../../lib/app-module';
import { moduleRoutes } from './routes';
import { setShareLinks } from './share';

export const filesModule = defineAppModule({
  folder: 'files',
  manifests: ['files'],
  routes: (parent, links) => {
    // A folder or a document is shared with an outsider through the third-party links' form.
    setShareLinks(links);
    return { files: moduleRoutes(parent) };
  },
  start: () => import('./index').then((m) => m.startFilesModule),
  // A site's folders to choose from, lent to the data-sharing area (moving a deposit).
  parts: { SiteFolderPicker: () => import('./folder-picker').then((m) => m.SiteFolderPicker) },
});
