/** Terms of use, privacy notice and the audit log in the app (lib/app-module.ts): its routes, its senders at start, the shell's blocking dialog (part TermsGate) and the public page of the terms (part PublicTerms). */
import { defineAppModule } from '../../lib/app-module';
import { tcRoutes } from './routes';

export const tcModule = defineAppModule({
  folder: 'tc',
  manifests: ['tc'],
  routes: (parent) => ({ tc: tcRoutes(parent) }),
  start: () => import('./api').then((m) => m.registerTcSenders),
  parts: {
    TermsGate: () => import('./components/TermsGate').then((m) => m.TermsGate),
    PublicTerms: () => import('./components/PublicTerms').then((m) => m.PublicTerms),
  },
});
