/**
 * The import, in steps on one page: (1) the kind of records and the file, read on the device in
 * a worker (encoding, separator, row limit); (2) its columns mapped to the fields, guessed from
 * the headers and kept per source; (3) the first checks on the device, then the dry run on the
 * server: a verdict per row (create, update, skip, error with its reason and column), the
 * rejected rows downloadable; (4) the import as a job through the outbox, with its progress.
 */
import { IonButton, IonProgressBar } from '@ionic/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../../common/constants';
import { IMPORT_MAX_ROWS, REF_FIELD, type DryRunAnswer, type ImportInfo, type ImportRow, type Job, type Verdict } from '../../../../common/modules/importExport/schemas';
import { ModulePage } from '../../../components/module';
import { formatNumber } from '../../../lib/numbers';
import { catalogueQueryOptions, dryRun, keys, queueImport } from '../api';
import { guessMapping, mappingKey, rejectedCsv, type LocalError, type Mapping } from '../mapping';
import type { Encoding, ParseResult } from '../parse';
import type { WorkerRequest } from '../parse.worker';
import { JobProgress } from './JobProgress';
import './import-export.css';

type Parsed = Extract<ParseResult, { ok: true }>;

/** One worker per page: asked one thing at a time. */
function useParser() {
  const worker = useRef<Worker | null>(null);
  useEffect(() => () => worker.current?.terminate(), []);
  return <T,>(request: WorkerRequest): Promise<T> => {
    worker.current ??= new Worker(new URL('../parse.worker.ts', import.meta.url), { type: 'module' });
    const w = worker.current;
    return new Promise<T>((resolve) => {
      w.onmessage = (event: MessageEvent<T>) => resolve(event.data);
      w.postMessage(request);
    });
  };
}

const SHOWN = 200;

