/**
 * The inventory family's stock part at the shell's start: the stock's writes' senders (areas,
 * movements, loans, limits, counts: writes queued earlier are delivered from any page) and its
 * offline declaration: the areas, the articles, the levels, the open loans, the counts and each
 * open count's lines, the suppliers to pick from, read after login so a field user counts and
 * records offline.
 */
import { getEnvelopeState } from '../../../lib/envelope-store';
import type { AnyFetchOptions } from '../../../lib/offline-declarations';
import { registerKindsOffline } from '../../../lib/record-kind';
import { can } from '../../../lib/rights';
import type { StockCount } from '../../../../common/modules/inventory/stock';
import { choicesQueryOptions } from '../catalog/kinds';
import { areas, articlesQuery, countQuery, countsQuery, levelsQuery, loansQuery, registerStockSenders, STOCK_MODULE, stockKeys } from './data';

export function startStock(): void {
  registerStockSenders();
  const enabled = () => can(getEnvelopeState().rights, 'stock');
  const reads = {
    persist: [choicesQueryOptions().queryKey, stockKeys.articles, [STOCK_MODULE, 'levels'], [STOCK_MODULE, 'loans'], stockKeys.counts, [STOCK_MODULE, 'count'], [STOCK_MODULE, 'movements']],
    // The catalog's choices last: the incoming form's suppliers (read even without a catalog right).
    lists: () => [articlesQuery(), levelsQuery(), loansQuery(), countsQuery(), choicesQueryOptions()] as unknown as AnyFetchOptions[],
    records: (data: unknown[]) => {
      const counts = (data[3] as StockCount[] | undefined) ?? [];
      return counts.filter((c) => c.status === 'open').map((c) => countQuery(c.id) as unknown as AnyFetchOptions);
    },
    enabled,
  };
  registerKindsOffline(STOCK_MODULE, [areas.offlineDeclaration({ enabled }), reads], enabled);
}
