/**
 * Counts (inventory): the count sessions (a manager starts one per area), and one count's
 * screen, made for a phone offline. A counter scans or types an article's code (or its name):
 * each scan adds 1; a quantity typed for an article sends its difference from what this device
 * counted before. Every increment is an outbox write of its own (`stock.countEntry`, idempotent
 * by its id), so two people counting one shelf add up and a reload or a cut loses nothing: the
 * device's running totals are kept on the device, its pending entries marked waiting. A manager
 * closes the count: the lines whose article moved since the count started need a decision (the
 * count as the truth now, or the count plus the movements since). A blind count shows its
 * counters no expected quantity (the server does not send them); managers see them to close.
 */
import { IonButton } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CountDecision, CountEntryBody, StockArticle, StockCount } from '../../../../../common/modules/inventory/stock';
import { ModulePage, StatusChip, downloadList } from '../../../../components/module';
import { WaitingMark } from '../../../../components/WaitingMark';
import { formatDate } from '../../../../lib/dates';
import { areas, articlesQuery, countQuery, countsQuery, EXPORTS, queueCountClose, queueCountEntry, queueCountStart, WRITES } from '../data';
import { AreaSelect, Field, NS, parseQuantity, usePendingStock, useQuantity, useStockRefresh, useStockRights } from './shared';
import { Scanner } from '../../../../components/scanner/Scanner';

/** What this device counted in a count, per article: its running total and the quantity it started from. */
type DeviceTotals = Record<string, { total: number; start: number | null }>;
/** Lines not counted yet shown at once (the search finds the others). */
const UNCOUNTED_SHOWN = 30;
const storageKey = (countId: string) => `vigie.stock.count.${countId}`;

function readTotals(countId: string): DeviceTotals {
  try {
    return JSON.parse(localStorage.getItem(storageKey(countId)) ?? '{}') as DeviceTotals;
  } catch {
    return {};
  }
}

function useDeviceTotals(countId: string): [DeviceTotals, (articleId: string, delta: number, start: number | null) => DeviceTotals[string]] {
  const [totals, setTotals] = useState<DeviceTotals>(() => readTotals(countId));
  const add = (articleId: string, delta: number, start: number | null) => {
    const current = readTotals(countId);
    const before = current[articleId] ?? { total: 0, start };
    const next = { total: Math.round((before.total + delta) * 1000) / 1000, start: before.start };
    const all = { ...current, [articleId]: next };
    localStorage.setItem(storageKey(countId), JSON.stringify(all));
    setTotals(all);
    return next;
  };
  return [totals, add];
}

/** An article by its code (barcode or reference, exactly) or its name (exactly, else the only one containing it). */
export function findArticle(articles: readonly StockArticle[], text: string): StockArticle | null {
  const code = text.trim().toLowerCase();
  if (code === '') return null;
  const exact = articles.find((a) => (a.barcode && a.barcode.toLowerCase() === code) || (a.reference && a.reference.toLowerCase() === code) || a.name.toLowerCase() === code);
  if (exact) return exact;
  const partial = articles.filter((a) => a.name.toLowerCase().includes(code));
  return partial.length === 1 ? partial[0]! : null;
}

/** Whether the count screen shows the expected quantities: always to managers, to counters unless the count is blind. */
export const expectedShown = (count: Pick<StockCount, 'blind'>, manage: boolean): boolean => manage || !count.blind;

