/** The companies part's migrations: numbers 20–39 of the third-party family (../migrations.ts). */
import type { Migration } from '../../../db/migrate.js';

export const companiesMigrations: Migration[] = [];
