/**
 * The benchmark data set of the Suppliers module (`node server/dist/tasks.js seed-bench
 * --suppliers N`): N more suppliers in one district, spread over its trades, with a valid SIRET,
 * a town, dates over the last two years and one history entry each; one document in three,
 * expiring over the next year or expired. One multi-row insert per batch.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/types.js';
import { writeCreationHistories } from '../_platform/records.js';
import { SUPPLIER_MODULES } from './repository.js';
import { siretFrom } from './seed.js';

const BATCH = 1000;
const WORDS = ['Sécurité', 'Propreté', 'Maintenance', 'Services', 'Technique', 'Contrôle', 'Énergie', 'Bâtiment', 'Environnement', 'Protection'];
const PLACES = ['Rhône', 'Alpes', 'Provence', 'Lyonnais', 'Dauphiné', 'Savoie', 'Forez', 'Beaujolais', 'Vercors', 'Bugey'];
const TOWNS = ['Lyon', 'Villeurbanne', 'Vénissieux', 'Bron', 'Saint-Priest', 'Grenoble', 'Valence', 'Annecy', 'Chambéry', 'Saint-Étienne'];

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length]!;

export async function seedBenchSuppliers(db: Database, districtId: string, actorId: string, count: number): Promise<number> {
  const { rows: trades } = await db.query<{ id: string }>('select id from supplier_trades where district_id = $1 and deleted_at is null order by id', [districtId]);
  const now = Date.now();
  let written = 0;
  while (written < count) {
    const size = Math.min(BATCH, count - written);
    const cols = { id: [] as string[], name: [] as string[], siret: [] as string[], city: [] as string[], trades: [] as string[], at: [] as string[], changes: [] as string[] };
    const docs = { id: [] as string[], supplier: [] as string[], expires: [] as string[] };
    for (let i = 0; i < size; i++) {
      const n = written + i;
      const name = `${pick(WORDS, n)} ${pick(PLACES, n * 3)} ${n + 1}`;
      const id = randomUUID();
      cols.id.push(id);
      cols.name.push(name);
      cols.siret.push(siretFrom(10_000 + n));
      cols.city.push(pick(TOWNS, n * 7));
      cols.trades.push(`{${trades.length > 0 ? pick(trades, n).id : ''}}`);
      cols.at.push(new Date(now - ((n * 7919) % (730 * 24 * 60)) * 60_000).toISOString());
      cols.changes.push(JSON.stringify([{ field: 'name', before: null, after: name }]));
      if (n % 3 === 0) {
        docs.id.push(randomUUID());
        docs.supplier.push(id);
        docs.expires.push(new Date(now + (((n * 31) % 400) - 35) * 86_400_000).toISOString().slice(0, 10));
      }
    }
    await db.transaction(async (tx) => {
      await tx.query(
        `insert into suppliers (id, district_id, name, siret, city, trade_ids, created_at, created_by, updated_at, updated_by)
         select id, $1, name, siret, city, trades::uuid[], at, $2, at, $2
           from unnest($3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[], $8::timestamptz[]) as t(id, name, siret, city, trades, at)`,
        [districtId, actorId, cols.id, cols.name, cols.siret, cols.city, cols.trades.map((t) => (t === '{}' ? '{}' : t)), cols.at],
      );
      await tx.query(
        `insert into supplier_documents (id, district_id, supplier_id, kind, title, expires_on, created_by, updated_by)
         select id, $1, supplier, 'insurance', 'Attestation d''assurance', expires::date, $2, $2 from unnest($3::uuid[], $4::uuid[], $5::text[]) as t(id, supplier, expires)`,
        [districtId, actorId, docs.id, docs.supplier, docs.expires],
      );
      await writeCreationHistories(tx, { module: SUPPLIER_MODULES.suppliers, districtId, actorId, ids: cols.id, changes: cols.changes, at: cols.at });
    });
    written += size;
  }
  // Statistics for the planner after a bulk load (the embedded database runs no autovacuum).
  await db.query('vacuum analyze suppliers');
  await db.query('vacuum analyze supplier_documents');
  await db.query('vacuum analyze record_history');
  return written;
}