function CountScreen({ count, onBack }: { count: StockCount; onBack: () => void }) {
  const { t } = useTranslation(NS);
  const qty = useQuantity();
  const rights = useStockRights();
  const articles = useQuery(articlesQuery()).data ?? [];
  const writes = usePendingStock();
  const [totals, add] = useDeviceTotals(count.id);
  const [code, setCode] = useState('');
  // The camera scanner (the audits' own), opened on demand: each code read counts one more.
  const [camera, setCamera] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [decisions, setDecisions] = useState<Record<string, CountDecision>>({});
  const [find, setFind] = useState('');
  const open = count.status === 'open';
  const showExpected = expectedShown(count, rights.manage);
  const closing = writes.some((w) => w.item.kind === WRITES.countClose && w.item.recordId === count.id);

  const pendingEntries = writes.filter((w) => w.item.kind === WRITES.countEntry && w.item.recordId === count.id).map((w) => w.payload as CountEntryBody);
  const pendingOf = (articleId: string) => pendingEntries.filter((e) => e.articleId === articleId);
  const lines = count.lines ?? [];
  const lineIds = new Set(lines.map((l) => l.articleId));
  // Articles this device counted that the count's lines do not hold yet (counted offline).
  const extra = [...new Set([...Object.keys(totals), ...pendingEntries.map((e) => e.articleId)])].filter((id) => !lineIds.has(id));
  const rows = [
    ...lines,
    ...extra.map((id) => {
      const a = articles.find((x) => x.id === id);
      return { articleId: id, articleName: a?.name ?? '', unit: a?.unit ?? '', barcode: a?.barcode ?? '', startQuantity: null, movedSince: null, expected: null, counted: null, entries: 0, moved: false };
    }),
  ];

  // The lines counted (here or elsewhere) first; of the others, only those the search finds, at
  // most UNCOUNTED_SHOWN: an area of a thousand articles stays quick to count on a phone.
  const isCounted = (line: (typeof rows)[number]) => line.counted !== null || totals[line.articleId] !== undefined || pendingOf(line.articleId).length > 0;
  const needle = find.trim().toLowerCase();
  const uncounted = rows.filter((l) => !isCounted(l) && (needle === '' || `${l.articleName} ${l.barcode}`.toLowerCase().includes(needle)));
  const shown = [...rows.filter(isCounted), ...uncounted.slice(0, UNCOUNTED_SHOWN)];

  const count1 = async (article: StockArticle | { id: string }, delta: number) => {
    const line = lines.find((l) => l.articleId === article.id);
    const start = totals[article.id]?.start ?? line?.expected ?? null;
    add(article.id, delta, start);
    await queueCountEntry(count.id, article.id, delta, start);
  };

  /** A code scanned or typed: one more of its article. */
  const countCode = async (text: string) => {
    const article = findArticle(articles, text);
    if (!article) {
      setMessage(t('stock.count.notFound', { code: text }));
      return;
    }
    setMessage(t('stock.count.added', { name: article.name }));
    setCode('');
    await count1(article, 1);
  };

  const scan = async (event: FormEvent) => {
    event.preventDefault();
    await countCode(code);
  };

  const setTotal = async (articleId: string) => {
    const value = parseQuantity(typed[articleId] ?? '');
    if (value === null || value < 0) return;
    const delta = Math.round((value - (totals[articleId]?.total ?? 0)) * 1000) / 1000;
    setTyped({ ...typed, [articleId]: '' });
    if (delta !== 0) await count1({ id: articleId }, delta);
  };

  const needDecision = lines.filter((l) => l.moved && l.counted !== null);
  const canClose = needDecision.every((l) => decisions[l.articleId] !== undefined) && pendingEntries.length === 0;

  return (
    <ModulePage
      title={t('stock.count.title', { area: count.areaPath })}
      onBack={onBack}
      actions={
        <IonButton fill="outline" onClick={() => downloadList(EXPORTS.count(count.id), {}, 'stock-count.csv')}>
          {t('stock.export')}
        </IonButton>
      }
    >
      <div className="inventory-stock-count">
        <p className="inventory-stock-row-detail">
          <StatusChip label={t(`stock.count.status.${count.status}`)} tone={open ? 'warning' : 'neutral'} />
          {count.blind && <StatusChip label={t('stock.count.blind')} tone="neutral" />}
          {pendingEntries.length > 0 && (
            <span className="inventory-stock-pending" data-testid="stock-count-pending">
              {t('stock.count.pending', { count: pendingEntries.length })} <WaitingMark />
            </span>
          )}
        </p>
        {open && rights.has('inventory') && (
          <form className="inventory-stock-form inventory-stock-scan" onSubmit={(e) => void scan(e)} aria-label={t('stock.count.scan')}>
            <Field label={t('stock.count.code')}>
              {(id) => <input id={id} value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" enterKeyHint="enter" />}
            </Field>
            <IonButton type="submit">{t('stock.count.plusOne')}</IonButton>
            <IonButton fill="outline" onClick={() => setCamera(!camera)} aria-expanded={camera}>
              {t(camera ? 'stock.count.cameraOff' : 'stock.count.camera')}
            </IonButton>
            {message && (
              <p className="inventory-stock-message" role="status">
                {message}
              </p>
            )}
          </form>
        )}
        {open && rights.has('inventory') && camera && <Scanner continuous onCode={(text) => void countCode(text)} />}
        {rows.length > UNCOUNTED_SHOWN && (
          <Field label={t('stock.count.find')}>
            {(id) => <input id={id} value={find} onChange={(e) => setFind(e.target.value)} autoComplete="off" />}
          </Field>
        )}
        <ul className="inventory-stock-rows" aria-label={t('stock.count.lines')}>
          {shown.map((line) => {
            const waiting = pendingOf(line.articleId);
            const pendingSum = waiting.reduce((s, e) => s + e.delta, 0);
            const all = (line.counted ?? 0) + pendingSum;
            const mine = totals[line.articleId]?.total;
            return (
              <li key={line.articleId} className="inventory-stock-row" data-testid="stock-count-line">
                <span className="inventory-stock-row-main">{line.articleName}</span>
                <span className="inventory-stock-row-detail">
                  {t('stock.count.counted')} <strong data-testid="stock-count-total">{line.counted === null && waiting.length === 0 ? '–' : qty(all, line.unit)}</strong>
                  {mine !== undefined && ` · ${t('stock.count.mine')} ${qty(mine)}`}
                  {showExpected && line.expected !== null && <span data-testid="stock-count-expected">{` · ${t('stock.count.expected')} ${qty(line.expected)}`}</span>}
                  {waiting.length > 0 && <WaitingMark />}
                  {rights.manage && line.moved && <StatusChip label={t('stock.count.moved', { moves: qty(line.movedSince ?? 0) })} tone="warning" />}
                </span>
                {open && rights.has('inventory') && (
                  <form
                    className="inventory-stock-inline"
                    onSubmit={(e) => {
                      e.preventDefault();
                      void setTotal(line.articleId);
                    }}
                  >
                    <Field label={t('stock.count.typeTotal', { name: line.articleName })}>
                      {(id) => <input id={id} inputMode="decimal" value={typed[line.articleId] ?? ''} onChange={(e) => setTyped({ ...typed, [line.articleId]: e.target.value })} />}
                    </Field>
                    <IonButton type="submit" size="small" fill="outline">
                      {t('stock.count.set')}
                    </IonButton>
                    <IonButton size="small" fill="outline" onClick={() => void count1({ id: line.articleId }, 1)} aria-label={t('stock.count.plusOneFor', { name: line.articleName })}>
                      +1
                    </IonButton>
                  </form>
                )}
                {open && rights.manage && line.moved && line.counted !== null && (
                  <Field label={t('stock.count.decision', { name: line.articleName })}>
                    {(id) => (
                      <select id={id} value={decisions[line.articleId] ?? ''} onChange={(e) => setDecisions({ ...decisions, [line.articleId]: e.target.value as CountDecision })}>
                        <option value="">{t('stock.form.choose')}</option>
                        <option value="count">{t('stock.count.decisions.count')}</option>
                        <option value="countPlusMoves">{t('stock.count.decisions.countPlusMoves')}</option>
                      </select>
                    )}
                  </Field>
                )}
              </li>
            );
          })}
        </ul>
        {rows.length === 0 && <p className="inventory-stock-empty">{t('stock.count.empty')}</p>}
        {uncounted.length > UNCOUNTED_SHOWN && <p className="inventory-stock-empty">{t('stock.count.more', { count: uncounted.length - UNCOUNTED_SHOWN })}</p>}
        {open && rights.manage && (
          <div className="inventory-stock-actions">
            {closing ? (
              <WaitingMark />
            ) : (
              <IonButton disabled={!canClose} onClick={() => void queueCountClose(count.id, { decisions })}>
                {t('stock.count.close')}
              </IonButton>
            )}
            {!canClose && <p className="inventory-stock-row-detail">{t(pendingEntries.length > 0 ? 'stock.count.waitEntries' : 'stock.count.needDecisions')}</p>}
          </div>
        )}
      </div>
    </ModulePage>
  );
}

function StartCount() {
  const { t } = useTranslation(NS);
  const list = useQuery(areas.allQueryOptions()).data ?? [];
  const [areaId, setAreaId] = useState('');
  const [blind, setBlind] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!areaId) return;
    await queueCountStart(areaId, blind);
    setAreaId('');
    setBlind(false);
  };
  return (
    <form className="inventory-stock-form" onSubmit={(e) => void submit(e)} aria-label={t('stock.count.start')}>
      <h2>{t('stock.count.start')}</h2>
      <AreaSelect label={t('stock.form.area')} value={areaId} areas={list} onChange={setAreaId} />
      <label className="inventory-stock-check">
        <input type="checkbox" checked={blind} onChange={(e) => setBlind(e.target.checked)} />
        <span>
          {t('stock.count.blindOption')}
          <small>{t('stock.count.blindHelp')}</small>
        </span>
      </label>
      <IonButton type="submit">{t('stock.count.startButton')}</IonButton>
    </form>
  );
}

