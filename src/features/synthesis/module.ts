/** The synthesis in the app (lib/app-module.ts): its route subtree and its start (the district dashboard kept for offline reading). */
import { defineAppModule } from '../../lib/app-module';
import { moduleRoutes } from './routes';

export const synthesisModule = defineAppModule({
  folder: 'synthesis',
  manifests: ['synthesis'],
  routes: (parent, links) => ({ synthesis: moduleRoutes(parent, links) }),
  start: () => import('./index').then((m) => m.startSynthesisModule),
});
