/**
 * An import's plan and its run (docs/importExport.md). The plan reads every mapped row: each
 * cell converted and checked against its field (required, number, length, range, a formula at
 * the start refused), the external reference required and unique in the file, the module's own
 * check; a reference already imported (import_refs) whose record is live makes an update, or a
 * skip when nothing changed; any other row a create. The dry run answers the plan; the job
 * plans again inside its one transaction and writes it (all or nothing).
 */
import { randomUUID } from 'node:crypto';
import { REF_FIELD, REF_MAX, type Counts, type ImportRow, type ImportSummary, type Verdict } from '../../../../common/modules/importExport/schemas.js';
import type { Queryable } from '../../db/types.js';
import { ApiError } from '../../lib/errors.js';
import { recordAudit } from '../_platform/audit.js';
import { emitRecordChanged } from '../_platform/events.js';
import { JobFailure, registerJobKind } from '../_platform/jobs.js';
import type { RecordScope } from '../_platform/records.js';
import { moduleImport, type ImportField, type ImportValues, type ImportWriter, type ModuleImport } from '../_platform/transfer.js';

export const IMPORT_JOB = 'import';

/** A cell a spreadsheet would run as a formula (CSV injection): refused with a clear reason. */
const FORMULA = /^[=+@\t\r]|^-(?!\d)/;

/** The cell's value for its field, or the reason it is refused. */
export function convertCell(field: ImportField, raw: string | undefined): { value: string | number | null } | { reason: string } {
  const text = (raw ?? '').trim();
  if (text === '') return field.required ? { reason: 'importExport.reasons.required' } : { value: null };
  if (field.type === 'number') {
    const normal = text.replace(/\s/g, '').replace(',', '.');
    if (!/^-?\d+(\.\d+)?$/.test(normal)) return { reason: FORMULA.test(text) ? 'importExport.reasons.formula' : 'importExport.reasons.not_a_number' };
    const value = Number(normal);
    if ((field.min !== undefined && value < field.min) || (field.maxValue !== undefined && value > field.maxValue)) return { reason: 'importExport.reasons.out_of_range' };
    return { value };
  }
  if (FORMULA.test(text)) return { reason: 'importExport.reasons.formula' };
  if (field.max !== undefined && text.length > field.max) return { reason: 'importExport.reasons.too_long' };
  return { value: text };
}

interface PlannedRow {
  line: number;
  ref: string;
  values: ImportValues;
  verdict: Verdict['verdict'];
  reason?: string;
  field?: string;
  /** The record updated, its version and the changed values. */
  target?: { id: string; version: number; changes: ImportValues };
}

const same = (a: unknown, b: unknown) => (a ?? '') === (b ?? '') || (typeof a === 'number' && typeof b === 'number' && Math.abs(a - b) < 1e-9);

export interface Plan {
  rows: PlannedRow[];
  counts: Counts;
}

/** The plan of `rows` for `spec` in `scope` (reads only). */
export async function planImport(spec: ModuleImport, writer: ImportWriter, scope: RecordScope, rows: ImportRow[]): Promise<Plan> {
  const planned: PlannedRow[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const ref = (row.cells[REF_FIELD] ?? '').trim();
    const values: ImportValues = {};
    let error: { reason: string; field: string } | null = null;
    if (ref === '') error = { reason: 'importExport.reasons.ref_required', field: REF_FIELD };
    else if (ref.length > REF_MAX) error = { reason: 'importExport.reasons.too_long', field: REF_FIELD };
    else if (FORMULA.test(ref)) error = { reason: 'importExport.reasons.formula', field: REF_FIELD };
    else if (seen.has(ref)) error = { reason: 'importExport.reasons.duplicate_ref', field: REF_FIELD };
    seen.add(ref);
    for (const field of spec.fields) {
      const converted = convertCell(field, row.cells[field.key]);
      if ('reason' in converted) error ??= { reason: converted.reason, field: field.key };
      else values[field.key] = converted.value;
    }
    if (!error && writer.check) error = await writer.check(values, ref);
    planned.push(error ? { line: row.line, ref, values, verdict: 'error', ...error } : { line: row.line, ref, values, verdict: 'create' });
  }
  // The references already imported, and their live records.
  const refs = planned.filter((r) => r.verdict !== 'error').map((r) => r.ref);
  const known = new Map<string, string>();
  if (writer.find) for (let at = 0; at < refs.length; at += 5000) for (const [ref, id] of await writer.find(refs.slice(at, at + 5000))) known.set(ref, id);
  else for (let at = 0; at < refs.length; at += 5000) {
    const { rows: found } = await scope.db.query<{ ref: string; record_id: string }>(
      'select ref, record_id from import_refs where district_id = $1 and source = $2 and ref = any($3::text[])',
      [scope.districtId, spec.name, refs.slice(at, at + 5000)],
    );
    for (const r of found) known.set(r.ref, r.record_id);
  }
  const ids = [...known.values()];
  const current = new Map<string, { version: number; values: ImportValues }>();
  for (let at = 0; at < ids.length; at += 5000) for (const [id, c] of await writer.current(ids.slice(at, at + 5000))) current.set(id, c);
  const counts: Counts = { create: 0, update: 0, skip: 0, error: 0 };
  for (const row of planned) {
    if (row.verdict !== 'error') {
      const id = known.get(row.ref);
      const now = id ? current.get(id) : undefined;
      if (id && now) {
        const changes: ImportValues = {};
        for (const field of spec.fields) if (!field.createOnly && !same(now.values[field.key], row.values[field.key])) changes[field.key] = row.values[field.key] ?? null;
        if (Object.keys(changes).length === 0) Object.assign(row, { verdict: 'skip', reason: 'importExport.reasons.unchanged' });
        else Object.assign(row, { verdict: 'update', target: { id, version: now.version, changes } });
      }
    }
    counts[row.verdict] += 1;
  }
  return { rows: planned, counts };
}