export function CountsView({ countId, onPick }: { countId: string | undefined; onPick: (id: string | undefined) => void }) {
  const { t, i18n } = useTranslation(NS);
  const rights = useStockRights();
  const counts = useQuery(countsQuery());
  const count = useQuery({ ...countQuery(countId ?? ''), enabled: countId !== undefined });
  const starting = usePendingStock().filter((w) => w.item.kind === WRITES.countStart);
  // Once the device's writes are delivered, the counts are read again (the lines' totals now hold them).
  useStockRefresh();
  if (countId !== undefined) {
    if (count.data) return <CountScreen count={count.data} onBack={() => onPick(undefined)} />;
    return (
      <ModulePage title={t('stock.views.counts')} onBack={() => onPick(undefined)}>
        <p className="inventory-stock-empty">{count.isPending ? t('stock.loading') : t('stock.count.unavailable')}</p>
      </ModulePage>
    );
  }
  const list = counts.data ?? [];
  return (
    <ModulePage title={t('stock.views.counts')}>
      <div className="inventory-stock-split">
        {rights.manage && <StartCount />}
        <section className="inventory-stock-section" aria-label={t('stock.views.counts')}>
          <ul className="inventory-stock-rows">
            {starting.map((w) => (
              <li key={w.item.recordId} className="inventory-stock-row">
                <span className="inventory-stock-row-main">{t('stock.count.starting')}</span>
                <WaitingMark />
              </li>
            ))}
            {list.map((c) => (
              <li key={c.id} className="inventory-stock-row">
                <button type="button" className="inventory-stock-link" onClick={() => onPick(c.id)}>
                  {c.areaPath}
                </button>
                <span className="inventory-stock-row-detail">
                  <StatusChip label={t(`stock.count.status.${c.status}`)} tone={c.status === 'open' ? 'warning' : 'neutral'} />
                  {c.blind && <StatusChip label={t('stock.count.blind')} tone="neutral" />}
                  {formatDate(c.startedAt, i18n.language)} · {t('stock.count.lineCount', { count: c.lineCount })}
                </span>
              </li>
            ))}
          </ul>
          {list.length === 0 && starting.length === 0 && <p className="inventory-stock-empty">{counts.isPending ? t('stock.loading') : t('stock.count.none')}</p>}
        </section>
      </div>
    </ModulePage>
  );
}
