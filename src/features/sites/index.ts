/**
 * What the shell loads of Sites before any Sites screen opens (module.ts: the start app/modules.ts runs): its
 * senders, so writes queued earlier are delivered from any page, and its offline declaration,
 * so the district's sites are readable without a network after an online login. Small: the
 * requests and query options only, never a screen.
 */
import { registerSitesOffline } from './offline';
import { registerSiteSenders } from './senders';

export function startSitesModule(): void {
  registerSiteSenders();
  registerSitesOffline();
}
