/**
 * The import/export module's API contract (routes under /api/import-export), written once:
 * the catalogue of exports and imports, the list exports (CSV, XLSX), the import's dry run and
 * its job, the district's ZIP and the personal data export (jobs with progress and a file).
 */
import Type, { type Static } from 'typebox';
import { Uuid } from '../../schemas/platform';

/** Rows of one import at most (a bigger file is refused on the device before it is sent). */
export const IMPORT_MAX_ROWS = 100_000;
/** Bytes of one import request at most (the rows as JSON). */
export const IMPORT_MAX_BYTES = 96 * 1024 * 1024;
/** Characters of one cell at most. */
export const IMPORT_CELL_MAX = 10_000;
/** Rows of one list export at most. */
export const EXPORT_MAX_ROWS = 50_000;
/** The pseudo-field of the external reference every import maps (how a re-import finds its records). */
export const REF_FIELD = 'ref';
export const REF_MAX = 200;

export const Words = Type.Object({ fr: Type.String(), en: Type.String() });

export const ExportInfo = Type.Object({
  name: Type.String(),
  label: Words,
  columns: Type.Array(Type.Object({ key: Type.String(), label: Words })),
  filters: Type.Array(Type.String()),
  /** The app's addresses of the lists showing these records (their page shows "Export"). */
  lists: Type.Array(Type.String()),
});
export type ExportInfo = Static<typeof ExportInfo>;

export const ImportFieldInfo = Type.Object({
  key: Type.String(),
  label: Words,
  required: Type.Boolean(),
  type: Type.Union([Type.Literal('text'), Type.Literal('number')]),
  aliases: Type.Array(Type.String()),
});
export type ImportFieldInfo = Static<typeof ImportFieldInfo>;

export const ImportInfo = Type.Object({ name: Type.String(), label: Words, fields: Type.Array(ImportFieldInfo) });
export type ImportInfo = Static<typeof ImportInfo>;

/** GET /api/import-export/catalogue: what the caller may export and import. */
export const Catalogue = Type.Object({ exports: Type.Array(ExportInfo), imports: Type.Array(ImportInfo), canImport: Type.Boolean() });
export type Catalogue = Static<typeof Catalogue>;

/** GET /api/import-export/exports/:name?format=csv|xlsx&<the list's filters>. */
export const ExportParams = Type.Object({ name: Type.String({ pattern: '^[a-zA-Z0-9_-]{1,60}$' }) }, { additionalProperties: false });
export const ExportFormat = Type.Union([Type.Literal('csv'), Type.Literal('xlsx')]);
export type ExportFormat = Static<typeof ExportFormat>;

/** One row of a file, mapped: cells by field key (REF_FIELD among them), `line` its line in the file (1: the header). */
export const ImportRow = Type.Object(
  { line: Type.Integer({ minimum: 1 }), cells: Type.Record(Type.String({ maxLength: 60 }), Type.String({ maxLength: IMPORT_CELL_MAX })) },
  { additionalProperties: false },
);
export type ImportRow = Static<typeof ImportRow>;

/** POST /api/import-export/imports/dry-run: the verdict of every row, nothing written. */
export const DryRunBody = Type.Object(
  { module: Type.String({ maxLength: 60 }), rows: Type.Array(ImportRow, { maxItems: IMPORT_MAX_ROWS }) },
  { additionalProperties: false },
);
export type DryRunBody = Static<typeof DryRunBody>;

export const VerdictKind = Type.Union([Type.Literal('create'), Type.Literal('update'), Type.Literal('skip'), Type.Literal('error')]);
export type VerdictKind = Static<typeof VerdictKind>;

/** A row's verdict: its reason (an i18n key of the import-export namespace) and the field of the cell at fault. */
export const Verdict = Type.Object({
  line: Type.Integer(),
  verdict: VerdictKind,
  reason: Type.Optional(Type.String()),
  field: Type.Optional(Type.String()),
});
export type Verdict = Static<typeof Verdict>;

export const Counts = Type.Object({ create: Type.Integer(), update: Type.Integer(), skip: Type.Integer(), error: Type.Integer() });
export type Counts = Static<typeof Counts>;

/** The dry run's answer: the counts, and the verdict of every row that is not a plain create. */
export const DryRunAnswer = Type.Object({ counts: Counts, rows: Type.Array(Verdict) });
export type DryRunAnswer = Static<typeof DryRunAnswer>;

/**
 * POST /api/import-export/imports (Idempotency-Key): the import as a job (the client's id). All
 * or nothing: one transaction; a row in error fails the whole import unless `skipErrors`, then
 * the rejected rows are left out and every other row is written.
 */
export const ImportBody = Type.Object(
  { id: Uuid, module: Type.String({ maxLength: 60 }), rows: Type.Array(ImportRow, { maxItems: IMPORT_MAX_ROWS }), skipErrors: Type.Boolean(), fileName: Type.String({ maxLength: 255 }) },
  { additionalProperties: false },
);
export type ImportBody = Static<typeof ImportBody>;

/** POST /api/import-export/district-export and /my-data (Idempotency-Key): a job (the client's id). */
export const JobCreate = Type.Object({ id: Uuid }, { additionalProperties: false });
export type JobCreate = Static<typeof JobCreate>;

export const JobState = Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]);
export type JobState = Static<typeof JobState>;

export const JobKind = Type.Union([Type.Literal('import'), Type.Literal('districtExport'), Type.Literal('personalExport')]);
export type JobKind = Static<typeof JobKind>;

/** A job as its owner sees it: progress, then its file until `expiresAt`, or its error. */
export const Job = Type.Object({
  id: Uuid,
  kind: Type.String(),
  state: JobState,
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  errorKey: Type.Union([Type.String(), Type.Null()]),
  summary: Type.Unknown(),
  file: Type.Union([Type.Object({ name: Type.String(), size: Type.Integer(), url: Type.String() }), Type.Null()]),
  createdAt: Type.String(),
  finishedAt: Type.Union([Type.String(), Type.Null()]),
  expiresAt: Type.Union([Type.String(), Type.Null()]),
});
export type Job = Static<typeof Job>;

/** An import job's summary. */
export interface ImportSummary {
  module: string;
  fileName: string;
  counts: Counts;
}

/**
 * Socket event to the owner's sockets in the job's district (its member room) when a job starts,
 * moves by a percent, ends or fails: the app follows it live, and reads the job again (its file,
 * its summary) once it ended. Polling is the fallback while the socket is down.
 */
export const JOB_PROGRESS_EVENT = 'jobs:progress';
export interface JobProgressEvent {
  id: string;
  state: JobState;
  progress: number;
}

export const JobParams = Type.Object({ id: Uuid }, { additionalProperties: false });
