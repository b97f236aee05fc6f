/** The contract module's descriptor (_platform/module.ts), listed once in ../index.ts, after the supplier module (a contract's supplier). */
import { RECORDS_CHANGED_EVENT } from '../_platform/events.js';
import type { ServerModule } from '../_platform/module.js';
import { seedBenchContracts } from './bench-seed.js';
import { contractCalendarEvents } from './calendar.js';
import { runContractJob } from './jobs.js';
import { contractMigrations } from './migrations.js';
import { CONTRACT_FILES } from './repository.js';
import { contractRoutes } from './routes.js';
import { contractsSynthesis } from './synthesis-source.js';
import { seedContracts } from './seed.js';
import { contractWorkflowTargets } from './workflow-targets.js';

export const contractModule: ServerModule = {
  folder: 'contract',
  prefix: '/contract',
  routes: contractRoutes,
  migrations: contractMigrations,
  events: [RECORDS_CHANGED_EVENT],
  // After the suppliers' seed: the demo contracts are the demo suppliers'.
  seed: seedContracts,
  benchSeeds: [{ option: 'contracts', what: 'contracts', run: seedBenchContracts }],
  // Terms rolled, statuses by rule, reminders before the notice deadline and the end.
  jobs: [runContractJob],
  // A contract's signed PDF and annexes: the contracts' managers'.
  attachments: { [CONTRACT_FILES]: { features: ['contract'], table: 'contracts', owners: [] } },
  calendarEvents: contractCalendarEvents,
  synthesisSources: [contractsSynthesis],
  workflowTargets: contractWorkflowTargets,
  namedTables: [
    { table: 'contracts', name: 'name' },
    { table: 'contract_templates', name: 'name' },
  ],
};
