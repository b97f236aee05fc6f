/** The Sharing bank's descriptor (_platform/module.ts), listed once in ../index.ts, after the questionnaires' and declarations' modules (whose templates it copies and imports). */
import { RECORDS_CHANGED_EVENT } from '../_platform/events.js';
import type { ServerModule } from '../_platform/module.js';
import { runSharingBankJob } from './jobs.js';
import { sharingBankMigrations } from './migrations.js';
import { readerSees, SHARING_FILES } from './repository.js';
import { sharingBankRoutes } from './routes.js';
import { seedSharingBank } from './seed.js';

export const sharingBankModule: ServerModule = {
  folder: 'sharingBank',
  prefix: '/sharing-bank',
  routes: sharingBankRoutes,
  migrations: sharingBankMigrations,
  events: [RECORDS_CHANGED_EVENT],
  seed: seedSharingBank,
  // Reminders N days after publication, once per version.
  jobs: [runSharingBankJob],
  // A resource's files, of any type (a library): readers see them, managers attach and delete them.
  attachments: {
    // A reader reaches the files of the resources they see: the district's, or their groups'.
    [SHARING_FILES]: {
      features: ['sharingBank'],
      table: 'sharing_resources',
      owners: [],
      documents: true,
      readableWhen: readerSees('', '$3::uuid'),
    },
  },
  namedTables: [
    { table: 'sharing_resources', name: 'title' },
    { table: 'sharing_groups', name: 'name' },
  ],
};
