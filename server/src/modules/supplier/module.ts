/** The supplier module's descriptor (_platform/module.ts), listed once in ../index.ts. */
import { RECORDS_CHANGED_EVENT } from '../_platform/events.js';
import type { ServerModule } from '../_platform/module.js';
import { seedBenchSuppliers } from './bench-seed.js';
import { supplierMigrations } from './migrations.js';
import { SUPPLIER_FILES } from './repository.js';
import { supplierRoutes } from './routes.js';
import { seedSuppliers } from './seed.js';
import { SUPPLIERS_EXPORT, SUPPLIERS_IMPORT } from './transfer.js';

export const supplierModule: ServerModule = {
  folder: 'supplier',
  prefix: '/supplier',
  routes: supplierRoutes,
  migrations: supplierMigrations,
  events: [RECORDS_CHANGED_EVENT],
  seed: seedSuppliers,
  benchSeeds: [{ option: 'suppliers', what: 'suppliers', run: seedBenchSuppliers }],
  // A document's scan or signed PDF: the suppliers' managers'.
  attachments: { [SUPPLIER_FILES]: { features: ['supplier'], table: 'supplier_documents', owners: [] } },
  exports: [SUPPLIERS_EXPORT], imports: [SUPPLIERS_IMPORT],
  namedTables: [
    { table: 'suppliers', name: 'name' },
    { table: 'supplier_trades', name: 'name' },
  ],
};
