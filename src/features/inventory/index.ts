/**
 * What the shell loads of the inventory family before any of its screens opens: each part's
 * senders (writes queued earlier are delivered from any page) and offline declarations. No screen.
 */
import { startAudit } from './audit/start';
import { startCatalog } from './catalog/start';
import { startStock } from './stock/start';

export function startInventoryModule(): void {
  startCatalog();
  startStock();
  startAudit();
}
