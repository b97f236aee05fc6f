/**
 * The benchmark data set of the Contacts module (`node server/dist/tasks.js seed-bench
 * --contacts N`): N more contacts in one district, one in two working for one of its suppliers,
 * one in twenty linked to one of its sites (a role in turn), with a mobile phone, an e-mail,
 * dates over the last two years and one history entry each. One multi-row insert per batch.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/types.js';
import { writeCreationHistories } from '../_platform/records.js';
import { CONTACT_MODULE } from './repository.js';
import { FIRST_NAMES, LAST_NAMES, mobileOf } from './seed.js';

const BATCH = 1000;
const ROLES = ['emergency', 'fireSafety', 'manager', 'other'];
const JOBS = ["Chargé d'affaires", 'Technicien', "Responsable d'agence", 'Gardien', 'Assistante', 'Directeur technique'];

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length]!;
const ascii = (text: string) => text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');

export async function seedBenchContacts(db: Database, districtId: string, actorId: string, count: number): Promise<number> {
  const { rows: suppliers } = await db.query<{ id: string }>('select id from suppliers where district_id = $1 and deleted_at is null order by id limit 5000', [districtId]);
  const { rows: sites } = await db.query<{ id: string }>('select id from sites where district_id = $1 and deleted_at is null order by id limit 5000', [districtId]);
  const now = Date.now();
  let written = 0;
  while (written < count) {
    const size = Math.min(BATCH, count - written);
    const c = { id: [] as string[], first: [] as string[], last: [] as string[], job: [] as string[], supplier: [] as (string | null)[], phone: [] as string[], email: [] as string[], links: [] as string[], at: [] as string[], changes: [] as string[] };
    for (let i = 0; i < size; i++) {
      const n = written + i;
      const first = pick(FIRST_NAMES, n);
      const last = pick(LAST_NAMES, Math.floor(n / FIRST_NAMES.length) * 7 + n);
      c.id.push(randomUUID());
      c.first.push(first);
      c.last.push(last);
      c.job.push(pick(JOBS, n * 3));
      c.supplier.push(n % 2 === 0 && suppliers.length > 0 ? pick(suppliers, n).id : null);
      c.phone.push(mobileOf(n + 1000));
      c.email.push(`${ascii(first)}.${ascii(last)}.${n + 1}@exemple.fr`);
      c.links.push(n % 20 === 0 && sites.length > 0 ? JSON.stringify([{ siteId: pick(sites, n / 20).id, role: pick(ROLES, n / 20) }]) : '[]');
      c.at.push(new Date(now - ((n * 7919) % (730 * 24 * 60)) * 60_000).toISOString());
      c.changes.push(JSON.stringify([{ field: 'lastName', before: null, after: last }]));
    }
    await db.transaction(async (tx) => {
      await tx.query(
        `insert into contacts (id, district_id, first_name, last_name, name, job_title, supplier_id, phones, emails, uid, site_links, search_text, created_at, created_by, updated_at, updated_by)
         select id, $1, first, last, last || ' ' || first, job, supplier, jsonb_build_array(jsonb_build_object('type', 'mobile', 'number', phone)), array[email], id::text, links::jsonb,
                first || ' ' || last || ' ' || job || ' ' || email || ' ' || phone || ' ' || replace(phone, ' ', ''), at, $2, at, $2
           from unnest($3::uuid[], $4::text[], $5::text[], $6::text[], $7::uuid[], $8::text[], $9::text[], $10::text[], $11::timestamptz[]) as t(id, first, last, job, supplier, phone, email, links, at)`,
        [districtId, actorId, c.id, c.first, c.last, c.job, c.supplier, c.phone, c.email, c.links, c.at],
      );
      await writeCreationHistories(tx, { module: CONTACT_MODULE, districtId, actorId, ids: c.id, changes: c.changes, at: c.at });
    });
    written += size;
  }
  // Statistics for the planner after a bulk load (the embedded database runs no autovacuum).
  await db.query('vacuum analyze contacts');
  await db.query('vacuum analyze contact_sites');
  await db.query('vacuum analyze record_history');
  return written;
}
