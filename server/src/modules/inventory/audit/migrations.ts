/** The inventory family's audit tables (migration numbers 40–59: ../migrations.ts). */
import type { Migration } from '../../../db/migrate.js';

export const auditMigrations: Migration[] = [];
