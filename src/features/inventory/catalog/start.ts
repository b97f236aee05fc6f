/**
 * The inventory family's catalog part at the shell's start: the catalog's and the equipment's
 * (categories, articles, items, checks, status moves) senders, its offline declaration (the
 * categories, the first pages of articles and of items with each item's sheet, the pickers'
 * choices) and its panel on a site's sheet (the site's equipment and checks due).
 */
import { getEnvelopeState } from '../../../lib/envelope-store';
import type { AnyFetchOptions } from '../../../lib/offline-declarations';
import { registerKindsOffline } from '../../../lib/record-kind';
import { registerRecordPanel } from '../../../lib/record-panels';
import { can } from '../../../lib/rights';
import { articles, CATALOG_MODULE, categories, choicesQueryOptions, equipment, registerCatalogSenders } from './kinds';

export function startCatalog(): void {
  registerCatalogSenders();
  const enabled = () => {
    const rights = getEnvelopeState().rights;
    return can(rights, 'inventory') || can(rights, 'inventoryV2');
  };
  const choices = { persist: [choicesQueryOptions().queryKey], lists: () => [choicesQueryOptions() as unknown as AnyFetchOptions], enabled };
  registerKindsOffline(CATALOG_MODULE, [categories.offlineDeclaration({ enabled }), choices], enabled);
  registerKindsOffline(articles.spec.module, [articles.offlineDeclaration({ enabled })], enabled);
  registerKindsOffline(equipment.spec.module, [equipment.offlineDeclaration({ enabled, records: true })], enabled);
  registerRecordPanel('sites', { id: 'inventory.site-equipment', order: 30, enabled, load: () => import('./components/site-panel').then((m) => m.SiteEquipmentPanel) });
}
