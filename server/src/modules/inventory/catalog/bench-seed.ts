/**
 * The benchmark data set of the equipment (`node server/dist/tasks.js seed-bench --equipment N`):
 * N more items in one district, spread over its sites and its articles (a category with a
 * 12-month check and an article made first when the district has none), every status, last
 * checks over the past 14 months (so some are due and some overdue), one history entry each. One
 * multi-row insert per batch.
 */
import { randomUUID } from 'node:crypto';
import { addMonthsTo } from '../../../../../common/modules/inventory/catalog.js';
import { EQUIPMENT_STATUSES } from '../../../../../common/modules/inventory/model.js';
import type { Database } from '../../../db/types.js';
import { addDays, districtToday } from '../../_platform/dates.js';
import { writeCreationHistories } from '../../_platform/records.js';
import { CATALOG_MODULES } from './repository.js';

const BATCH = 1000;
const WORDS = ['Extincteur', 'BAES', 'Trousse', 'DAE', 'Porte coupe-feu', 'Casque', 'Détecteur', 'Robinet d’incendie'];
const pick = <T>(list: readonly T[], n: number): T => list[n % list.length]!;

export async function seedBenchEquipment(db: Database, districtId: string, actorId: string, count: number): Promise<number> {
  let { rows: articles } = await db.query<{ id: string }>('select id from inventory_articles where district_id = $1 and deleted_at is null order by id limit 200', [districtId]);
  if (articles.length === 0) {
    const categoryId = randomUUID();
    const articleId = randomUUID();
    await db.query(`insert into inventory_categories (id, district_id, name, check_period_months, checklist, created_by) values ($1, $2, 'Extincteurs (banc)', 12, '["Accessible"]', $3)`, [categoryId, districtId, actorId]);
    await db.query(`insert into inventory_articles (id, district_id, category_id, name, created_by) values ($1, $2, $3, 'Extincteur 6 L (banc)', $4)`, [articleId, districtId, categoryId, actorId]);
    articles = [{ id: articleId }];
  }
  const { rows: sites } = await db.query<{ id: string }>('select id from sites where district_id = $1 and deleted_at is null order by id limit 2000', [districtId]);
  const today = districtToday();
  const now = Date.now();
  let written = 0;
  while (written < count) {
    const size = Math.min(BATCH, count - written);
    const c = { id: [] as string[], article: [] as string[], name: [] as string[], tag: [] as string[], site: [] as (string | null)[], room: [] as string[], status: [] as string[], last: [] as string[], next: [] as string[], at: [] as string[], changes: [] as string[] };
    for (let i = 0; i < size; i++) {
      const n = written + i;
      const name = `${pick(WORDS, n)} ${n + 1}`;
      const last = addDays(today, -((n * 53) % 430));
      c.id.push(randomUUID());
      c.article.push(pick(articles, n * 7).id);
      c.name.push(name);
      c.tag.push(`B${randomUUID().slice(0, 8)}${n}`);
      c.site.push(sites.length > 0 ? pick(sites, n * 11).id : null);
      c.room.push(`Local ${(n % 40) + 1}`);
      c.status.push(n % 10 === 0 ? pick(EQUIPMENT_STATUSES, n / 10) : 'inService');
      c.last.push(last);
      c.next.push(addMonthsTo(last, 12));
      c.at.push(new Date(now - ((n * 7919) % (730 * 24 * 60)) * 60_000).toISOString());
      c.changes.push(JSON.stringify([{ field: 'name', before: null, after: name }]));
    }
    await db.transaction(async (tx) => {
      await tx.query(
        `insert into inventory_equipment (id, district_id, article_id, name, tag, site_id, room, status, last_check_on, next_check_on, created_at, created_by, updated_at, updated_by)
         select id, $1, article, name, tag, site, room, status, last::date, next::date, at, $2, at, $2
           from unnest($3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::uuid[], $8::text[], $9::text[], $10::text[], $11::text[], $12::timestamptz[])
             as t(id, article, name, tag, site, room, status, last, next, at)`,
        [districtId, actorId, c.id, c.article, c.name, c.tag, c.site, c.room, c.status, c.last, c.next, c.at],
      );
      await writeCreationHistories(tx, { module: CATALOG_MODULES.equipment, districtId, actorId, ids: c.id, changes: c.changes, at: c.at });
    });
    written += size;
  }
  // Statistics for the planner after a bulk load (the embedded database runs no autovacuum).
  await db.query('vacuum analyze inventory_equipment');
  await db.query('vacuum analyze record_history');
  return written;
}
