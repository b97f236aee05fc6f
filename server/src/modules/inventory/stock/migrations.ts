/** The inventory family's stock tables (migration numbers 20–39: ../migrations.ts). */
import type { Migration } from '../../../db/migrate.js';

export const stockMigrations: Migration[] = [];
