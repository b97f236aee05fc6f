/** The Contacts module's descriptor (_platform/module.ts), listed once in ../index.ts, after Suppliers (a contact's company is a supplier). */
import { RECORDS_CHANGED_EVENT } from '../_platform/events.js';
import type { ServerModule } from '../_platform/module.js';
import { seedBenchContacts } from './bench-seed.js';
import { contactMigrations } from './migrations.js';
import { contactRoutes } from './routes.js';
import { seedContacts } from './seed.js';
import { registerContactShareables } from './shareables.js';
import { contactSiteRecords } from './site-records.js';
import { CONTACTS_EXPORT, CONTACTS_IMPORT } from './transfer.js';

// What a third-party share link may share of the contacts: a site's contacts.
registerContactShareables();

export const contactModule: ServerModule = {
  folder: 'contactV2',
  prefix: '/contact-v2',
  routes: contactRoutes,
  migrations: contactMigrations,
  events: [RECORDS_CHANGED_EVENT],
  seed: seedContacts,
  benchSeeds: [{ option: 'contacts', what: 'contacts', run: seedBenchContacts }],
  namedTables: [{ table: 'contacts', name: 'name' }],
  // Its records on a site's plans and tours (../plan2d, ../view360).
  siteRecords: contactSiteRecords,
  exports: [CONTACTS_EXPORT], imports: [CONTACTS_IMPORT],
};