export function ImportPage() {
  const { t, i18n } = useTranslation('importExport');
  const language: Language = i18n.language.startsWith('en') ? 'en' : 'fr';
  const queryClient = useQueryClient();
  const { data: catalogue, isError } = useQuery(catalogueQueryOptions());
  const ask = useParser();
  const [moduleName, setModuleName] = useState<string | null>(null);
  const spec: ImportInfo | undefined = catalogue?.imports.find((i) => i.name === moduleName) ?? catalogue?.imports[0];
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<Extract<ParseResult, { ok: false }> | null>(null);
  const [parsed, setParsed] = useState<Parsed | null>(null);
  const [mapping, setMapping] = useState<Mapping>([]);
  const [local, setLocal] = useState<{ rows: ImportRow[]; errors: LocalError[] } | null>(null);
  const [dry, setDry] = useState<DryRunAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [result, setResult] = useState<Job | null>(null);

  const fieldLabel = (key: string) => (key === REF_FIELD ? t('import.ref') : (spec?.fields.find((f) => f.key === key)?.label[language] ?? key));
  const headerOf = (key: string) => {
    const column = mapping.indexOf(key);
    return column >= 0 && parsed ? parsed.headers[column]! : fieldLabel(key);
  };
  const reasonOf = (reason: string | undefined) => (reason ? t(reason, { ns: 'common' }) : '');

  const reset = () => {
    setProblem(null);
    setParsed(null);
    setLocal(null);
    setDry(null);
    setJobId(null);
    setResult(null);
    setFailed(null);
  };

  const read = async (chosen: File, encoding: Encoding | null) => {
    reset();
    setFile(chosen);
    setBusy(true);
    const answer = await ask<ParseResult>({ type: 'parse', file: chosen, encoding });
    setBusy(false);
    if (!answer.ok) {
      setProblem(answer);
      return;
    }
    setParsed(answer);
  };

  useEffect(() => {
    if (parsed && spec) {
      const saved = localStorage.getItem(mappingKey(spec.name, parsed.headers));
      setMapping(saved ? (JSON.parse(saved) as Mapping) : guessMapping(parsed.headers, spec.fields));
      setLocal(null);
      setDry(null);
    }
    // A new file or a new kind of records: the mapping is guessed again. A file read before the
    // list of imports arrived is mapped once it arrives.
  }, [parsed, spec?.name]); // eslint-disable-line react-hooks/exhaustive-deps

  const missing = useMemo(() => {
    if (!spec) return [];
    return [REF_FIELD, ...spec.fields.filter((f) => f.required).map((f) => f.key)].filter((key) => !mapping.includes(key));
  }, [spec, mapping]);

  const check = async () => {
    if (!spec || !parsed) return;
    setBusy(true);
    setFailed(null);
    setDry(null);
    localStorage.setItem(mappingKey(spec.name, parsed.headers), JSON.stringify(mapping));
    const mapped = await ask<{ rows: ImportRow[]; errors: LocalError[] }>({ type: 'map', mapping, fields: spec.fields });
    setLocal(mapped);
    try {
      setDry(await dryRun(spec.name, mapped.rows));
    } catch (error) {
      setFailed((error as { message?: string }).message ?? 'request.network');
    } finally {
      setBusy(false);
    }
  };

  const start = async () => {
    if (!spec || !local || !dry || !file) return;
    const id = crypto.randomUUID();
    await queueImport({ id, module: spec.name, rows: local.rows, skipErrors: dry.counts.error > 0, fileName: file.name });
    setJobId(id);
  };

  const downloadRejected = () => {
    if (!parsed || !dry) return;
    const csv = rejectedCsv(parsed.headers, parsed.rows, dry.rows, (v: Verdict) => ({ field: v.field ? headerOf(v.field) : '', reason: reasonOf(v.reason) }), {
      line: t('import.line'),
      field: t('import.column'),
      reason: t('import.reason'),
    });
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${t('import.rejected_file')}-${file?.name.replace(/\.[^.]+$/, '') ?? 'import'}.csv`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };

  const errorsShown = dry?.rows.filter((r) => r.verdict === 'error') ?? [];
  const othersShown = dry?.rows.filter((r) => r.verdict !== 'error') ?? [];

  return (
    <ModulePage title={t('import.title')}>
      <p>{t('import.intro')}</p>
      {isError && <p className="import-export-error">{t('offline')}</p>}
      <section className="import-export-step" aria-labelledby="import-step-file">
        <h2 id="import-step-file">{t('import.step_file')}</h2>
        <div className="import-export-field">
          <label htmlFor="import-records">{t('import.records')}</label>
          <select id="import-records" value={spec?.name ?? ''} onChange={(e) => setModuleName(e.target.value)}>
            {catalogue?.imports.map((i) => (
              <option key={i.name} value={i.name}>
                {i.label[language]}
              </option>
            ))}
          </select>
        </div>
        <div className="import-export-field">
          <label htmlFor="import-file">{t('import.file')}</label>
          <input
            id="import-file"
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => {
              const chosen = e.target.files?.[0];
              if (chosen) void read(chosen, null);
            }}
          />
        </div>
        <p className="import-export-note">{t('import.file_help', { max: formatNumber(IMPORT_MAX_ROWS, language) })}</p>
        {busy && <IonProgressBar type="indeterminate" aria-label={t('import.working')} />}
        {problem && (
          <div className="import-export-error" role="alert">
            <p>{t(`import.problem.${problem.reason}`, { rows: problem.rows === undefined ? '' : formatNumber(problem.rows, language), max: formatNumber(IMPORT_MAX_ROWS, language) })}</p>
            {problem.reason === 'encoding' && file && <IonButton onClick={() => void read(file, 'windows-1252')}>{t('import.read_1252')}</IonButton>}
          </div>
        )}
        {parsed && (
          <p role="status">
            {t('import.read', { rows: formatNumber(parsed.rows.length, language), columns: parsed.headers.length })}{' '}
            {parsed.delimiter !== null && t('import.separator', { separator: parsed.delimiter === '\t' ? t('import.tab') : parsed.delimiter })}{' '}
            {parsed.encoding === 'windows-1252' && t('import.encoding_1252')}
          </p>
        )}
      </section>

      {parsed && spec && (
        <section className="import-export-step" aria-labelledby="import-step-map">
          <h2 id="import-step-map">{t('import.step_map')}</h2>
          <div className="import-export-mapping">
            {parsed.headers.map((header, column) => (
              <div key={`${header}-${column}`} className="import-export-field">
                <label htmlFor={`import-map-${column}`}>{header || t('import.unnamed', { n: column + 1 })}</label>
                <select
                  id={`import-map-${column}`}
                  value={mapping[column] ?? ''}
                  onChange={(e) => {
                    const next = [...mapping];
                    const value = e.target.value === '' ? null : e.target.value;
                    for (let i = 0; i < next.length; i += 1) if (value !== null && next[i] === value) next[i] = null;
                    next[column] = value;
                    setMapping(next);
                    setDry(null);
                  }}
                >
                  <option value="">{t('import.ignore')}</option>
                  <option value={REF_FIELD}>{t('import.ref')}</option>
                  {spec.fields.map((f) => (
                    <option key={f.key} value={f.key}>
                      {f.label[language]}
                      {f.required ? ` (${t('import.required')})` : ''}
                    </option>
                  ))}
                </select>
              </div>
            ))}
          </div>
          {missing.length > 0 && <p className="import-export-error">{t('import.missing', { fields: missing.map(fieldLabel).join(', ') })}</p>}
          <p className="import-export-note">{t('import.ref_help')}</p>
          <IonButton disabled={missing.length > 0 || busy} onClick={() => void check()}>
            {t('import.check')}
          </IonButton>
        </section>
      )}

      {local && (
        <section className="import-export-step" aria-labelledby="import-step-check">
          <h2 id="import-step-check">{t('import.step_check')}</h2>
          {local.errors.length > 0 && !dry && (
            <div role="status">
              <p>{t('import.local_errors', { count: local.errors.length })}</p>
              <ul>
                {local.errors.slice(0, 10).map((e) => (
                  <li key={`${e.line}-${e.field}`}>{t('import.error_line', { line: e.line, column: headerOf(e.field), reason: reasonOf(e.reason) })}</li>
                ))}
              </ul>
            </div>
          )}
          {failed && <p className="import-export-error" role="alert">{t(failed, { ns: 'common' })}</p>}
          {dry && (
            <div role="status" aria-live="polite">
              <p className="import-export-counts" data-testid="dry-run-counts">
                {t('import.counts', { create: dry.counts.create, update: dry.counts.update, skip: dry.counts.skip, error: dry.counts.error })}
              </p>
              {errorsShown.length > 0 && (
                <>
                  <table className="import-export-table">
                    <caption>{t('import.rejected_caption', { count: errorsShown.length })}</caption>
                    <thead>
                      <tr>
                        <th scope="col">{t('import.line')}</th>
                        <th scope="col">{t('import.column')}</th>
                        <th scope="col">{t('import.reason')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {errorsShown.slice(0, SHOWN).map((r) => (
                        <tr key={r.line}>
                          <td>{r.line}</td>
                          <td>{r.field ? headerOf(r.field) : ''}</td>
                          <td>{reasonOf(r.reason)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                  <IonButton fill="outline" onClick={downloadRejected}>
                    {t('import.download_rejected')}
                  </IonButton>
                </>
              )}
              {othersShown.length > 0 && (
                <details>
                  <summary>{t('import.others', { count: othersShown.length })}</summary>
                  <ul>
                    {othersShown.slice(0, SHOWN).map((r) => (
                      <li key={r.line}>{t('import.other_line', { line: r.line, verdict: t(`import.verdict.${r.verdict}`), reason: reasonOf(r.reason) })}</li>
                    ))}
                  </ul>
                </details>
              )}
              {jobId === null && dry.counts.create + dry.counts.update > 0 && (
                <IonButton onClick={() => void start()}>
                  {dry.counts.error > 0 ? t('import.start_skipping', { count: dry.counts.create + dry.counts.update, rejected: dry.counts.error }) : t('import.start', { count: dry.counts.create + dry.counts.update })}
                </IonButton>
              )}
              {jobId === null && dry.counts.create + dry.counts.update === 0 && <p>{t('import.nothing')}</p>}
            </div>
          )}
        </section>
      )}

      {jobId !== null && (
        <section className="import-export-step" aria-labelledby="import-step-run">
          <h2 id="import-step-run">{t('import.step_run')}</h2>
          <JobProgress
            id={jobId}
            onDone={(job) => {
              if (result?.id === job.id) return;
              setResult(job);
              void queryClient.invalidateQueries({ queryKey: keys.jobs() });
            }}
          />
          {result?.summary != null && (
            <p className="import-export-counts" data-testid="import-result">
              {t('import.result', (result.summary as { counts: Record<string, number> }).counts)}
            </p>
          )}
        </section>
      )}
    </ModulePage>
  );
}
