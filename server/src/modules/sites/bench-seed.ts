/**
 * The benchmark data set of the Sites module (`node server/dist/tasks.js seed-bench --sites N`):
 * N more sites in one district, with French-looking names, addresses and positions around the
 * district's area, the district's site types, authors, dates over the last twelve months and
 * one history entry each. One multi-row insert per batch (arrays unnested server-side), so
 * 10,000 sites take seconds on PGlite and on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/types.js';
import { writeCreationHistories } from '../_platform/records.js';
import { SITES_MODULE } from './repository.js';

const BATCH = 1000;
const KINDS = ['Entrepôt', 'Bureaux', 'Atelier', 'Chantier', 'Agence', 'Dépôt', 'Plateforme', 'Magasin', 'Résidence', 'Gymnase'];
const PLACES = ['Bellecour', 'Saint-Jean', 'Croix-Rousse', 'Montchat', 'Perrache', 'Villette', 'Brotteaux', 'Monplaisir', 'Gerland', 'Vaise', 'Duchère', 'Charpennes'];
const STREETS = ['rue de la République', 'avenue Jean Jaurès', 'boulevard Pasteur', 'rue Victor Hugo', 'place de la Mairie', 'rue des Écoles', 'chemin des Vignes', 'allée des Tilleuls', 'quai de Saône', 'rue du Commerce'];
const TOWNS = [
  ['69001', 'Lyon'], ['69100', 'Villeurbanne'], ['69200', 'Vénissieux'], ['69500', 'Bron'], ['69800', 'Saint-Priest'],
  ['69130', 'Écully'], ['69120', 'Vaulx-en-Velin'], ['69300', 'Caluire-et-Cuire'], ['69600', 'Oullins'], ['69400', 'Villefranche-sur-Saône'],
] as const;
const OWNERS = ['Claire Martin', 'Hugo Bernard', 'Sarah Benoît', 'Julien Fabre', 'Nadia Haddad', 'Louis Roux', 'Inès Petit', 'Marc Lefèvre', 'Sophie Leroy', 'Paul Girard'];

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length]!;

export async function seedBenchSites(db: Database, districtId: string, actorId: string, count: number): Promise<number> {
  const { rows: types } = await db.query<{ id: string }>('select id from site_types where district_id = $1 and deleted_at is null order by name', [districtId]);
  const { rows: near } = await db.query<{ lat: number; lng: number }>(
    'select avg(gps_lat) as lat, avg(gps_lng) as lng from sites where district_id = $1 and gps_lat is not null',
    [districtId],
  );
  const centre = { lat: near[0]?.lat ?? 45.76, lng: near[0]?.lng ?? 4.84 };
  const now = Date.now();
  let written = 0;
  while (written < count) {
    const size = Math.min(BATCH, count - written);
    const cols = { id: [] as string[], name: [] as string[], description: [] as string[], address: [] as string[], lat: [] as (number | null)[], lng: [] as (number | null)[], owner: [] as string[], type: [] as (string | null)[], at: [] as string[], changes: [] as string[] };
    for (let i = 0; i < size; i++) {
      const n = written + i;
      const [postcode, town] = pick(TOWNS, n * 7);
      const name = `${pick(KINDS, n)} ${pick(PLACES, n * 3)} ${n + 1}`;
      const address = `${(n % 180) + 1} ${pick(STREETS, n * 11)}, ${postcode} ${town}`;
      // One site in twenty has no position yet.
      const located = n % 20 !== 0;
      const lat = located ? centre.lat + (((n * 37) % 200) - 100) / 1000 : null;
      const lng = located ? centre.lng + (((n * 53) % 200) - 100) / 1000 : null;
      const owner = pick(OWNERS, n * 13);
      const type = types.length > 0 ? pick(types, n).id : null;
      cols.id.push(randomUUID());
      cols.name.push(name);
      cols.description.push(`Site de test ${n + 1}`);
      cols.address.push(address);
      cols.lat.push(lat);
      cols.lng.push(lng);
      cols.owner.push(owner);
      cols.type.push(type);
      cols.at.push(new Date(now - ((n * 7919) % (365 * 24 * 60)) * 60_000).toISOString());
      cols.changes.push(JSON.stringify([{ field: 'name', before: null, after: name }, { field: 'address', before: null, after: address }]));
    }
    await db.transaction(async (tx) => {
      await tx.query(
        `insert into sites (id, district_id, name, description, full_address, gps_lat, gps_lng, owner_name, site_type_id, version, created_at, created_by, updated_at, updated_by)
         select id, $1, name, description, address, lat, lng, owner, type, 1, at, $2, at, $2
           from unnest($3::uuid[], $4::text[], $5::text[], $6::text[], $7::float8[], $8::float8[], $9::text[], $10::uuid[], $11::timestamptz[])
             as t(id, name, description, address, lat, lng, owner, type, at)`,
        [districtId, actorId, cols.id, cols.name, cols.description, cols.address, cols.lat, cols.lng, cols.owner, cols.type, cols.at],
      );
      await writeCreationHistories(tx, { module: SITES_MODULE, districtId, actorId, ids: cols.id, changes: cols.changes, at: cols.at });
    });
    written += size;
  }
  // Fresh statistics and visibility map: the planner then knows the district's size, and the
  // lists' counts are index-only scans (PGlite runs no autovacuum).
  await db.query('vacuum analyze sites');
  await db.query('vacuum analyze site_stages');
  await db.query('vacuum analyze record_history');
  return written;
}
