/**
 * The recap table (managers: stockManagement.admin): articles × areas with each article's total
 * and value, each area's total and value, the grand totals. On a desktop a grid virtualised in
 * both directions (@tanstack/react-virtual: 1,000 articles × 50 areas render only what shows);
 * on a phone a list of articles, each with its areas' quantities. CSV export.
 */
import { IonButton } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { STOCK_PATHS, type StockRecap } from '../../../../../common/modules/inventory/stock';
import { ModulePage, downloadList, useWideLayout } from '../../../../components/module';
import { EXPORTS, recapQuery } from '../data';
import { NS, useMoney, useQuantity } from './shared';
import './stock.css';

const ROW_PX = 44;
const NAME_PX = 240;
const CELL_PX = 110;
/** A scrolling region is reached by the keyboard (axe: scrollable-region-focusable). */
const SCROLL_FOCUS = 0;

function RecapGrid({ recap }: { recap: StockRecap }) {
  const { t } = useTranslation(NS);
  const qty = useQuantity();
  const money = useMoney();
  const scrollRef = useRef<HTMLElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library
  const rows = useVirtualizer({ count: recap.articles.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_PX, overscan: 8, initialRect: { width: 1200, height: 640 } });
  // Columns: the areas, then the total and the value.
  const columns = useVirtualizer({
    horizontal: true,
    count: recap.areas.length + 2,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => CELL_PX,
    overscan: 3,
    initialRect: { width: 1200, height: 640 },
  });
  const width = NAME_PX + columns.getTotalSize();
  const cellOf = (index: number, article: StockRecap['articles'][number]) =>
    index < recap.areas.length ? (article.quantities[index] ? qty(article.quantities[index]) : '') : index === recap.areas.length ? qty(article.total, article.unit) : money(article.valueCents);
  const headOf = (index: number) => (index < recap.areas.length ? recap.areas[index]!.path : index === recap.areas.length ? t('stock.recap.total') : t('stock.recap.value'));
  const footOf = (index: number) => (index < recap.areas.length ? qty(recap.areas[index]!.total) : index === recap.areas.length ? qty(recap.total) : money(recap.valueCents));
  const virtualColumns = columns.getVirtualItems();
  return (
    // A scrolling region the keyboard reaches (its arrows scroll it), holding the table.
    <section ref={scrollRef} className="inventory-stock-grid" aria-label={t('stock.views.recap')} tabIndex={SCROLL_FOCUS}>
      <div role="table" aria-label={t('stock.views.recap')} aria-rowcount={recap.articles.length + 2} aria-colcount={recap.areas.length + 3}>
      <div className="inventory-stock-grid-head" role="rowgroup" style={{ width }}>
        <div role="row" aria-rowindex={1} className="inventory-stock-grid-row">
          <span role="columnheader" className="inventory-stock-grid-name">
            {t('stock.recap.article')}
          </span>
          {virtualColumns.map((c) => (
            <span key={c.key} role="columnheader" aria-colindex={c.index + 2} className="inventory-stock-grid-cell" style={{ left: NAME_PX + c.start, width: c.size }} title={headOf(c.index)}>
              {headOf(c.index)}
            </span>
          ))}
        </div>
      </div>
      <div role="rowgroup" style={{ height: rows.getTotalSize(), width, position: 'relative' }}>
        {rows.getVirtualItems().map((r) => {
          const article = recap.articles[r.index]!;
          return (
            <div key={r.key} role="row" aria-rowindex={r.index + 2} className="inventory-stock-grid-row inventory-stock-grid-body" style={{ transform: `translateY(${r.start}px)` }}>
              <span role="rowheader" className="inventory-stock-grid-name" title={article.name}>
                {article.name}
              </span>
              {virtualColumns.map((c) => (
                <span key={c.key} role="cell" aria-colindex={c.index + 2} className="inventory-stock-grid-cell" style={{ left: NAME_PX + c.start, width: c.size }}>
                  {cellOf(c.index, article)}
                </span>
              ))}
            </div>
          );
        })}
      </div>
      <div className="inventory-stock-grid-foot" role="rowgroup" style={{ width }}>
        <div role="row" aria-rowindex={recap.articles.length + 2} className="inventory-stock-grid-row">
          <span role="rowheader" className="inventory-stock-grid-name">
            {t('stock.recap.total')}
          </span>
          {virtualColumns.map((c) => (
            <span key={c.key} role="cell" aria-colindex={c.index + 2} className="inventory-stock-grid-cell" data-testid={c.index === recap.areas.length ? 'stock-recap-total' : undefined} style={{ left: NAME_PX + c.start, width: c.size }}>
              {footOf(c.index)}
            </span>
          ))}
        </div>
      </div>
      </div>
    </section>
  );
}

function RecapList({ recap }: { recap: StockRecap }) {
  const { t } = useTranslation(NS);
  const router = useRouter();
  const qty = useQuantity();
  const money = useMoney();
  return (
    <>
      <p className="inventory-stock-recap-totals">
        {t('stock.recap.total')} <strong data-testid="stock-recap-total">{qty(recap.total)}</strong> · {t('stock.recap.value')} <strong>{money(recap.valueCents)}</strong>
      </p>
      <ul className="inventory-stock-rows" aria-label={t('stock.views.recap')}>
        {recap.articles.map((a) => (
          <li key={a.id} className="inventory-stock-row">
            <span className="inventory-stock-row-main">
              <button type="button" className="inventory-stock-link" onClick={() => void router.navigate({ href: STOCK_PATHS.article(a.id) })}>
                {a.name}
              </button>
              {qty(a.total, a.unit)} · {money(a.valueCents)}
            </span>
            <span className="inventory-stock-row-detail">
              {a.quantities
                .map((q, i) => (q ? `${recap.areas[i]!.path} ${qty(q)}` : null))
                .filter(Boolean)
                .join(' · ')}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

export function RecapPage() {
  const { t } = useTranslation(NS);
  const wide = useWideLayout();
  const query = useQuery(recapQuery());
  return (
    <ModulePage
      title={t('stock.views.recap')}
      actions={
        <IonButton fill="outline" onClick={() => downloadList(EXPORTS.recap, {}, 'stock-recap.csv')}>
          {t('stock.export')}
        </IonButton>
      }
    >
      {query.data ? (
        query.data.articles.length === 0 ? (
          <p className="inventory-stock-empty">{t('stock.recap.none')}</p>
        ) : wide ? (
          <RecapGrid recap={query.data} />
        ) : (
          <RecapList recap={query.data} />
        )
      ) : (
        <p className="inventory-stock-empty">{query.isError ? t('stock.recap.unavailable') : t('stock.loading')}</p>
      )}
    </ModulePage>
  );
}
