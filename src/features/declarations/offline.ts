/**
 * What a field user can read and report in Declarations without a network (MODULES.md "Reads,
 * offline"), as the module's offline declaration (lib/offline-reads.ts runs it after login, at
 * idle moments and on reconnect): the templates (the report form is built from them), the
 * site picker by name, the list's first page (newest first) and the sheet of each declaration
 * on it, all persisted in IndexedDB under the 'declarations' keys.
 */
import type { InfiniteData } from '@tanstack/react-query';
import type { DeclarationSummary } from '../../../common/modules/declarations/schemas';
import type { Page } from '../../../common/schemas/platform';
import { getEnvelopeState } from '../../lib/envelope-store';
import { registerOfflineData, type AnyFetchOptions, type OfflineDeclaration } from '../../lib/offline-declarations';
import { can } from '../../lib/rights';
import { declarationsKeys } from './api/keys';
import { declarationQueryOptions, declarationsListQueryOptions, siteChoicesQueryOptions, templatesQueryOptions } from './api/reads';

/** The sheets kept: the newest declarations of the district. */
export const OFFLINE_SHEETS_MAX = 50;

export const DECLARATIONS_OFFLINE: OfflineDeclaration = {
  module: 'declarations',
  persist: [declarationsKeys.all],
  lists: () => [
    { ...declarationsListQueryOptions({}, null), pages: 1 } as unknown as AnyFetchOptions,
    templatesQueryOptions(),
    siteChoicesQueryOptions(null, ''),
  ],
  records: ([list]) =>
    ((list as InfiniteData<Page<DeclarationSummary>> | undefined)?.pages ?? [])
      .flatMap((page) => page.items)
      .slice(0, OFFLINE_SHEETS_MAX)
      .map((row) => declarationQueryOptions(row.id)),
  enabled: () => can(getEnvelopeState().rights, 'declarations'),
};

export const registerDeclarationsOffline = () => registerOfflineData(DECLARATIONS_OFFLINE);
