/**
 * The synthesis's saved tables and dashboards on the record core (_platform/record-kind.ts),
 * seen through the reader: the district's shared records and the reader's own private ones (a
 * private record of another is not found, 404). Any synthesis reader creates their own; only
 * its author, or a synthesis administrator for a shared one, edits, deletes or restores it (403
 * `synthesis.not_yours`), and only its author makes it private again. A table's definition is
 * checked against its source as a query would be (400 `synthesis.invalid_definition`); a
 * dashboard's cards name tables the reader sees (400 `synthesis.unknown_table`).
 */
import {
  isSynthesisAdmin,
  type SavedDashboard,
  type SavedDashboardFields,
  type SavedTable,
  type SavedTableFields,
} from '../../../../common/modules/synthesis/saved.js';
import type { SynthesisDefinition } from '../../../../common/modules/synthesis/schemas.js';
import { ApiError } from '../../lib/errors.js';
import { RecordStore, trimmedName, type RecordKind } from '../_platform/record-kind.js';
import { recordMetaOf, type RecordMetaRow, type RecordScope } from '../_platform/records.js';
import { compile } from './query.js';
import { isUuid } from '../../../../common/uuid.js';

export const SAVED_MODULES = { tables: 'synthesis_tables', dashboards: 'synthesis_dashboards' } as const;

interface TableRow extends RecordMetaRow {
  name: string;
  definition: SynthesisDefinition;
  chart: SavedTableFields['chart'];
  shared: boolean;
}

interface DashboardRow extends RecordMetaRow {
  name: string;
  shared: boolean;
  cards: SavedDashboardFields['cards'];
}


export class SavedRepository {
  readonly store: RecordStore;
  readonly tables: RecordKind<TableRow, SavedTableFields, SavedTable>;
  readonly dashboards: RecordKind<DashboardRow, SavedDashboardFields, SavedDashboard>;

  constructor(
    readonly scope: RecordScope,
    rights: readonly string[],
  ) {
    this.store = new RecordStore(scope);
    const actor = scope.actor.id;
    if (!isUuid(actor)) throw ApiError.forbidden('auth.missing_rights');
    const admin = isSynthesisAdmin(rights);
    // The reader's view: shared, or their own (the actor is a checked uuid, written in the SQL).
    const visible = (table: string) => `select t.* from ${table} t join (values (1)) v (one) on (t.shared or t.created_by = '${actor}'::uuid)`;
    /** The author's or, for a shared record, an administrator's: 403 otherwise. */
    const mayEdit = async (table: string, id: string, next: { shared: boolean } | null) => {
      const { rows } = await scope.db.query<{ created_by: string; shared: boolean }>(`select created_by, shared from ${table} where id = $1 and district_id = $2`, [id, scope.districtId]);
      const row = rows[0];
      if (!row) return;
      const own = row.created_by === actor;
      if (!own && !(admin && row.shared)) throw ApiError.forbidden('synthesis.not_yours');
      // Making another's shared record private would take it away from its author's district.
      if (!own && next !== null && !next.shared) throw ApiError.forbidden('synthesis.not_yours');
    };
    const guardDelete = (row: RecordMetaRow & { shared: boolean }) => {
      if (row.created_by !== actor && !(admin && row.shared)) throw ApiError.forbidden('synthesis.not_yours');
      return null;
    };

    this.tables = {
      module: SAVED_MODULES.tables,
      table: 'synthesis_tables',
      notFound: 'synthesis.table_not_found',
      select: visible('synthesis_tables'),
      historyFields: ['name', 'definition', 'chart', 'shared'],
      fieldsOf: (row) => ({ name: row.name, definition: row.definition, chart: row.chart, shared: row.shared }),
      columns: (f) => ({ name: f.name, definition: JSON.stringify(f.definition), chart: f.chart, shared: f.shared }),
      toRecord: (row, names) => ({ ...recordMetaOf(row, names), name: row.name, definition: row.definition, chart: row.chart, shared: row.shared }),
      defaults: { chart: 'bar', shared: false },
      clean: trimmedName,
      check: async (fields, before, id, restoring) => {
        compile(fields.definition, scope.districtId);
        if (before !== null || restoring) await mayEdit('synthesis_tables', id, fields);
      },
      inUse: guardDelete,
    };

    this.dashboards = {
      module: SAVED_MODULES.dashboards,
      table: 'synthesis_dashboards',
      notFound: 'synthesis.dashboard_not_found',
      select: visible('synthesis_dashboards'),
      historyFields: ['name', 'shared', 'cards'],
      fieldsOf: (row) => ({ name: row.name, shared: row.shared, cards: row.cards }),
      columns: (f) => ({ name: f.name, shared: f.shared, cards: JSON.stringify(f.cards) }),
      toRecord: (row, names) => ({ ...recordMetaOf(row, names), name: row.name, shared: row.shared, cards: row.cards }),
      defaults: { shared: false, cards: [] },
      clean: trimmedName,
      check: async (fields, before, id, restoring) => {
        const ids = [...new Set(fields.cards.map((c) => c.tableId.toLowerCase()))];
        if (ids.length > 0) {
          const { rows } = await scope.db.query<{ n: number }>(
            `select count(*)::int as n from synthesis_tables where district_id = $1 and deleted_at is null and id = any($2::uuid[]) and (shared or created_by = $3)`,
            [scope.districtId, ids, actor],
          );
          if (rows[0]!.n !== ids.length) throw ApiError.badRequest('synthesis.unknown_table');
        }
        if (before !== null || restoring) await mayEdit('synthesis_dashboards', id, fields);
      },
      inUse: guardDelete,
    };
  }

  private deleted(deleted: 'true' | 'false' | undefined): string {
    // A reader's own deleted records, and the shared ones for an administrator, are restorable: both lists show them.
    return deleted === 'true' ? 't.deleted_at is not null' : 't.deleted_at is null';
  }

  listTables(deleted?: 'true' | 'false'): Promise<SavedTable[]> {
    return this.store.all(this.tables, 'vigie_fold(t.name), t.id', this.deleted(deleted));
  }

  listDashboards(deleted?: 'true' | 'false'): Promise<SavedDashboard[]> {
    return this.store.all(this.dashboards, 'vigie_fold(t.name), t.id', this.deleted(deleted));
  }
}
