/**
 * What the shell loads of the synthesis before any of its screens opens: the senders of its
 * saved tables and dashboards (queued writes go from any page) and its offline declaration (the
 * sources, the saved tables and dashboards, the ready-made dashboards' tables and the saved
 * tables' own, computed after login and kept on the device, so a dashboard opens off line as
 * last computed, with its time). No screen.
 */
import { DISTRICT_DASHBOARD, SECURESPHERE_DASHBOARD } from '../../../common/modules/synthesis/dashboards';
import type { SavedTable } from '../../../common/modules/synthesis/saved';
import { getEnvelopeState } from '../../lib/envelope-store';
import { registerOfflineData, type AnyFetchOptions } from '../../lib/offline-declarations';
import { can } from '../../lib/rights';
import { sourcesQueryOptions, synthesisKeys, tableQueryOptions } from './api';
import { opensView, SECURESPHERE_PATH } from './paths';
import { registerSynthesisSenders, savedDashboards, savedTables } from './saved';

export function startSynthesisModule(): void {
  registerSynthesisSenders();
  const enabled = () => can(getEnvelopeState().rights, 'synthesis');
  registerOfflineData({
    module: 'synthesis',
    persist: [synthesisKeys.all],
    lists: () => [
      savedTables.allQueryOptions(),
      savedDashboards.allQueryOptions(),
      sourcesQueryOptions(),
      ...DISTRICT_DASHBOARD.cards.map((card) => tableQueryOptions(card.definition) as unknown as AnyFetchOptions),
      ...(opensView(getEnvelopeState().rights, SECURESPHERE_PATH) ? SECURESPHERE_DASHBOARD.cards.map((card) => tableQueryOptions(card.definition) as unknown as AnyFetchOptions) : []),
    ],
    // Each saved table computed as it is saved (a saved dashboard's cards, read off line).
    records: ([tables]) => ((tables as SavedTable[] | undefined) ?? []).filter((t) => t.deletedAt === null).slice(0, 50).map((t) => tableQueryOptions(t.definition) as unknown as AnyFetchOptions),
    enabled,
  });
}
