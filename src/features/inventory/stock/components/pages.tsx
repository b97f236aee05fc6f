/**
 * The stock's pages for every reader (the recap table, managers', is RecapPage.tsx): the areas
 * and an area's sheet, the incoming and outgoing ledgers with their forms, the loans, the
 * articles' stock and the low-stock list, the counts. Each list shows this device's pending
 * writes at once, marked waiting; each has its CSV export.
 */
import { IonButton } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AREA_KINDS, type AreaKind, type Loan, type LoanState, type Movement, type StockArea, type StockLevel } from '../../../../../common/modules/inventory/stock';
import { ModulePage, StatusChip, downloadList } from '../../../../components/module';
import { WaitingMark } from '../../../../components/WaitingMark';
import { formatDate, formatDay } from '../../../../lib/dates';
import { areas, articlesQuery, EXPORTS, levelsQuery, loansQuery, movementsQuery, queueLimits, queueLoan, queueLoanReturn, queueMovement, WRITES } from '../data';
import type { StockSearch } from '../routes';
import { choicesQueryOptions } from '../../catalog/kinds';
import { ConfirmBar } from '../../../../components/module/ConfirmBar';
import { withPending } from '../../../../lib/outbox/overlay';
import { deleteBlocker, parentMakesCycle } from '../areas';
import { CountsView } from './CountsView';
import { AreaSelect, ArticleSelect, Field, SupplierSelect, NS, parseQuantity, pendingDeltas, TextInput, usePendingStock, useQuantity, useStockRefresh, useStockRights, depthOf, type PendingDelta } from './shared';
import './stock.css';

const today = () => new Date().toISOString().slice(0, 10);

function useStockSearch(): [StockSearch, (next: StockSearch) => void] {
  const search: StockSearch = useSearch({ strict: false });
  const navigate = useNavigate();
  return [search, (next) => void navigate({ to: '.', search: next, replace: false })];
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="inventory-stock-empty">{children}</p>;
}

function ExportButton({ path, search = {}, name }: { path: string; search?: Record<string, string | undefined>; name: string }) {
  const { t } = useTranslation(NS);
  return (
    <IonButton fill="outline" onClick={() => downloadList(path, search, name)}>
      {t('stock.export')}
    </IonButton>
  );
}

function useAreas() {
  return useQuery(areas.allQueryOptions()).data ?? [];
}
/** The suppliers the catalog's article form picks from (the catalog's choices, kept on the device): the Suppliers module is reached by its data only. */
function useSuppliers() {
  return useQuery(choicesQueryOptions()).data?.suppliers ?? [];
}
function useArticles() {
  return useQuery(articlesQuery()).data ?? [];
}

// ------------------------------------------------------------------ movements

