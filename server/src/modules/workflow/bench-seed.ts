/**
 * The workflows' bench data (`seed-bench --workflow N`): N hot-work permits in the district,
 * spread over its states, written in batched multi-row inserts, with who waits on each (the
 * district's administrators for those awaiting approval, the starter for the others).
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/types.js';
import { HOT_WORK } from './definitions.js';
import { seedDefinitions } from './seed.js';

const BATCH = 500;
const STATES = ['requested', 'approval', 'work', 'endCheck', 'closed'] as const;

export async function seedBenchWorkflow(db: Database, districtId: string, actorId: string, count: number): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows: existing } = await tx.query<{ id: string }>(`select id from workflow_definitions where district_id = $1 and name = 'Permis de feu' and deleted_at is null limit 1`, [districtId]);
    const definitionId = existing[0]?.id ?? (await seedDefinitions(tx, districtId, actorId)).get('hotWork')!;
    const { rows: admins } = await tx.query<{ account_id: string }>(`select account_id from memberships where district_id = $1 and 'district.admin' = any(rights)`, [districtId]);
    const now = Date.now();
    for (let start = 0; start < count; start += BATCH) {
      const n = Math.min(BATCH, count - start);
      const instances: unknown[] = [];
      const waits: unknown[] = [];
      for (let i = 0; i < n; i++) {
        const id = randomUUID();
        const state = STATES[(start + i) % STATES.length]!;
        const at = new Date(now - (start + i) * 60_000);
        instances.push([id, `Permis de feu n° ${start + i + 1}`, state, at, state === 'closed' ? 'done' : 'open']);
        if (state === 'closed') continue;
        for (const account of state === 'approval' ? admins.map((a) => a.account_id) : [actorId]) waits.push([id, account, at]);
      }
      await tx.query(
        `insert into workflow_instances (id, district_id, definition_id, definition_version, title, state, state_entered_at, status, created_by, updated_at)
         select x.id::uuid, $1, $2, 1, x.title, x.state, x.at::timestamptz, x.status, $3, x.at::timestamptz
           from json_to_recordset($4::json) as x(id text, title text, state text, at text, status text)`,
        [districtId, definitionId, actorId, JSON.stringify(instances.map((r) => { const [id, title, state, at, status] = r as [string, string, string, Date, string]; return { id, title, state, at: at.toISOString(), status }; }))],
      );
      if (waits.length > 0) {
        await tx.query(
          `insert into workflow_waits (instance_id, district_id, account_id, entered_at) select x.i::uuid, $1, x.a::uuid, x.e::timestamptz from json_to_recordset($2::json) as x(i text, a text, e text)`,
          [districtId, JSON.stringify(waits.map((w) => { const [i, a, e] = w as [string, string, Date]; return { i, a, e: e.toISOString() }; }))],
        );
      }
    }
    void HOT_WORK;
    return count;
  });
}