/** The dry run's answer: counts, and every row that is not a plain create. */
export function verdictsOf(plan: Plan): { counts: Counts; rows: Verdict[] } {
  return {
    counts: plan.counts,
    rows: plan.rows
      .filter((r) => r.verdict !== 'create')
      .map((r) => ({ line: r.line, verdict: r.verdict, ...(r.reason ? { reason: r.reason } : {}), ...(r.field ? { field: r.field } : {}) })),
  };
}

/** An import of the catalogue the caller may use (404 for an unknown one). */
export function importOr404(name: string): ModuleImport {
  const spec = moduleImport(name);
  if (!spec) throw ApiError.notFound('importExport.unknown_import');
  return spec;
}

/** Writes a plan in `tx` (the job's transaction); `progress` from 0 to 1. */
async function writePlan(spec: ModuleImport, writer: ImportWriter, scope: RecordScope & { db: Queryable }, plan: Plan, progress: (share: number) => Promise<void>): Promise<string[]> {
  const creates = plan.rows.filter((r) => r.verdict === 'create').map((r) => ({ id: randomUUID(), ref: r.ref, values: r.values }));
  const changed: string[] = [];
  const total = Math.max(1, creates.length + plan.counts.update);
  for (let at = 0; at < creates.length; at += 1000) {
    const chunk = creates.slice(at, at + 1000);
    await writer.create(chunk);
    await scope.db.query(
      `insert into import_refs (district_id, source, ref, record_id) select $1, $2, ref, id from unnest($3::text[], $4::uuid[]) as t(ref, id)
       on conflict (district_id, source, ref) do update set record_id = excluded.record_id`,
      [scope.districtId, spec.name, chunk.map((c) => c.ref), chunk.map((c) => c.id)],
    );
    changed.push(...chunk.map((c) => c.id));
    await progress((at + chunk.length) / total);
  }
  let done = creates.length;
  for (const row of plan.rows) {
    if (row.verdict !== 'update' || !row.target) continue;
    await writer.update(row.target.id, row.target.version, row.target.changes);
    changed.push(row.target.id);
    done += 1;
    if (done % 200 === 0) await progress(done / total);
  }
  return changed;
}

registerJobKind(IMPORT_JOB, async ({ job, db, ctx, report }) => {
  const input = job.input as { module: string; rows: ImportRow[]; skipErrors: boolean; fileName: string; clientDb: string };
  const spec = importOr404(input.module);
  const afterCommit: (() => void)[] = [];
  const { changed, counts } = await db.transaction(async (tx) => {
    const scope: RecordScope = { db: tx, control: ctx.databases.control, districtId: job.district_id, actor: { id: job.account_id } };
    const writer = spec.writer(scope, { clientDb: input.clientDb, publicUrl: ctx.config.publicUrl,
      afterCommit,
      memberChanged: (accountId) => afterCommit.push(() => ctx.tenantCache.invalidate({ kind: 'member', db: input.clientDb, districtId: job.district_id, accountId })),
    });
    const plan = await planImport(spec, writer, scope, input.rows);
    await report(20);
    const summary: ImportSummary = { module: spec.name, fileName: input.fileName, counts: plan.counts };
    if (plan.counts.error > 0 && !input.skipErrors) throw new JobFailure('importExport.import_rejected', summary);
    const ids = await writePlan(spec, writer, scope, plan, (share) => report(20 + share * 79));
    return { changed: ids, counts: plan.counts };
  });
  for (const run of afterCommit) run();
  for (const id of changed.slice(0, 50)) emitRecordChanged(ctx.io, input.clientDb, job.district_id, { module: spec.module, id, version: 1 });
  // The administrators' audit log (tc): who imported what into which district, with its counts.
  const { rows: who } = await ctx.databases.control.query<{ email: string }>('select email from accounts where id = $1', [job.account_id]);
  await recordAudit(ctx.databases.control, {
    actor: { id: job.account_id, email: who[0]?.email ?? '' },
    act: 'import.done',
    clientDb: input.clientDb,
    districtId: job.district_id,
    target: { kind: 'import', id: job.id, label: input.fileName },
    details: { module: spec.name, created: counts.create, updated: counts.update },
  });
  const summary: ImportSummary = { module: spec.name, fileName: input.fileName, counts };
  return { summary };
});
