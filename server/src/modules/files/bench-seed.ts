/**
 * The benchmark data set of the Files module (`node server/dist/tasks.js seed-bench --files N`):
 * N documents in one folder ("Bench" at the top of the district's first site), each with one
 * version whose attachment row is complete (the bytes are not stored: the listing reads rows).
 * One multi-row insert per batch.
 */
import { randomUUID } from 'node:crypto';
import { FILES_ATTACHMENT_MODULE } from '../../../../common/modules/files/schemas.js';
import type { Database } from '../../db/types.js';
import { addDays, districtToday } from '../_platform/dates.js';

const BATCH = 1000;
export const BENCH_FOLDER = 'Bench';

export async function seedBenchFiles(db: Database, districtId: string, actorId: string, count: number): Promise<number> {
  const { rows: sites } = await db.query<{ id: string }>('select id from sites where district_id = $1 and deleted_at is null order by name, id limit 1', [districtId]);
  const site = sites[0];
  if (!site) return 0;
  let folderId = (await db.query<{ id: string }>('select id from file_folders where site_id = $1 and parent_id is null and name = $2 and deleted_at is null', [site.id, BENCH_FOLDER])).rows[0]?.id;
  if (!folderId) {
    folderId = randomUUID();
    await db.query('insert into file_folders (id, district_id, site_id, name, created_by, updated_by) values ($1, $2, $3, $4, $5, $5)', [folderId, districtId, site.id, BENCH_FOLDER, actorId]);
  }
  const { rows: counted } = await db.query<{ n: string }>('select count(*) as n from file_documents where folder_id = $1', [folderId]);
  const start = Number(counted[0]!.n);
  const today = districtToday();
  let written = 0;
  while (written < count) {
    const size = Math.min(BATCH, count - written);
    const docs: string[] = [];
    const versions: string[] = [];
    const names: string[] = [];
    const valid: (string | null)[] = [];
    for (let i = 0; i < size; i++) {
      const n = start + written + i;
      docs.push(randomUUID());
      versions.push(randomUUID());
      names.push(`Document ${String(n + 1).padStart(6, '0')}.pdf`);
      valid.push(n % 4 === 0 ? addDays(today, (n % 400) - 60) : null);
    }
    await db.transaction(async (tx) => {
      await tx.query(
        `insert into attachments (id, district_id, module, record_id, name, type, size, storage_key, sha256, state, created_by, created_by_name, completed_at)
         select v, $1, $2, d, n, 'application/pdf', 20480, 'bench/' || v, repeat('0', 64), 'complete', $3, 'bench', now()
           from unnest($4::uuid[], $5::uuid[], $6::text[]) as t(v, d, n)`,
        [districtId, FILES_ATTACHMENT_MODULE, actorId, versions, docs, names],
      );
      await tx.query(
        `insert into file_documents (id, district_id, folder_id, site_id, name, valid_until, current_version_id, created_by, updated_by)
         select d, $1, $2, $3, n, v::date, cv, $4, $4 from unnest($5::uuid[], $6::text[], $7::text[], $8::uuid[]) as t(d, n, v, cv)`,
        [districtId, folderId, site.id, actorId, docs, names, valid, versions],
      );
      await tx.query(
        `insert into file_versions (id, district_id, document_id, number, created_by) select v, $1, d, 1, $2 from unnest($3::uuid[], $4::uuid[]) as t(v, d)`,
        [districtId, actorId, versions, docs],
      );
    });
    written += size;
  }
  return written;
}
