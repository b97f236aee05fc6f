/**
 * The district's export (a job): every list its owner could read when asking, as CSV files in
 * one ZIP (fflate) with `manifest.json` (the district, the date, each module's file and row
 * count), made with progress and kept for its owner until it expires.
 */
import { strToU8, zipSync } from 'fflate';
import type { Language } from '../../../../common/constants.js';
import { registerJobKind } from '../_platform/jobs.js';
import { moduleExport } from '../_platform/transfer.js';
import { exportCsv, fileDay } from './files.js';

export const DISTRICT_EXPORT_JOB = 'districtExport';
/** Rows of one module in the district's ZIP at most. */
export const DISTRICT_EXPORT_MAX_ROWS = 1_000_000;

registerJobKind(DISTRICT_EXPORT_JOB, async ({ job, db, ctx, report }) => {
  const input = job.input as { exports: string[]; language: Language };
  const { rows: districts } = await db.query<{ name: string }>('select name from districts where id = $1', [job.district_id]);
  const files: Record<string, Uint8Array> = {};
  const modules: { name: string; file: string; rows: number }[] = [];
  let done = 0;
  for (const name of input.exports) {
    const spec = moduleExport(name);
    if (!spec) continue;
    const rows = await spec.rows(db, job.district_id, {}, DISTRICT_EXPORT_MAX_ROWS, ctx.databases.control);
    const file = `${name}.csv`;
    files[file] = exportCsv(spec, input.language, rows);
    modules.push({ name, file, rows: rows.length });
    done += 1;
    await report((done / Math.max(1, input.exports.length)) * 95, true);
  }
  const manifest = { district: { id: job.district_id, name: districts[0]?.name ?? '' }, exportedAt: new Date().toISOString(), exportedBy: job.account_id, modules };
  files['manifest.json'] = strToU8(JSON.stringify(manifest, null, 2));
  const bytes = zipSync(files, { level: 6 });
  return { file: { name: `export-${fileDay()}.zip`, type: 'application/zip', bytes }, summary: { modules } };
});