function MovementRows({ movements, pending }: { movements: readonly Movement[]; pending: readonly PendingDelta[] }) {
  const { t, i18n } = useTranslation(NS);
  const qty = useQuantity();
  const articles = useArticles();
  const areaList = useAreas();
  const name = (id: string) => articles.find((a) => a.id === id)?.name ?? '';
  const path = (id: string) => areaList.find((a) => a.id === id)?.path ?? '';
  if (movements.length === 0 && pending.length === 0) return <Empty>{t('stock.movements.none')}</Empty>;
  return (
    <ul className="inventory-stock-rows" aria-label={t('stock.movements.title')}>
      {pending.map((p) => (
        <li key={p.key} className="inventory-stock-row">
          <span className="inventory-stock-row-main">
            {name(p.articleId)} · {path(p.areaId)}
          </span>
          <span className="inventory-stock-row-detail">
            {t(`stock.kind.${p.kind}`)} {qty(p.delta)} <WaitingMark variant={p.failed ? 'failed' : 'waiting'} />
          </span>
        </li>
      ))}
      {movements.map((m) => (
        <li key={m.id} className="inventory-stock-row">
          <span className="inventory-stock-row-main">
            {m.articleName} · {m.areaPath}
          </span>
          <span className="inventory-stock-row-detail">
            {t(`stock.kind.${m.kind}`)} <strong>{qty(m.quantity, m.unit)}</strong> · {formatDate(m.at, i18n.language)} · {m.by.name}
            {m.recipient ? ` · ${m.recipient}` : ''}
            {m.supplierName ? ` · ${m.supplierName}` : ''}
            {m.deliveryNote ? ` · ${m.deliveryNote}` : ''}
            {m.reason ? ` · ${m.reason}` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}

type FormKind = 'incoming' | 'outgoing' | 'transfer' | 'adjustment';

/** Records a movement (queued: shown at once, sent when the connection allows). */
function MovementForm({ kinds, areaId: fixedArea }: { kinds: readonly FormKind[]; areaId?: string }) {
  const { t } = useTranslation(NS);
  const articles = useArticles();
  const areaList = useAreas();
  const [kind, setKind] = useState<FormKind>(kinds[0]!);
  const [articleId, setArticleId] = useState('');
  const [areaId, setAreaId] = useState(fixedArea ?? '');
  const [toAreaId, setToAreaId] = useState('');
  const [quantity, setQuantity] = useState('');
  const [text, setText] = useState({ deliveryNote: '', recipient: '', reason: '' });
  const [supplierId, setSupplierId] = useState('');
  const suppliers = useSuppliers();
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const q = parseQuantity(quantity);
    if (!articleId || !areaId) return setProblem(t('stock.form.required'));
    if (q === null || q === 0 || (kind !== 'adjustment' && q < 0)) return setProblem(t('stock.form.quantity'));
    if (kind === 'transfer' && (!toAreaId || toAreaId === areaId)) return setProblem(t('stock.form.transferTarget'));
    setProblem(null);
    await queueMovement({
      kind,
      articleId,
      areaId,
      quantity: q,
      ...(kind === 'transfer' ? { toAreaId } : {}),
      ...(kind === 'incoming' && text.deliveryNote ? { deliveryNote: text.deliveryNote } : {}),
      ...(kind === 'incoming' && supplierId ? { supplierId } : {}),
      ...(kind === 'outgoing' && text.recipient ? { recipient: text.recipient } : {}),
      ...(text.reason ? { reason: text.reason } : {}),
    });
    setQuantity('');
    setText({ deliveryNote: '', recipient: '', reason: '' });
  };
  return (
    <form className="inventory-stock-form" onSubmit={(e) => void submit(e)} aria-label={t(`stock.form.title_${kind}`)}>
      <h2>{t(`stock.form.title_${kind}`)}</h2>
      {kinds.length > 1 && (
        <Field label={t('stock.form.kind')}>
          {(id) => (
            <select id={id} value={kind} onChange={(e) => setKind(e.target.value as FormKind)}>
              {kinds.map((k) => (
                <option key={k} value={k}>
                  {t(`stock.kind.${k}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <ArticleSelect label={t('stock.form.article')} value={articleId} articles={articles} onChange={setArticleId} />
      {fixedArea === undefined && <AreaSelect label={t('stock.form.area')} value={areaId} areas={areaList} onChange={setAreaId} />}
      {kind === 'transfer' && <AreaSelect label={t('stock.form.toArea')} value={toAreaId} areas={areaList.filter((a) => a.id !== areaId)} onChange={setToAreaId} />}
      <TextInput label={t(kind === 'adjustment' ? 'stock.form.signedQuantity' : 'stock.form.quantity_label')} value={quantity} onChange={setQuantity} inputMode="decimal" required />
      {kind === 'incoming' && <SupplierSelect label={t('stock.form.supplier')} value={supplierId} suppliers={suppliers} onChange={setSupplierId} none={t('stock.form.noSupplier')} />}
      {kind === 'incoming' && <TextInput label={t('stock.form.deliveryNote')} value={text.deliveryNote} onChange={(v) => setText({ ...text, deliveryNote: v })} />}
      {kind === 'outgoing' && <TextInput label={t('stock.form.recipient')} value={text.recipient} onChange={(v) => setText({ ...text, recipient: v })} />}
      <TextInput label={t('stock.form.reason')} value={text.reason} onChange={(v) => setText({ ...text, reason: v })} />
      {problem && (
        <p className="inventory-stock-problem" role="alert">
          {problem}
        </p>
      )}
      <IonButton type="submit">{t('stock.form.record')}</IonButton>
    </form>
  );
}

function LedgerPage({ kind, subject }: { kind: 'incoming' | 'outgoing'; subject: 'incomingStuff' | 'outgoingStuff' }) {
  useStockRefresh();
  const { t } = useTranslation(NS);
  const rights = useStockRights();
  const query = useQuery(movementsQuery({ kind }));
  const pending = pendingDeltas(usePendingStock()).filter((p) => p.kind === kind);
  return (
    <ModulePage title={t(`stock.views.${kind}`)} actions={<ExportButton path={EXPORTS.movements} search={{ kind }} name={`stock-${kind}.csv`} />}>
      <div className="inventory-stock-split">
        {rights.has(subject) && <MovementForm kinds={[kind]} />}
        <section className="inventory-stock-section" aria-label={t('stock.movements.title')}>
          <h2>{t('stock.movements.title')}</h2>
          {query.isPending && pending.length === 0 ? <Empty>{t('stock.loading')}</Empty> : <MovementRows movements={query.data?.items ?? []} pending={pending} />}
        </section>
      </div>
    </ModulePage>
  );
}

export const IncomingPage = () => <LedgerPage kind="incoming" subject="incomingStuff" />;
export const OutgoingPage = () => <LedgerPage kind="outgoing" subject="outgoingStuff" />;

// ------------------------------------------------------------------ levels

/** The levels with this device's pending changes laid over (a new article in the area shows too), marked waiting. */
function withPendingLevels(levels: readonly StockLevel[], pending: readonly PendingDelta[], keep: (p: PendingDelta) => boolean, names: (id: string) => { name: string; unit: string }, path: (id: string) => string) {
  const rows = levels.map((l) => ({ ...l, waiting: false }));
  for (const p of pending.filter(keep)) {
    const row = rows.find((r) => r.articleId === p.articleId && r.areaId === p.areaId);
    if (row) {
      row.quantity = Math.round((row.quantity + p.delta) * 1000) / 1000;
      row.low = row.minQuantity !== null && row.quantity < row.minQuantity;
      row.waiting = true;
    } else {
      const { name, unit } = names(p.articleId);
      rows.push({ articleId: p.articleId, articleName: name, unit, areaId: p.areaId, areaPath: path(p.areaId), quantity: p.delta, minQuantity: null, maxQuantity: null, low: false, waiting: true });
    }
  }
  return rows;
}

function LevelRows({ levels, showArea, showArticle, onPick }: { levels: readonly (StockLevel & { waiting: boolean })[]; showArea: boolean; showArticle: boolean; onPick?: (l: StockLevel) => void }) {
  const { t } = useTranslation(NS);
  const qty = useQuantity();
  if (levels.length === 0) return <Empty>{t('stock.levels.none')}</Empty>;
  return (
    <ul className="inventory-stock-rows" aria-label={t('stock.levels.title')}>
      {levels.map((l) => (
        <li key={`${l.articleId}:${l.areaId}`} className="inventory-stock-row">
          <span className="inventory-stock-row-main">
            {[showArticle ? l.articleName : null, showArea ? l.areaPath : null].filter(Boolean).join(' · ')}
            {onPick && (
              <IonButton size="small" fill="clear" onClick={() => onPick(l)}>
                {t('stock.limits.edit')}
              </IonButton>
            )}
          </span>
          <span className="inventory-stock-row-detail">
            <strong data-testid="stock-quantity">{qty(l.quantity, l.unit)}</strong>
            {l.minQuantity !== null && ` · ${t('stock.levels.min')} ${qty(l.minQuantity)}`}
            {l.maxQuantity !== null && ` · ${t('stock.levels.max')} ${qty(l.maxQuantity)}`}
            {l.low && <StatusChip label={t('stock.levels.low')} tone="warning" />}
            {l.waiting && <WaitingMark />}
          </span>
        </li>
      ))}
    </ul>
  );
}

function LimitsForm({ level, onDone }: { level: StockLevel; onDone: () => void }) {
  const { t } = useTranslation(NS);
  const [min, setMin] = useState(level.minQuantity === null ? '' : String(level.minQuantity));
  const [max, setMax] = useState(level.maxQuantity === null ? '' : String(level.maxQuantity));
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const minQuantity = min.trim() === '' ? null : parseQuantity(min);
    const maxQuantity = max.trim() === '' ? null : parseQuantity(max);
    if ((min.trim() !== '' && (minQuantity === null || minQuantity < 0)) || (max.trim() !== '' && (maxQuantity === null || maxQuantity < 0))) return setProblem(t('stock.form.quantity'));
    if (minQuantity !== null && maxQuantity !== null && minQuantity > maxQuantity) return setProblem(t('stock.limits.order'));
    await queueLimits({ articleId: level.articleId, areaId: level.areaId, minQuantity, maxQuantity });
    onDone();
  };
  return (
    <form className="inventory-stock-form" onSubmit={(e) => void submit(e)} aria-label={t('stock.limits.title')}>
      <h2>
        {t('stock.limits.title')} · {level.articleName}
      </h2>
      <TextInput label={t('stock.levels.min')} value={min} onChange={setMin} inputMode="decimal" />
      <TextInput label={t('stock.levels.max')} value={max} onChange={setMax} inputMode="decimal" />
      {problem && (
        <p className="inventory-stock-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="inventory-stock-actions">
        <IonButton type="submit">{t('stock.form.save')}</IonButton>
        <IonButton fill="outline" onClick={onDone}>
          {t('stock.form.cancel')}
        </IonButton>
      </div>
    </form>
  );
}

// ------------------------------------------------------------------ areas

function AreaForm({ list }: { list: readonly StockArea[] }) {
  const { t } = useTranslation(NS);
  const [name, setName] = useState('');
  const [kind, setKind] = useState<AreaKind>('store');
  const [parentId, setParentId] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    await areas.queueCreate({ name: name.trim(), kind, parentId: parentId || null, siteId: null, notes: '' });
    setName('');
  };
  return (
    <form className="inventory-stock-form" onSubmit={(e) => void submit(e)} aria-label={t('stock.areas.new')}>
      <h2>{t('stock.areas.new')}</h2>
      <TextInput label={t('stock.areas.name')} value={name} onChange={setName} required />
      <Field label={t('stock.areas.kind')}>
        {(id) => (
          <select id={id} value={kind} onChange={(e) => setKind(e.target.value as AreaKind)}>
            {AREA_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`stock.areaKind.${k}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <AreaSelect label={t('stock.areas.parent')} value={parentId} areas={list} onChange={setParentId} none={t('stock.areas.noParent')} />
      <IonButton type="submit">{t('stock.form.save')}</IonButton>
    </form>
  );
}

/** A manager's edit of an area (name, kind, parent) and its delete, queued in the outbox; the tree's rules said before queuing. */
function AreaEdit({ area, list, quantities, onDeleted }: { area: StockArea; list: readonly StockArea[]; quantities: readonly number[]; onDeleted: () => void }) {
  const { t } = useTranslation(NS);
  const [name, setName] = useState(area.name);
  const [kind, setKind] = useState<AreaKind>(area.kind);
  const [parentId, setParentId] = useState(area.parentId ?? '');
  const [confirming, setConfirming] = useState(false);
  const [saved, setSaved] = useState(false);
  const cycle = parentMakesCycle(list, area.id, parentId || null);
  const blocker = deleteBlocker(list, area.id, quantities);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || cycle) return;
    setSaved(await areas.queueUpdate(area, { name: name.trim(), kind, parentId: parentId || null, siteId: area.siteId, notes: area.notes }));
  };
  return (
    <form className="inventory-stock-form" onSubmit={(e) => void submit(e)} aria-label={t('stock.areas.edit')}>
      <h2>{t('stock.areas.edit')}</h2>
      <TextInput label={t('stock.areas.name')} value={name} onChange={(v) => (setName(v), setSaved(false))} required />
      <Field label={t('stock.areas.kind')}>
        {(id) => (
          <select id={id} value={kind} onChange={(e) => (setKind(e.target.value as AreaKind), setSaved(false))}>
            {AREA_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`stock.areaKind.${k}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <AreaSelect label={t('stock.areas.parent')} value={parentId} areas={list.filter((a) => a.id !== area.id)} onChange={(v) => (setParentId(v), setSaved(false))} none={t('stock.areas.noParent')} />
      {cycle && (
        <p className="inventory-stock-problem" role="alert">
          {t('stock.areas.cycle')}
        </p>
      )}
      {saved && <p role="status">{t('stock.areas.saved')}</p>}
      <div className="inventory-stock-actions">
        <IonButton type="submit" disabled={cycle}>
          {t('stock.form.save')}
        </IonButton>
        <IonButton fill="outline" color="danger" disabled={blocker !== null} onClick={() => setConfirming(true)}>
          {t('stock.areas.delete')}
        </IonButton>
      </div>
      {blocker !== null && <p className="inventory-stock-note">{t(`stock.areas.deleteBlocked_${blocker}`)}</p>}
      {confirming && blocker === null && (
        <ConfirmBar
          className="inventory-stock-confirm"
          question={t('stock.areas.deleteConfirm', { name: area.name })}
          confirmLabel={t('stock.areas.deleteYes')}
          cancelLabel={t('stock.form.cancel')}
          onConfirm={() => void areas.queueDelete(area).then(onDeleted)}
          onCancel={() => setConfirming(false)}
        />
      )}
    </form>
  );
}

function AreaSheet({ area, list, onDeleted }: { area: StockArea; list: readonly StockArea[]; onDeleted: () => void }) {
  const { t } = useTranslation(NS);
  const rights = useStockRights();
  const articles = useArticles();
  const levels = useQuery(levelsQuery({ areaId: area.id }));
  const movements = useQuery(movementsQuery({ areaId: area.id }));
  const pending = pendingDeltas(usePendingStock());
  const [editing, setEditing] = useState<StockLevel | null>(null);
  const names = (id: string) => articles.find((a) => a.id === id) ?? { name: '', unit: '' };
  const rows = withPendingLevels(levels.data ?? [], pending, (p) => p.areaId === area.id, names, () => area.path);
  return (
    <section className="inventory-stock-section" aria-label={area.path}>
      <div className="inventory-stock-heading">
        <h2>{area.path}</h2>
        <ExportButton path={EXPORTS.levels} search={{ areaId: area.id }} name="stock-levels.csv" />
      </div>
      {rights.manage && <AreaEdit key={`${area.id}:${area.version}`} area={area} list={list} quantities={rows.map((r) => r.quantity)} onDeleted={onDeleted} />}
      {editing && <LimitsForm level={editing} onDone={() => setEditing(null)} />}
      <LevelRows levels={rows} showArea={false} showArticle {...(rights.manage ? { onPick: setEditing } : {})} />
      {rights.manage && <MovementForm kinds={['transfer', 'adjustment', 'incoming', 'outgoing']} areaId={area.id} />}
      <h2>{t('stock.movements.title')}</h2>
      <MovementRows movements={movements.data?.items ?? []} pending={pending.filter((p) => p.areaId === area.id)} />
    </section>
  );
}

export function AreasPage() {
  useStockRefresh();
  const { t } = useTranslation(NS);
  const rights = useStockRights();
  const [search, setSearch] = useStockSearch();
  const query = useQuery(areas.allQueryOptions());
  const pendingWrites = usePendingStock();
  const pendingAreas = pendingWrites.filter((w) => w.item.kind === areas.writeKinds.create);
  // This device's renames and deletes show at once: a renamed area marked waiting, a deleted one gone.
  const edits = areas.ownWrites(pendingWrites).filter((w) => !w.item.kind.endsWith('.create'));
  const list = withPending(query.data ?? [], edits).filter((a) => a.pending?.deleted !== true);
  const chosen = list.find((a) => a.id === search.area);
  return (
    <ModulePage title={t('stock.views.areas')} actions={<ExportButton path={EXPORTS.areas} name="stock-areas.csv" />}>
      <div className="inventory-stock-split">
        <section className="inventory-stock-section" aria-label={t('stock.areas.title')}>
          <ul className="inventory-stock-rows">
            {pendingAreas.map((w) => (
              <li key={w.item.recordId} className="inventory-stock-row">
                <span className="inventory-stock-row-main">{(w.payload as { name: string }).name}</span>
                <WaitingMark />
              </li>
            ))}
            {list.map((a) => (
              <li key={a.id} className={`inventory-stock-row inventory-stock-depth-${Math.min(depthOf(a), 3)}`}>
                <button type="button" className="inventory-stock-link" aria-current={a.id === search.area ? 'true' : undefined} onClick={() => setSearch({ area: a.id })}>
                  {a.name}
                </button>
                <span className="inventory-stock-row-detail">
                  {t(`stock.areaKind.${a.kind}`)} · {t('stock.areas.articles', { count: a.articleCount })}
                  {a.pending && <WaitingMark variant={a.pending.failed ? 'failed' : 'waiting'} />}
                  {a.lowCount > 0 && <StatusChip label={t('stock.areas.low', { count: a.lowCount })} tone="warning" />}
                </span>
              </li>
            ))}
          </ul>
          {list.length === 0 && pendingAreas.length === 0 && <Empty>{query.isPending ? t('stock.loading') : t('stock.areas.none')}</Empty>}
          {rights.manage && <AreaForm list={list} />}
        </section>
        {chosen ? <AreaSheet area={chosen} list={list} onDeleted={() => setSearch({})} /> : <Empty>{t('stock.areas.pick')}</Empty>}
      </div>
    </ModulePage>
  );
}

// ------------------------------------------------------------------ articles

export function ArticlesPage() {
  useStockRefresh();
  const { t } = useTranslation(NS);
  const qty = useQuantity();
  const [search, setSearch] = useStockSearch();
  const articles = useQuery(articlesQuery());
  const low = useQuery({ ...levelsQuery({ low: true }), enabled: search.low === true });
  const levels = useQuery({ ...levelsQuery({ articleId: search.article ?? '' }), enabled: search.article !== undefined });
  const movements = useQuery({ ...movementsQuery({ articleId: search.article ?? '' }), enabled: search.article !== undefined });
  const pending = pendingDeltas(usePendingStock());
  const areaList = useAreas();
  const [text, setText] = useState('');
  const list = (articles.data ?? []).filter((a) => (text ? `${a.name} ${a.barcode} ${a.reference}`.toLowerCase().includes(text.toLowerCase()) : true));
  const chosen = (articles.data ?? []).find((a) => a.id === search.article);
  const names = (id: string) => (articles.data ?? []).find((a) => a.id === id) ?? { name: '', unit: '' };
  const path = (id: string) => areaList.find((a) => a.id === id)?.path ?? '';
  return (
    <ModulePage title={t(search.low ? 'stock.views.lowStock' : 'stock.views.articles')} actions={<ExportButton path={EXPORTS.levels} search={search.low ? { low: 'true' } : {}} name="stock-levels.csv" />}>
      <div className="inventory-stock-toolbar">
        <IonButton fill={search.low ? 'solid' : 'outline'} onClick={() => setSearch(search.low ? {} : { low: true })}>
          {t('stock.views.lowStock')}
        </IonButton>
      </div>
      {search.low ? (
        <LevelRows levels={withPendingLevels(low.data ?? [], [], () => false, names, path)} showArea showArticle />
      ) : (
        <div className="inventory-stock-split">
          <section className="inventory-stock-section" aria-label={t('stock.views.articles')}>
            <TextInput label={t('stock.articles.search')} value={text} onChange={setText} />
            <ul className="inventory-stock-rows">
              {list.map((a) => {
                const waiting = pending.filter((p) => p.articleId === a.id);
                const total = waiting.reduce((s, p) => s + p.delta, a.total);
                return (
                  <li key={a.id} className="inventory-stock-row">
                    <button type="button" className="inventory-stock-link" aria-current={a.id === search.article ? 'true' : undefined} onClick={() => setSearch({ article: a.id })}>
                      {a.name}
                    </button>
                    <span className="inventory-stock-row-detail">
                      {qty(total, a.unit)}
                      {a.low && <StatusChip label={t('stock.levels.low')} tone="warning" />}
                      {waiting.length > 0 && <WaitingMark />}
                    </span>
                  </li>
                );
              })}
            </ul>
            {list.length === 0 && <Empty>{articles.isPending ? t('stock.loading') : t('stock.articles.none')}</Empty>}
          </section>
          {chosen ? (
            <section className="inventory-stock-section" aria-label={chosen.name}>
              <h2>{chosen.name}</h2>
              <LevelRows levels={withPendingLevels(levels.data ?? [], pending, (p) => p.articleId === chosen.id, names, path)} showArea showArticle={false} />
              <h2>{t('stock.movements.title')}</h2>
              <MovementRows movements={movements.data?.items ?? []} pending={pending.filter((p) => p.articleId === chosen.id)} />
            </section>
          ) : (
            <Empty>{t('stock.articles.pick')}</Empty>
          )}
        </div>
      )}
    </ModulePage>
  );
}

// ------------------------------------------------------------------ loans

function LoanForm() {
  const { t } = useTranslation(NS);
  const articles = useArticles();
  const areaList = useAreas();
  const [articleId, setArticleId] = useState('');
  const [areaId, setAreaId] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [borrower, setBorrower] = useState('');
  const [dueOn, setDueOn] = useState(today());
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const q = parseQuantity(quantity);
    if (!articleId || !areaId || !borrower.trim() || !dueOn) return setProblem(t('stock.form.required'));
    if (q === null || q <= 0) return setProblem(t('stock.form.quantity'));
    setProblem(null);
    await queueLoan({ articleId, areaId, quantity: q, borrower: borrower.trim(), dueOn });
    setBorrower('');
  };
  return (
    <form className="inventory-stock-form" onSubmit={(e) => void submit(e)} aria-label={t('stock.loans.lend')}>
      <h2>{t('stock.loans.lend')}</h2>
      <ArticleSelect label={t('stock.form.article')} value={articleId} articles={articles} onChange={setArticleId} />
      <AreaSelect label={t('stock.form.area')} value={areaId} areas={areaList} onChange={setAreaId} />
      <TextInput label={t('stock.form.quantity_label')} value={quantity} onChange={setQuantity} inputMode="decimal" required />
      <TextInput label={t('stock.loans.borrower')} value={borrower} onChange={setBorrower} required />
      <TextInput label={t('stock.loans.dueOn')} value={dueOn} onChange={setDueOn} type="date" required />
      {problem && (
        <p className="inventory-stock-problem" role="alert">
          {problem}
        </p>
      )}
      <IonButton type="submit">{t('stock.loans.lendButton')}</IonButton>
    </form>
  );
}

const LOAN_TONES: Record<LoanState, 'neutral' | 'warning' | 'danger'> = { open: 'neutral', overdue: 'danger', returned: 'neutral' };

export function LoansPage() {
  useStockRefresh();
  const { t, i18n } = useTranslation(NS);
  const qty = useQuantity();
  const rights = useStockRights();
  const [search, setSearch] = useStockSearch();
  const query = useQuery(loansQuery(search.state));
  const writes = usePendingStock();
  const returning = new Set(writes.filter((w) => w.item.kind === WRITES.loanReturn).map((w) => w.item.recordId));
  const lending = pendingDeltas(writes).filter((p) => p.kind === 'loan');
  const articles = useArticles();
  const loans: Loan[] = query.data ?? [];
  return (
    <ModulePage title={t('stock.views.loans')} actions={<ExportButton path={EXPORTS.loans} search={{ state: search.state }} name="stock-loans.csv" />}>
      <div className="inventory-stock-toolbar" role="group" aria-label={t('stock.loans.state')}>
        {([undefined, 'open', 'overdue', 'returned'] as const).map((state) => (
          <IonButton key={state ?? 'all'} fill={search.state === state ? 'solid' : 'outline'} onClick={() => setSearch(state ? { state } : {})}>
            {t(`stock.loans.states.${state ?? 'all'}`)}
          </IonButton>
        ))}
      </div>
      <div className="inventory-stock-split">
        {rights.has('loanStuff') && <LoanForm />}
        <section className="inventory-stock-section" aria-label={t('stock.views.loans')}>
          <ul className="inventory-stock-rows">
            {lending.map((p) => (
              <li key={p.key} className="inventory-stock-row">
                <span className="inventory-stock-row-main">
                  {articles.find((a) => a.id === p.articleId)?.name} · {(p.payload as { borrower: string }).borrower}
                </span>
                <WaitingMark />
              </li>
            ))}
            {loans.map((l) => (
              <li key={l.id} className={`inventory-stock-row${l.id === search.loan ? ' inventory-stock-chosen' : ''}`}>
                <span className="inventory-stock-row-main">
                  {l.articleName} × {qty(l.quantity, l.unit)} · {l.borrower}
                </span>
                <span className="inventory-stock-row-detail">
                  {l.areaPath} · {t('stock.loans.due', { date: formatDay(l.dueOn, i18n.language) })}
                  <StatusChip label={t(`stock.loans.states.${l.state}`)} tone={LOAN_TONES[l.state]} />
                  {returning.has(l.id) ? (
                    <WaitingMark />
                  ) : (
                    l.state !== 'returned' &&
                    rights.has('loanStuff') && (
                      <IonButton size="small" onClick={() => void queueLoanReturn(l.id)}>
                        {t('stock.loans.return')}
                      </IonButton>
                    )
                  )}
                </span>
              </li>
            ))}
          </ul>
          {loans.length === 0 && lending.length === 0 && <Empty>{query.isPending ? t('stock.loading') : t('stock.loans.none')}</Empty>}
        </section>
      </div>
    </ModulePage>
  );
}

// ------------------------------------------------------------------ counts

export function CountsPage() {
  const [search, setSearch] = useStockSearch();
  return <CountsView countId={search.count} onPick={(count) => setSearch(count ? { count } : {})} />;
}
