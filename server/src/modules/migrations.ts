/**
 * The client-database migrations of every server module, in the order they run (after the
 * core ones: db/databases.ts). Kept apart from the registry (index.ts) so the database layer
 * imports only SQL, not the modules' routes.
 */
import type { ModuleMigrations } from '../db/migrate.js';
import { platformMigrations } from './_platform/migrations.js';
import { actionsMigrations } from './actions/migrations.js';
import { cartographyMigrations } from './cartography/migrations.js';
import { declarationsMigrations } from './declarations/migrations.js';
import { questionnairesMigrations } from './questionnaires/migrations.js';
import { sitesMigrations } from './sites/migrations.js';

export const MODULE_MIGRATIONS: readonly ModuleMigrations[] = [
  // First: the history table and the text folding every module uses.
  { module: '_platform', migrations: platformMigrations },
  { module: 'sites', migrations: sitesMigrations },
  // After sites: a declaration names its site.
  { module: 'declarations', migrations: declarationsMigrations },
  // After sites: an inspection names its site.
  { module: 'questionnaires', migrations: questionnairesMigrations },
  // After sites, declarations and questionnaires: an action names its site and its source.
  { module: 'actions', migrations: actionsMigrations },
  // After sites and declarations: a point names its site, and the map indexes both.
  { module: 'cartography', migrations: cartographyMigrations },
];
