/**
 * The synthesis demo data for one district (seed/demo.ts, inside the district's transaction):
 * two saved tables shared with the district, "Déclarations par gravité et par mois" and
 * "Actions en retard par plan", and the dashboard "Suivi mensuel sécurité" showing both, written
 * by the demo administrator with their creation in the history.
 */
import { randomUUID } from 'node:crypto';
import type { DashboardCardRef } from '../../../../common/modules/synthesis/saved.js';
import type { SynthesisDefinition } from '../../../../common/modules/synthesis/schemas.js';
import type { DistrictSeed } from '../_platform/module.js';
import { seedHistory } from '../_platform/records.js';
import { SAVED_MODULES } from './saved.js';

const TABLES: { name: string; chart: DashboardCardRef['chart']; definition: SynthesisDefinition }[] = [
  {
    name: 'Déclarations par gravité et par mois',
    chart: 'stackedBar',
    definition: { source: 'declarations', groupBy: ['month', 'severity'], measures: ['count'], filters: [] },
  },
  {
    name: 'Actions en retard par plan',
    chart: 'bar',
    // No status filter: `overdue` counts open actions only, and a cell opens the plan's actions.
    definition: { source: 'actions', groupBy: ['plan'], measures: ['overdue', 'count'], filters: [], sort: { by: 'overdue', desc: true } },
  },
];

export async function seedSynthesis({ tx, districtId, actorId }: DistrictSeed): Promise<void> {
  const history = seedHistory(tx, districtId, actorId);
  const at = new Date();
  const cards: DashboardCardRef[] = [];
  for (const table of TABLES) {
    const id = randomUUID();
    await tx.query(
      `insert into synthesis_tables (id, district_id, name, definition, chart, shared, created_by, updated_by) values ($1, $2, $3, $4, $5, true, $6, $6)`,
      [id, districtId, table.name, JSON.stringify(table.definition), table.chart, actorId],
    );
    await history(SAVED_MODULES.tables, id, 1, 'create', [{ field: 'name', before: null, after: table.name }], at);
    cards.push({ tableId: id, chart: table.chart });
  }
  const dashboard = randomUUID();
  await tx.query(`insert into synthesis_dashboards (id, district_id, name, shared, cards, created_by, updated_by) values ($1, $2, $3, true, $4, $5, $5)`, [
    dashboard,
    districtId,
    'Suivi mensuel sécurité',
    JSON.stringify(cards),
    actorId,
  ]);
  await history(SAVED_MODULES.dashboards, dashboard, 1, 'create', [{ field: 'name', before: null, after: 'Suivi mensuel sécurité' }], at);
}
