/**
 * The ready-made dashboards of every district (issue 33, item 2): the same cards everywhere,
 * computed on the district's data. The Securesphere synthesis is the audits' one.
 */
import type { SynthesisCard } from './schemas';

export interface ReadyDashboard {
  id: string;
  /** Its title's key in the synthesis namespace. */
  titleKey: string;
  cards: readonly (SynthesisCard & { titleKey: string })[];
}

const card = (titleKey: string, chart: SynthesisCard['chart'], definition: SynthesisCard['definition']): SynthesisCard & { titleKey: string } => ({ title: titleKey, titleKey, chart, definition });

export const DISTRICT_DASHBOARD: ReadyDashboard = {
  id: 'district',
  titleKey: 'dashboards.district',
  cards: [
    card('cards.declarationsTotal', 'number', { source: 'declarations', groupBy: [], measures: ['count'], filters: [] }),
    card('cards.declarationsBySeverityMonth', 'stackedBar', { source: 'declarations', groupBy: ['month', 'severity'], measures: ['count'], filters: [] }),
    card('cards.declarationsBySeverity', 'doughnut', { source: 'declarations', groupBy: ['severity'], measures: ['count'], filters: [] }),
    card('cards.inspectionScoresBySite', 'bar', { source: 'inspections', groupBy: ['site'], measures: ['averageScore'], filters: [{ field: 'status', values: ['submitted'] }] }),
    card('cards.overdueActionsByPlan', 'bar', { source: 'actions', groupBy: ['plan'], measures: ['overdue'], filters: [{ field: 'status', values: ['todo', 'inProgress'] }] }),
    card('cards.actionsDueByMonth', 'line', { source: 'actions', groupBy: ['month'], measures: ['count'], filters: [{ field: 'status', values: ['todo', 'inProgress'] }] }),
    card('cards.declarationsBySite', 'table', { source: 'declarations', groupBy: ['site'], measures: ['count', 'seriousRate', 'closedRate'], filters: [], sort: { by: 'count', desc: true } }),
    // Equipment whose check is due within 30 days (overdue ones included), by site: a cell opens the equipment list so filtered.
    card('cards.checksDueBySite', 'table', { source: 'equipment', groupBy: ['site'], measures: ['checksDue', 'checksOverdue'], filters: [{ field: 'checkDue', values: ['due'] }], sort: { by: 'checksDue', desc: true } }),
    // Contracts the renewal job marked "to renew", by supplier, with their amounts.
    card('cards.contractsToRenew', 'table', { source: 'contracts', groupBy: ['supplier'], measures: ['count', 'amount'], filters: [{ field: 'status', values: ['toRenew'] }], sort: { by: 'count', desc: true } }),
  ],
};

export const SECURESPHERE_DASHBOARD: ReadyDashboard = {
  id: 'securesphere',
  titleKey: 'dashboards.securesphere',
  cards: [
    card('cards.auditsTotal', 'number', { source: 'inspections', groupBy: [], measures: ['submitted'], filters: [{ field: 'family', values: ['securesphere'] }] }),
    card('cards.auditScoresBySite', 'bar', { source: 'inspections', groupBy: ['site'], measures: ['averageScore'], filters: [{ field: 'family', values: ['securesphere'] }, { field: 'status', values: ['submitted'] }] }),
    card('cards.auditsByMonth', 'line', { source: 'inspections', groupBy: ['month'], measures: ['submitted'], filters: [{ field: 'family', values: ['securesphere'] }] }),
    card('cards.auditsByStatus', 'pie', { source: 'inspections', groupBy: ['status'], measures: ['count'], filters: [{ field: 'family', values: ['securesphere'] }] }),
    card('cards.auditsByTemplate', 'table', { source: 'inspections', groupBy: ['template'], measures: ['submitted', 'averageScore', 'failedRate', 'failedItems'], filters: [{ field: 'family', values: ['securesphere'] }] }),
  ],
};
