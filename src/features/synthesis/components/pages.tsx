/**
 * The synthesis screens: the table builder (synthesisTable) and the dashboards (synthesisView:
 * the district's ready-made dashboard and the tables the user pinned; synthesis: the same with
 * the Securesphere one below; synthesisSecuresphere: the audits' ready-made dashboard). Every
 * table is computed by the server and kept on the device as last computed (read off line with
 * its time).
 */
import { IonButton, IonNote } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { defaultStringifySearch, useRouter, useSearch } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DISTRICT_DASHBOARD, SECURESPHERE_DASHBOARD, type ReadyDashboard } from '../../../../common/modules/synthesis/dashboards';
import { CHART_TYPES, withDashboardFilters, type ChartType, type DashboardFilters, type SynthesisCard, type SynthesisResult, type SynthesisSourceInfo } from '../../../../common/modules/synthesis/schemas';
import { ModulePage } from '../../../components/module';
import { formatDateTime } from '../../../lib/dates';
import { describeApiError } from '../../../lib/error-messages';
import { showToast } from '../../../lib/toast';
import { downloadDashboardPdf, sourcesQueryOptions, tableQueryOptions } from '../api';
import { toCsv, xlsxText } from '../csv';
import { fieldLabel, formatValue, keyLabel, measureLabel, sourceLabel, tableRows } from '../labels';
import { SECURESPHERE_PATH, TABLE_PATH, V3_PATH, VIEW_PATH } from '../paths';
import { movePinsToServer, savedDashboards, savedTables } from '../saved';
import { definitionOf, validateDashboardSearch, validateTableSearch, type DashboardSearch, type TableSearch } from '../search';
import { ChartView, type ChartHandle } from './ChartView';
import { ResultTable } from './ResultTable';
import { moved, useCardDrag } from './card-drag';
import { DashboardManager, removeDashboardCard, saveDashboardCards, SavedTablesList, useMayEdit, useSaved } from './saved';
import './synthesis.css';

function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

const fail = (error: unknown) => showToast({ message: describeApiError(error), kind: 'danger' });

/** When a table was computed, and a warning when it is older than the last try (read off line). */
function Computed({ result, stale }: { result: SynthesisResult; stale: boolean }) {
  const { t, i18n } = useTranslation('synthesis');
  const at = formatDateTime(result.computedAt, i18n.language);
  return (
    <p className="synthesis-computed">
      {stale ? t('computedOffline', { at }) : t('computedAt', { at })}
      {result.truncated ? ` ${t('truncated')}` : ''}
    </p>
  );
}

// ---------------------------------------------------------------- the table builder

