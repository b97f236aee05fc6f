/**
 * What the shell loads of the third-party family before any of its screens opens: each part's
 * senders (writes queued earlier are delivered from any page) and offline declarations. No screen.
 */
import { startCompanies } from './companies/start';
import { startLinks } from './links/start';

export function startThirdPartyModule(): void {
  startLinks();
  startCompanies();
}
