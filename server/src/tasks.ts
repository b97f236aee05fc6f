/**
 * One-off tasks on the configured databases: `seed` creates the demo data (README) where
 * there are no accounts yet (for PostgreSQL, where start-up does not seed by default);
 * `migrate` applies pending migrations of the control and every client database.
 */
import { loadConfigOrExit } from './config.js';
import { Databases } from './db/databases.js';
import { seedDemo } from './seed/demo.js';

const task = process.argv[2];
const config = loadConfigOrExit();
const databases = await Databases.open(config);
try {
  if (task === 'seed') {
    console.log((await seedDemo(databases)) ? 'demo data seeded' : 'accounts exist already: nothing seeded');
  } else if (task === 'migrate') {
    const { rows } = await databases.control.query<{ database: string }>('select database from clients order by database');
    for (const { database } of rows) await databases.client(database);
    console.log(`control database and ${rows.length} client databases migrated`);
  } else {
    console.error('usage: node server/dist/tasks.js seed|migrate');
    process.exitCode = 2;
  }
} finally {
  await databases.close();
}
