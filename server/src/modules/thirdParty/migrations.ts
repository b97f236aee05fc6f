/**
 * The third-party family's migrations, numbered for this module alone (db/migrate.ts): 1–19 the
 * share links and their access log (./links), 20–39 the outside companies, their workers,
 * interventions, prevention plans and the sites' sign-in register (./companies). Each part adds
 * its own without renumbering the other's.
 */
import type { Migration } from '../../db/migrate.js';
import { companiesMigrations } from './companies/migrations.js';
import { linksMigrations } from './links/migrations.js';

export const thirdPartyMigrations: Migration[] = [...linksMigrations, ...companiesMigrations];