export function TablePage() {
  const { t, i18n } = useTranslation('synthesis');
  const router = useRouter();
  const search = validateTableSearch(useSearch({ strict: false }));
  const sources = useQuery(sourcesQueryOptions());
  const definition = definitionOf(search);
  const table = useQuery({ ...tableQueryOptions(definition ?? { source: '', groupBy: [], measures: [], filters: [] }), enabled: definition !== null });
  const source = sources.data?.find((s) => s.id === search.source);
  const [chart, setChart] = useState<ChartType>('bar');
  const [title, setTitle] = useState('');
  const [shared, setShared] = useState(true);

  const set = (patch: Partial<TableSearch>) => {
    const next: Record<string, unknown> = { ...search, ...patch };
    for (const key of Object.keys(next)) if (next[key] === undefined || (Array.isArray(next[key]) && (next[key] as unknown[]).length === 0)) delete next[key];
    void router.navigate({ href: `${TABLE_PATH}${defaultStringifySearch(next)}`, replace: true });
  };
  const chooseSource = (id: string) => set({ source: id || undefined, groupBy: undefined, measures: id ? ['count'] : undefined, filters: undefined, sort: undefined, desc: undefined });
  const filterOf = (field: string) => search.filters?.find((f) => f.field === field)?.values[0];
  const setFilter = (field: string, value: string) =>
    set({ filters: [...(search.filters ?? []).filter((f) => f.field !== field), ...(value ? [{ field, values: [value] }] : [])] });
  const groupAt = (i: number) => search.groupBy?.[i] ?? '';
  const setGroup = (i: number, value: string) => {
    const groups = [groupAt(0), groupAt(1)];
    groups[i] = value;
    set({ groupBy: groups.filter((g, j) => g !== '' && groups.indexOf(g) === j) });
  };
  const toggleMeasure = (id: string, on: boolean) => {
    const current = search.measures ?? [];
    const next = on ? [...current.filter((m) => m !== id), id].slice(0, 4) : current.filter((m) => m !== id);
    set({ measures: next });
  };

  const caption = definition && source ? `${sourceLabel(t, source.id)}${definition.groupBy.length ? ` — ${definition.groupBy.map((g) => fieldLabel(t, g)).join(', ')}` : ''}` : '';
  const exportCsv = () => table.data && saveBlob(new Blob([toCsv(tableRows(t, i18n.language, table.data))], { type: 'text/csv;charset=utf-8' }), `${t('fileName')}-${table.data.source}.csv`);
  const exportXlsx = async () => {
    if (!table.data) return;
    try {
      const { default: writeExcelFile } = await import('write-excel-file/browser');
      const rows = tableRows(t, i18n.language, table.data).map((row) => row.map((cell) => (typeof cell === 'string' ? xlsxText(cell) : cell)));
      await writeExcelFile(rows).toFile(`${t('fileName')}-${table.data.source}.xlsx`);
    } catch (error) {
      fail(error);
    }
  };
  const save = () => {
    if (!definition) return;
    void savedTables.queueCreate({ name: (title.trim() || caption).slice(0, 200), definition, chart, shared }).then(
      () => {
        setTitle('');
        showToast({ message: t('saved.savedTable'), kind: 'success' });
      },
      fail,
    );
  };

  return (
    <ModulePage
      title={t('views.synthesisTable')}
      actions={
        table.data ? (
          <>
            <IonButton fill="outline" onClick={exportCsv}>
              {t('exportCsv')}
            </IonButton>
            <IonButton fill="outline" onClick={() => void exportXlsx()}>
              {t('exportXlsx')}
            </IonButton>
          </>
        ) : undefined
      }
    >
      <form className="synthesis-builder" onSubmit={(event) => event.preventDefault()}>
        <label className="synthesis-field">
          {t('source')}
          <select value={search.source ?? ''} onChange={(e) => chooseSource(e.target.value)}>
            <option value="">{t('chooseSource')}</option>
            {(sources.data ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {sourceLabel(t, s.id)}
              </option>
            ))}
          </select>
        </label>
        {source && (
          <>
            {[0, 1].map((i) => (
              <label key={i} className="synthesis-field">
                {t(i === 0 ? 'groupBy1' : 'groupBy2')}
                <select value={groupAt(i)} onChange={(e) => setGroup(i, e.target.value)} disabled={i === 1 && groupAt(0) === ''}>
                  <option value="">{t('noGroup')}</option>
                  {source.fields.map((f) => (
                    <option key={f.id} value={f.id}>
                      {fieldLabel(t, f.id)}
                    </option>
                  ))}
                </select>
              </label>
            ))}
            <fieldset className="synthesis-measures">
              <legend>{t('measuresLabel')}</legend>
              {source.measures.map((m) => (
                <label key={m.id} className="synthesis-check">
                  <input type="checkbox" checked={search.measures?.includes(m.id) ?? false} onChange={(e) => toggleMeasure(m.id, e.target.checked)} />
                  {measureLabel(t, source.id, m.id)}
                </label>
              ))}
            </fieldset>
            {source.fields
              .filter((f) => f.values !== undefined)
              .map((f) => (
                <label key={f.id} className="synthesis-field">
                  {fieldLabel(t, f.id)}
                  <select value={filterOf(f.id) ?? ''} onChange={(e) => setFilter(f.id, e.target.value)}>
                    <option value="">{t('any')}</option>
                    {f.values!.map((v) => (
                      <option key={v} value={v}>
                        {keyLabel(t, i18n.language, f.id, { value: v, label: v })}
                      </option>
                    ))}
                  </select>
                </label>
              ))}
            <label className="synthesis-field">
              {t('from')}
              <input type="date" value={search.from ?? ''} onChange={(e) => set({ from: e.target.value || undefined })} />
            </label>
            <label className="synthesis-field">
              {t('to')}
              <input type="date" value={search.to ?? ''} onChange={(e) => set({ to: e.target.value || undefined })} />
            </label>
            <label className="synthesis-field">
              {t('sort')}
              <select value={search.sort ? `${search.sort}:${search.desc ? 'desc' : 'asc'}` : ''} onChange={(e) => {
                const [by, dir] = e.target.value.split(':');
                set({ sort: by || undefined, desc: dir === 'desc' ? true : undefined });
              }}>
                <option value="">{t('sortDefault')}</option>
                {[...(search.groupBy ?? []).map((g) => ({ id: g, label: fieldLabel(t, g) })), ...(search.measures ?? []).map((m) => ({ id: m, label: measureLabel(t, source.id, m) }))].flatMap((o) => [
                  <option key={`${o.id}:asc`} value={`${o.id}:asc`}>{t('sortAsc', { field: o.label })}</option>,
                  <option key={`${o.id}:desc`} value={`${o.id}:desc`}>{t('sortDesc', { field: o.label })}</option>,
                ])}
              </select>
            </label>
          </>
        )}
      </form>
      {definition === null && <p className="synthesis-hint">{t('builderHint')}</p>}
      {table.isError && !table.data && <p className="synthesis-error" role="alert">{describeApiError(table.error)}</p>}
      {table.isPending && definition !== null && <p className="synthesis-hint">{t('computing')}</p>}
      {table.data && (
        <>
          <Computed result={table.data} stale={table.isError} />
          <ResultTable result={table.data} source={source} caption={caption} />
          <form className="synthesis-pin" onSubmit={(e) => { e.preventDefault(); save(); }} aria-label={t('saved.save')}>
            <label className="synthesis-field">
              {t('saved.name')}
              <input value={title} placeholder={caption} onChange={(e) => setTitle(e.target.value)} maxLength={200} />
            </label>
            <label className="synthesis-field">
              {t('chart')}
              <select value={chart} onChange={(e) => setChart(e.target.value as ChartType)}>
                {CHART_TYPES.map((c) => (
                  <option key={c} value={c}>
                    {t(`charts.${c}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="synthesis-check">
              <input type="checkbox" checked={shared} onChange={(e) => setShared(e.target.checked)} />
              {t('saved.shareWithDistrict')}
            </label>
            <IonButton type="submit">{t('saved.save')}</IonButton>
          </form>
        </>
      )}
      <SavedTablesList />
    </ModulePage>
  );
}

// ---------------------------------------------------------------- dashboards

interface CardProps {
  card: SynthesisCard;
  filters: DashboardFilters;
  sources: readonly SynthesisSourceInfo[];
  /** A saved dashboard's card its editor moves (a drag handle's props, the buttons), widens or narrows, or removes. */
  edit?: { up?: () => void; down?: () => void; remove: () => void; handle: Record<string, unknown>; wide: boolean; resize?: () => void };
  /** Its place among the cards (where a dragged card lands) and how it shows during a drag. */
  index?: number;
  /** Two columns wide on a desktop's grid. */
  wide?: boolean;
  dragClass?: string;
}

function DashboardCard({ card, filters, sources, edit, index, wide = false, dragClass = '' }: CardProps) {
  const { t } = useTranslation('synthesis');
  const source = sources.find((s) => s.id === card.definition.source);
  const definition = withDashboardFilters(card.definition, filters, source?.fields.map((f) => f.id) ?? []);
  const table = useQuery(tableQueryOptions(definition));
  const chartRef = useRef<ChartHandle>(null);
  const result = table.data;
  const titleId = useId();
  const png = () => {
    const url = chartRef.current?.png();
    if (!url) return;
    const link = document.createElement('a');
    link.href = url;
    link.download = `${t('fileName')}-${card.title.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 40)}.png`;
    document.body.append(link);
    link.click();
    link.remove();
  };
  const kind = source?.measures.find((m) => m.id === card.definition.measures[0])?.kind;
  return (
    <section className={`synthesis-card synthesis-card-${card.chart}${wide ? ' synthesis-card-wide' : ''}${dragClass}`} aria-labelledby={titleId} data-card-index={index}>
      <div className="synthesis-card-head">
        {edit && (
          <span className="synthesis-drag-handle" aria-hidden="true" title={t('dragCard', { title: card.title })} {...edit.handle}>
            ⠿
          </span>
        )}
        <h2 id={titleId} className="synthesis-card-title">{card.title}</h2>
        {result && card.chart !== 'table' && card.chart !== 'number' && (
          <IonButton size="small" fill="clear" onClick={png}>
            {t('png')}
          </IonButton>
        )}
        {edit && (
          <>
            <IonButton size="small" fill="clear" onClick={edit.up} disabled={!edit.up} aria-label={t('moveUp', { title: card.title })}>↑</IonButton>
            <IonButton size="small" fill="clear" onClick={edit.down} disabled={!edit.down} aria-label={t('moveDown', { title: card.title })}>↓</IonButton>
            {edit.resize && (
              <IonButton size="small" fill="clear" className="synthesis-resize" onClick={edit.resize} aria-label={t(edit.wide ? 'narrowCard' : 'widenCard', { title: card.title })}>
                {t(edit.wide ? 'narrow' : 'widen')}
              </IonButton>
            )}
            <IonButton size="small" fill="clear" color="danger" onClick={edit.remove} aria-label={t('removeCard', { title: card.title })}>
              {t('unpin')}
            </IonButton>
          </>
        )}
      </div>
      {table.isError && !result && <p className="synthesis-error">{describeApiError(table.error)}</p>}
      {table.isPending && <p className="synthesis-hint">{t('computing')}</p>}
      {result && (
        <>
          {card.chart === 'number' ? (
            <NumberCard result={result} kind={kind} />
          ) : card.chart === 'table' ? (
            <ResultTable result={result} source={source} caption={card.title} />
          ) : result.rows.length === 0 ? (
            <p className="synthesis-hint">{t('empty')}</p>
          ) : (
            <ChartView ref={chartRef} result={result} chart={card.chart} label={card.title} />
          )}
          <Computed result={result} stale={table.isError} />
        </>
      )}
    </section>
  );
}

/** A single figure, and its trend when grouped by month (the last month against the one before). */
function NumberCard({ result, kind }: { result: SynthesisResult; kind: string | undefined }) {
  const { t, i18n } = useTranslation('synthesis');
  const byMonth = result.groupBy[0] === 'month' && result.rows.length >= 2;
  const last = byMonth ? result.rows[result.rows.length - 1]!.values[0] : null;
  const before = byMonth ? result.rows[result.rows.length - 2]!.values[0] : null;
  const trend = last !== null && before !== null && last !== undefined && before !== undefined ? last - before : null;
  return (
    <div className="synthesis-number-card">
      <span className="synthesis-number-value">{formatValue(i18n.language, kind, result.totals[0] ?? null)}</span>
      {trend !== null && (
        <span className={`synthesis-trend ${trend > 0 ? 'synthesis-trend-up' : trend < 0 ? 'synthesis-trend-down' : ''}`}>
          {t('trend', { value: `${trend > 0 ? '+' : ''}${formatValue(i18n.language, kind, trend)}`, month: keyLabel(t, i18n.language, 'month', result.rows[result.rows.length - 1]!.keys[0]!) })}
        </span>
      )}
    </div>
  );
}

function DashboardFiltersBar({ path, search }: { path: string; search: DashboardSearch }) {
  const { t } = useTranslation('synthesis');
  const router = useRouter();
  const sites = useQuery(tableQueryOptions({ source: 'sites', groupBy: ['site'], measures: ['count'], filters: [] }));
  const types = useQuery(tableQueryOptions({ source: 'sites', groupBy: ['siteType'], measures: ['count'], filters: [] }));
  const set = (patch: Partial<DashboardSearch>) => navigateSearch(router, path, search, patch);
  const choices = (result: SynthesisResult | undefined) => (result?.rows ?? []).filter((r) => r.keys[0]!.value !== '').map((r) => ({ value: r.keys[0]!.value, label: r.keys[0]!.label }));
  return (
    <form className="synthesis-builder synthesis-filters" onSubmit={(e) => e.preventDefault()} aria-label={t('filters')}>
      <label className="synthesis-field">
        {t('from')}
        <input type="date" value={search.from ?? ''} onChange={(e) => set({ from: e.target.value })} />
      </label>
      <label className="synthesis-field">
        {t('to')}
        <input type="date" value={search.to ?? ''} onChange={(e) => set({ to: e.target.value })} />
      </label>
      <label className="synthesis-field">
        {t('fields.site')}
        <select value={search.site ?? ''} onChange={(e) => set({ site: e.target.value })}>
          <option value="">{t('anySite')}</option>
          {choices(sites.data).map((c) => (
            <option key={c.value} value={c.value}>{c.label}</option>
          ))}
        </select>
      </label>
      <label className="synthesis-field">
        {t('fields.siteType')}
        <select value={search.siteType ?? ''} onChange={(e) => set({ siteType: e.target.value })}>
          <option value="">{t('anySiteType')}</option>
          {choices(types.data).map((c) => (
            <option key={c.value} value={c.value}>{c.label}</option>
          ))}
        </select>
      </label>
    </form>
  );
}

function navigateSearch(router: ReturnType<typeof useRouter>, path: string, search: DashboardSearch, patch: Partial<DashboardSearch>): void {
  const next: Record<string, unknown> = { ...search, ...patch };
  for (const key of Object.keys(next)) if (!next[key]) delete next[key];
  void router.navigate({ href: `${path}${defaultStringifySearch(next)}`, replace: true });
}

/** A new dashboard: its name and whether the district sees it; opened once queued. */
function NewDashboard({ onCreated }: { onCreated: (id: string) => void }) {
  const { t } = useTranslation('synthesis');
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const create = () => {
    if (!name.trim()) return;
    void savedDashboards.queueCreate({ name: name.trim(), shared, cards: [] }).then((id) => {
      setName('');
      onCreated(id);
    }, fail);
  };
  return (
    <form className="synthesis-pin" onSubmit={(e) => { e.preventDefault(); create(); }} aria-label={t('saved.newDashboard')}>
      <label className="synthesis-field">
        {t('saved.dashboardName')}
        <input value={name} onChange={(e) => setName(e.target.value)} maxLength={200} required />
      </label>
      <label className="synthesis-check">
        <input type="checkbox" checked={shared} onChange={(e) => setShared(e.target.checked)} />
        {t('saved.shareWithDistrict')}
      </label>
      <IonButton type="submit" fill="outline">{t('saved.createDashboard')}</IonButton>
    </form>
  );
}

function Dashboard({ path, title, ready, withSaved }: { path: string; title: string; ready: readonly ReadyDashboard[]; withSaved: boolean }) {
  const { t, i18n } = useTranslation('synthesis');
  const router = useRouter();
  const search = validateDashboardSearch(useSearch({ strict: false }));
  const { board, ...filters } = search;
  const sources = useQuery(sourcesQueryOptions());
  const saved = useSaved();
  const mayEdit = useMayEdit();
  const [printing, setPrinting] = useState(false);
  const open = (id: string | undefined) => navigateSearch(router, path, search, { board: id });
  // The cards a previous version pinned on this device become a private dashboard, once.
  useEffect(() => {
    if (!withSaved) return;
    void movePinsToServer(t('saved.pinnedDashboard')).then((id) => id && open(id), fail);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [withSaved]);
  const dashboard = withSaved && board !== undefined ? saved.dashboards.find((d) => d.id === board) : undefined;
  const readyCards = ready.flatMap((d) => d.cards.map((card) => ({ ...card, title: t(card.titleKey) })));
  const savedCards: (SynthesisCard | null)[] = dashboard
    ? dashboard.cards.map((ref) => {
        const table = saved.tables.find((x) => x.id === ref.tableId);
        return table ? { title: table.name, chart: ref.chart, definition: table.definition } : null;
      })
    : [];
  const shownCards = dashboard ? savedCards.filter((c): c is SynthesisCard => c !== null) : readyCards;
  const fields = (source: string) => sources.data?.find((s) => s.id === source)?.fields.map((f) => f.id) ?? [];
  const print = async () => {
    setPrinting(true);
    try {
      const cards = shownCards.slice(0, 24).map((card) => ({ title: card.title, chart: card.chart, definition: withDashboardFilters(card.definition, filters, fields(card.definition.source)) }));
      if (cards.length === 0) return;
      await downloadDashboardPdf({ title: dashboard?.name ?? title, filters, cards }, i18n.language);
    } catch (error) {
      fail(error);
    } finally {
      setPrinting(false);
    }
  };
  const editable = dashboard !== undefined && mayEdit(dashboard);
  // A move (dragged, or by the buttons) is saved at once through the outbox and announced, with Undo.
  const [lastMove, setLastMove] = useState<{ board: string; before: NonNullable<typeof dashboard>['cards']; message: string } | null>(null);
  const reorder = (from: number, to: number) => {
    if (!dashboard) return;
    const title = savedCards[from]?.title ?? '';
    setLastMove({ board: dashboard.id, before: dashboard.cards, message: t('cardMoved', { title, position: to + 1, count: dashboard.cards.length }) });
    saveDashboardCards(dashboard, moved(dashboard.cards, from, to));
  };
  const { drag, handleProps } = useCardDrag(reorder);
  const dragClass = (index: number) => (drag === null ? '' : drag.from === index ? ' synthesis-card-dragging' : drag.to === index ? ' synthesis-card-drop' : '');
  const shownMove = lastMove !== null && lastMove.board === dashboard?.id ? lastMove : null;
  return (
    <ModulePage
      title={title}
      actions={
        <IonButton onClick={() => void print()} disabled={printing || shownCards.length === 0}>
          {t('pdf')}
        </IonButton>
      }
    >
      {withSaved && (
        <form className="synthesis-builder" onSubmit={(e) => e.preventDefault()}>
          <label className="synthesis-field">
            {t('saved.dashboard')}
            <select value={dashboard?.id ?? ''} onChange={(e) => open(e.target.value || undefined)}>
              <option value="">{ready.map((d) => t(d.titleKey)).join(' · ')}</option>
              {saved.dashboards.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name} ({d.shared ? t('saved.shared') : t('saved.private')})
                </option>
              ))}
            </select>
          </label>
        </form>
      )}
      <DashboardFiltersBar path={path} search={search} />
      {dashboard && <DashboardManager dashboard={dashboard} tables={saved.tables} onDeleted={() => open(undefined)} />}
      {dashboard && dashboard.cards.length === 0 && <IonNote className="synthesis-hint">{t('saved.noCards')}</IonNote>}
      {withSaved && board !== undefined && !dashboard && !saved.loading && <IonNote className="synthesis-hint">{t('saved.dashboardGone')}</IonNote>}
      {dashboard && editable && (
        <div className="synthesis-move-status" role="status">
          {shownMove && (
            <>
              <span>{shownMove.message}</span>
              <IonButton
                size="small"
                fill="clear"
                onClick={() => {
                  saveDashboardCards(dashboard, shownMove.before);
                  setLastMove(null);
                }}
              >
                {t('undoMove')}
              </IonButton>
            </>
          )}
        </div>
      )}
      <div className="synthesis-grid">
        {dashboard
          ? savedCards.map((card, index) =>
              card === null ? (
                <section key={`${index}-gone`} className="synthesis-card">
                  <p className="synthesis-hint">{t('saved.tableGone')}</p>
                  {editable && (
                    <IonButton size="small" fill="clear" color="danger" onClick={() => removeDashboardCard(dashboard, index)}>
                      {t('unpin')}
                    </IonButton>
                  )}
                </section>
              ) : (
                <DashboardCard
                  key={`${index}-${dashboard.cards[index]!.tableId}`}
                  card={card}
                  filters={filters}
                  sources={sources.data ?? []}
                  index={index}
                  wide={dashboard.cards[index]!.wide === true}
                  dragClass={dragClass(index)}
                  {...(editable
                    ? {
                        edit: {
                          ...(index > 0 ? { up: () => reorder(index, index - 1) } : {}),
                          ...(index < dashboard.cards.length - 1 ? { down: () => reorder(index, index + 1) } : {}),
                          remove: () => removeDashboardCard(dashboard, index),
                          handle: handleProps(index),
                          wide: card.chart === 'table' || dashboard.cards[index]!.wide === true,
                          // A table spans the whole grid already.
                          ...(card.chart === 'table'
                            ? {}
                            : { resize: () => saveDashboardCards(dashboard, dashboard.cards.map((c, i) => (i === index ? { ...c, wide: c.wide !== true } : c))) }),
                        },
                      }
                    : {})}
                />
              ),
            )
          : readyCards.map((card) => <DashboardCard key={card.titleKey} card={card} filters={filters} sources={sources.data ?? []} />)}
      </div>
      {withSaved && <NewDashboard onCreated={(id) => open(id)} />}
    </ModulePage>
  );
}

export function DistrictDashboardPage() {
  const { t } = useTranslation('synthesis');
  return <Dashboard path={VIEW_PATH} title={t('views.synthesisView')} ready={[DISTRICT_DASHBOARD]} withSaved />;
}

export function DashboardsPage() {
  const { t } = useTranslation('synthesis');
  return <Dashboard path={V3_PATH} title={t('views.synthesisV3')} ready={[DISTRICT_DASHBOARD, SECURESPHERE_DASHBOARD]} withSaved />;
}

export function SecurespherePage() {
  const { t } = useTranslation('synthesis');
  return <Dashboard path={SECURESPHERE_PATH} title={t('views.synthesisSecuresphere')} ready={[SECURESPHERE_DASHBOARD]} withSaved={false} />;
}
