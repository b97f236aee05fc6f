/**
 * What the stock's pages share: the reader's rights, quantities in the reader's language, the
 * pending writes of this device laid over what the server said (a movement shows at once in its
 * area's quantities, marked waiting), and the small form fields.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoanCreate, MovementCreate, StockArea, StockArticle } from '../../../../../common/modules/inventory/stock';
import { useEnvelope } from '../../../../lib/envelope-store';
import { useOnDelivered, usePendingChanges, type PendingWrite } from '../../../../lib/outbox';
import { can } from '../../../../lib/rights';
import { STOCK_MODULE, WRITES } from '../data';

export const NS = 'stock-management';

export type Subject = 'stockArea' | 'article' | 'incomingStuff' | 'inventory' | 'loanStuff' | 'outgoingStuff';

/** The reader's stock rights: managers manage; a field user records its subjects' own work. */
export function useStockRights() {
  const rights = useEnvelope((state) => state.rights);
  return useMemo(() => {
    const manage = can(rights, 'stock', 'manage');
    return { manage, has: (subject: Subject) => manage || rights.includes(`stockManagement.${subject}_read`) };
  }, [rights]);
}

export function useQuantity(): (value: number, unit?: string) => string {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const format = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 3 });
    return (value: number, unit?: string) => `${format.format(value)}${unit ? ` ${unit}` : ''}`;
  }, [i18n.language]);
}

export function useMoney(): (cents: number) => string {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const format = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'EUR' });
    return (cents: number) => format.format(cents / 100);
  }, [i18n.language]);
}

/** A pending quantity change of this device: the article, the area, the signed delta, and the write it comes from. */
export interface PendingDelta {
  key: string;
  articleId: string;
  areaId: string;
  delta: number;
  kind: string;
  failed: boolean;
  payload: unknown;
}

/** The stock's pending writes (each with its payload). */
export const usePendingStock = (): PendingWrite[] => usePendingChanges(STOCK_MODULE);

/** What the pending movements and loans of this device change, per (article, area). */
export function pendingDeltas(writes: readonly PendingWrite[]): PendingDelta[] {
  const out: PendingDelta[] = [];
  for (const write of writes) {
    const failed = write.item.state === 'failed';
    if (write.item.kind === WRITES.movement) {
      const m = write.payload as MovementCreate;
      const base = { key: m.id, articleId: m.articleId, kind: m.kind, failed, payload: m };
      if (m.kind === 'incoming' || m.kind === 'adjustment') out.push({ ...base, areaId: m.areaId, delta: m.quantity });
      else if (m.kind === 'outgoing') out.push({ ...base, areaId: m.areaId, delta: -m.quantity });
      else if (m.kind === 'transfer' && m.toAreaId) {
        out.push({ ...base, areaId: m.areaId, delta: -m.quantity });
        out.push({ ...base, key: `${m.id}:in`, areaId: m.toAreaId, delta: m.quantity });
      }
    } else if (write.item.kind === WRITES.loan) {
      const l = write.payload as LoanCreate;
      out.push({ key: l.id, articleId: l.articleId, areaId: l.areaId, delta: -l.quantity, kind: 'loan', failed, payload: l });
    }
  }
  return out;
}

/** An area's depth in the tree (its path's separators). */
export const depthOf = (area: Pick<StockArea, 'path'>) => area.path.split(' > ').length - 1;

export function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="inventory-stock-field">
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}

export function ArticleSelect({ label, value, articles, onChange }: { label: string; value: string; articles: readonly StockArticle[]; onChange: (id: string) => void }) {
  const { t } = useTranslation(NS);
  return (
    <Field label={label}>
      {(id) => (
        <select id={id} value={value} onChange={(e) => onChange(e.target.value)} required>
          <option value="">{t('stock.form.choose')}</option>
          {articles.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
              {a.unit ? ` (${a.unit})` : ''}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function AreaSelect({ label, value, areas, onChange, none }: { label: string; value: string; areas: readonly StockArea[]; onChange: (id: string) => void; none?: string }) {
  const { t } = useTranslation(NS);
  return (
    <Field label={label}>
      {(id) => (
        <select id={id} value={value} onChange={(e) => onChange(e.target.value)} required={none === undefined}>
          <option value="">{none ?? t('stock.form.choose')}</option>
          {areas.map((a) => (
            <option key={a.id} value={a.id}>
              {a.path}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function SupplierSelect({ label, value, suppliers, onChange, none }: { label: string; value: string; suppliers: readonly { id: string; name: string }[]; onChange: (id: string) => void; none: string }) {
  return (
    <Field label={label}>
      {(id) => (
        <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{none}</option>
          {suppliers.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function TextInput({ label, value, onChange, type = 'text', inputMode, required = false, min, step }: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'number' | 'date';
  inputMode?: 'decimal' | 'numeric' | 'text';
  required?: boolean;
  min?: string;
  step?: string;
}) {
  return (
    <Field label={label}>
      {(id) => <input id={id} type={type} value={value} inputMode={inputMode} required={required} min={min} step={step} onChange={(e) => onChange(e.target.value)} />}
    </Field>
  );
}

/** A decimal typed in either language (a comma or a point), null when it is not a number. */
export function parseQuantity(text: string): number | null {
  const value = Number(text.replace(',', '.').trim());
  if (text.trim() === '' || !Number.isFinite(value)) return null;
  return Math.round(value * 1000) / 1000;
}

/** After a burst of deliveries the server's copy is read once, this long after the last one. */
const REFRESH_AFTER_DELIVERY_MS = 800;

/**
 * Once this device's stock writes are delivered, the stock's reads are asked again (the server
 * now holds them): once after a burst, not once per write (500 count entries sent after a
 * reconnection made 500 reads of the count).
 */
export function useStockRefresh(): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useOnDelivered(STOCK_MODULE, () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      void queryClient.invalidateQueries({ queryKey: [STOCK_MODULE] });
    }, REFRESH_AFTER_DELIVERY_MS);
  });
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
}
