/**
 * The benchmark data set of the Contracts module (`node server/dist/tasks.js seed-bench
 * --contracts N`): N more contracts in one district, spread over its suppliers and sites, every
 * type and status, ends over the next two years (some past), one in three tacitly renewed, with
 * one history entry each. One multi-row insert per batch.
 */
import { randomUUID } from 'node:crypto';
import { addDaysTo } from '../../../../common/modules/contract/deadline.js';
import { CONTRACT_STATUSES, CONTRACT_TYPES } from '../../../../common/modules/contract/schemas.js';
import type { Database } from '../../db/types.js';
import { districtToday } from '../_platform/dates.js';
import { writeCreationHistories } from '../_platform/records.js';
import { CONTRACT_MODULES, termOf } from './repository.js';

const BATCH = 1000;
const WORDS = ['Maintenance', 'Vérification', 'Nettoyage', 'Fourniture', 'Entretien', 'Contrôle', 'Gardiennage', 'Dépannage'];
const pick = <T>(list: readonly T[], n: number): T => list[n % list.length]!;

export async function seedBenchContracts(db: Database, districtId: string, actorId: string, count: number): Promise<number> {
  const { rows: suppliers } = await db.query<{ id: string }>('select id from suppliers where district_id = $1 and deleted_at is null order by id limit 2000', [districtId]);
  if (suppliers.length === 0) return 0;
  const { rows: sites } = await db.query<{ id: string }>('select id from sites where district_id = $1 and deleted_at is null order by id limit 2000', [districtId]);
  const today = districtToday();
  const now = Date.now();
  let written = 0;
  while (written < count) {
    const size = Math.min(BATCH, count - written);
    const c = { id: [] as string[], supplier: [] as string[], sites: [] as string[], type: [] as string[], name: [] as string[], end: [] as string[], tacit: [] as boolean[], notice: [] as number[], status: [] as string[], termEnd: [] as string[], noticeOn: [] as string[], at: [] as string[], changes: [] as string[] };
    for (let i = 0; i < size; i++) {
      const n = written + i;
      const type = pick(CONTRACT_TYPES, n);
      const name = `${pick(WORDS, n * 3)} ${n + 1}`;
      const endOn = addDaysTo(today, ((n * 37) % 760) - 30);
      const tacit = n % 3 === 0;
      const noticeDays = pick([30, 60, 90], n);
      const term = termOf({ endOn, tacitRenewal: tacit, renewalMonths: tacit ? 12 : null, noticeDays }, today)!;
      c.id.push(randomUUID());
      c.supplier.push(pick(suppliers, n * 7).id);
      c.sites.push(sites.length > 0 ? `{${pick(sites, n * 11).id}}` : '{}');
      c.type.push(type);
      c.name.push(name);
      c.end.push(endOn);
      c.tacit.push(tacit);
      c.notice.push(noticeDays);
      c.status.push(pick(CONTRACT_STATUSES, n));
      c.termEnd.push(term.endOn);
      c.noticeOn.push(term.noticeOn);
      c.at.push(new Date(now - ((n * 7919) % (730 * 24 * 60)) * 60_000).toISOString());
      c.changes.push(JSON.stringify([{ field: 'title', before: null, after: name }]));
    }
    await db.transaction(async (tx) => {
      await tx.query(
        `insert into contracts (id, district_id, supplier_id, site_ids, type, name, end_on, tacit_renewal, renewal_months, notice_days, owner_id, status, term_end_on, notice_on,
                                created_at, created_by, updated_at, updated_by)
         select id, $1, supplier, sites::uuid[], type, name, end_on::date, tacit, case when tacit then 12 end, notice, $2, status, term_end::date, notice_on::date, at, $2, at, $2
           from unnest($3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::text[], $8::text[], $9::boolean[], $10::int[], $11::text[], $12::text[], $13::text[], $14::timestamptz[])
             as t(id, supplier, sites, type, name, end_on, tacit, notice, status, term_end, notice_on, at)`,
        [districtId, actorId, c.id, c.supplier, c.sites, c.type, c.name, c.end, c.tacit, c.notice, c.status, c.termEnd, c.noticeOn, c.at],
      );
      await writeCreationHistories(tx, { module: CONTRACT_MODULES.contracts, districtId, actorId, ids: c.id, changes: c.changes, at: c.at });
    });
    written += size;
  }
  // Statistics for the planner after a bulk load (the embedded database runs no autovacuum).
  await db.query('vacuum analyze contracts');
  await db.query('vacuum analyze contract_sites');
  await db.query('vacuum analyze record_history');
  return written;
}
