/**
 * The benchmark data set of the Declarations module (`node server/dist/tasks.js seed-bench
 * --declarations N`): N more declarations in one district, on the district's declaration types
 * (their current revision) and sites, over the last three years, every status and severity, one
 * history entry each. No photos and no hash chain (the list route reads neither). One multi-row
 * insert per batch (arrays unnested server-side), as the Sites bench data set does.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/types.js';
import { writeCreationHistories } from '../_platform/records.js';
import { DECLARATIONS_MODULE } from './repository.js';

const BATCH = 2000;
const WHAT = ['Fuite', 'Chute', 'Sortie encombrée', 'Clôture abîmée', 'Extincteur manquant', 'Câble au sol', 'Presque-accident', 'Odeur de gaz', 'Éclairage en panne', 'Porte bloquée'];
const WHERE = ['au quai de chargement', 'dans l’escalier B', 'à l’accueil', 'sur le parking', 'à l’atelier', 'dans la réserve', 'au local technique', 'devant l’entrée'];
const SEVERITIES = ['low', 'medium', 'medium', 'high', 'critical'] as const;
const STATUSES = ['new', 'acknowledged', 'investigating', 'closed', 'closed', 'closed'] as const;
const DAY_MS = 86_400_000;

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length]!;

export async function seedBenchDeclarations(db: Database, districtId: string, actorId: string, count: number): Promise<number> {
  const { rows: templates } = await db.query<{ id: string; version: number }>(
    `select t.id, max(v.version)::int as version from declaration_templates t join declaration_template_versions v on v.template_id = t.id
      where t.district_id = $1 and t.deleted_at is null group by t.id order by t.id`,
    [districtId],
  );
  if (templates.length === 0) throw new Error('the district has no declaration type to report on (seed the demo data first)');
  const { rows: sites } = await db.query<{ id: string; name: string; lat: number | null; lng: number | null }>(
    'select id, name, gps_lat as lat, gps_lng as lng from sites where district_id = $1 and deleted_at is null order by id limit 5000',
    [districtId],
  );
  const now = Date.now();
  let written = 0;
  while (written < count) {
    const size = Math.min(BATCH, count - written);
    const cols = {
      id: [] as string[], template: [] as string[], version: [] as number[], site: [] as (string | null)[], siteName: [] as (string | null)[],
      position: [] as (string | null)[], at: [] as string[], severity: [] as string[], title: [] as string[], status: [] as string[],
      locked: [] as (string | null)[], changes: [] as string[],
    };
    for (let i = 0; i < size; i++) {
      const n = written + i;
      const template = pick(templates, n);
      // One in eight on no site (a report from the road, say).
      const site = sites.length > 0 && n % 8 !== 7 ? pick(sites, n * 7) : null;
      const title = `${pick(WHAT, n)} ${pick(WHERE, n * 3)} n° ${n + 1}`;
      const at = new Date(now - ((n * 7919) % (3 * 365 * 24 * 60)) * 60_000);
      const status = pick(STATUSES, n * 5);
      cols.id.push(randomUUID());
      cols.template.push(template.id);
      cols.version.push(template.version);
      cols.site.push(site?.id ?? null);
      cols.siteName.push(site?.name ?? null);
      cols.position.push(site?.lat != null && site.lng != null ? JSON.stringify({ lat: site.lat, lng: site.lng, accuracy: 5 + (n % 30), source: 'device' }) : null);
      cols.at.push(at.toISOString());
      cols.severity.push(pick(SEVERITIES, n * 11));
      cols.title.push(title);
      cols.status.push(status);
      cols.locked.push(status === 'closed' ? new Date(at.getTime() + 10 * DAY_MS).toISOString() : null);
      cols.changes.push(JSON.stringify([{ field: 'template', before: null, after: { id: template.id, version: template.version } }, { field: 'title', before: null, after: title }]));
    }
    await db.transaction(async (tx) => {
      await tx.query(
        `insert into declarations (id, district_id, template_id, template_version, site_id, position, occurred_at, captured_at, severity, title,
                                   description, status, locked_at, search_text, version, created_at, created_by, updated_at, updated_by)
         select id, $1, template, version, site, position, at, at, severity, title, 'Constaté lors de la tournée.', status, locked,
                vigie_fold(title || ' Constaté lors de la tournée. ' || coalesce(site_name, '')), 1, at, $2, coalesce(locked, at), $2
           from unnest($3::uuid[], $4::uuid[], $5::int[], $6::uuid[], $7::text[], $8::jsonb[], $9::timestamptz[], $10::text[], $11::text[], $12::text[], $13::timestamptz[])
             as t(id, template, version, site, site_name, position, at, severity, title, status, locked)`,
        [districtId, actorId, cols.id, cols.template, cols.version, cols.site, cols.siteName, cols.position, cols.at, cols.severity, cols.title, cols.status, cols.locked],
      );
      await writeCreationHistories(tx, { module: DECLARATIONS_MODULE, districtId, actorId, ids: cols.id, changes: cols.changes, at: cols.at });
    });
    written += size;
  }
  // Fresh statistics and visibility map (PGlite runs no autovacuum): see sites/bench-seed.ts.
  await db.query('vacuum analyze declarations');
  await db.query('vacuum analyze record_history');
  return written;
}
