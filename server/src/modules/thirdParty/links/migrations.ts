/** The links part's migrations: numbers 1–19 of the third-party family (../migrations.ts). */
import type { Migration } from '../../../db/migrate.js';

export const linksMigrations: Migration[] = [];
