/**
 * What a field user fills without a network (MODULES.md "Reads, offline"), as the module's
 * offline declaration (lib/offline-reads.ts runs it after login, at idle moments and on
 * reconnect): its inspections to do and in progress with the sheet of each (the template
 * revision it is filled with), the templates it may start with their sections, and the site
 * picker by name; persisted in IndexedDB under the 'questionnaires' keys.
 */
import type { InspectionSummary, TemplateSummary } from '../../../common/modules/questionnaires/schemas';
import type { Page } from '../../../common/schemas/platform';
import { currentActor } from '../../lib/current-actor';
import { getEnvelopeState } from '../../lib/envelope-store';
import { registerOfflineData, type OfflineDeclaration } from '../../lib/offline-declarations';
import { can } from '../../lib/rights';
import { questionnairesKeys } from './api/keys';
import { inspectionQueryOptions, inspectionsQueryOptions, siteChoicesQueryOptions, templateQueryOptions, templatesQueryOptions } from './api/reads';

/** The sheets kept: the caller's open inspections, the soonest due first. */
export const OFFLINE_INSPECTIONS_MAX = 60;

export const QUESTIONNAIRES_OFFLINE: OfflineDeclaration = {
  module: 'questionnaires',
  persist: [questionnairesKeys.all],
  lists: () => {
    const me = currentActor()?.id ?? null;
    return [inspectionsQueryOptions('todo', me), inspectionsQueryOptions('inProgress', me), templatesQueryOptions(), siteChoicesQueryOptions('')];
  },
  records: ([todo, inProgress, templates]) => [
    ...[todo, inProgress]
      .flatMap((page) => (page as Page<InspectionSummary> | undefined)?.items ?? [])
      .slice(0, OFFLINE_INSPECTIONS_MAX)
      .map((row) => inspectionQueryOptions(row.id)),
    ...((templates as TemplateSummary[] | undefined) ?? []).map((t) => templateQueryOptions(t.id)),
  ],
  enabled: () => {
    const rights = getEnvelopeState().rights;
    return can(rights, 'questionnaires') || can(rights, 'securesphere');
  },
};

export const registerQuestionnairesOffline = () => registerOfflineData(QUESTIONNAIRES_OFFLINE);
