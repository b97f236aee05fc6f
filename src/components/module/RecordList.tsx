/**
 * The list of every module: pages of records fetched with useInfiniteQuery (keyset: each page
 * names the next one's cursor), rows virtualised with @tanstack/react-virtual (fixed-height
 * rows and some overscan, so 10,000 records scroll with a few dozen elements in the page), a
 * debounced search box, the module's filters and sort (their values live in the address's
 * search params: the route validates them and hands them here, so a reload or a shared link
 * shows the same list), the filtered count, the empty, error and offline states, pull to
 * refresh, and the next page loaded as the end comes into view.
 *
 * The scroll container is the list's own element, marked `ion-content-scroll-host` inside a
 * non-scrolling IonContent, which is how Ionic's refresher works with a virtual scroller. Its
 * offset is remembered per address (scroll-memory.ts): back from a record lands on the same row.
 *
 * A list narrower than NARROW_LIST_PX (a phone, the list pane beside a sheet) is marked
 * `record-list-narrow`: its rows give the title the row's width (up to two lines, clamped),
 * the meta lines below it and the chips on a line of their own (module.css), each row the
 * module's `narrowRowHeight` tall. Rows keep a fixed height either way: a virtualised list
 * whose rows grew to their content lost its remembered scroll position.
 */
import { IonContent } from '@ionic/react';
import { hashKey, useInfiniteQuery, type InfiniteData, type QueryKey, type UseInfiniteQueryOptions } from '@tanstack/react-query';
import { observeElementRect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { memo, startTransition, Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '../../../common/schemas/platform';
import { useAfterFirstScreen, useFirstScreenShown } from '../../hooks/use-first-screen';
import { useConnectionState } from '../../lib/connectivity';
import { formatDateTime } from '../../lib/dates';
import { describeApiError } from '../../lib/error-messages';
import { lazyPart } from '../../lib/lazy-part';
import { isUndelivered } from '../../lib/outbox/enqueue';
import { useOutboxItemsIf } from '../../lib/outbox/hooks';
import { recalledScroll, rememberScroll } from './scroll-memory';
import '../plain.css';
import './module.css';

export const SEARCH_DEBOUNCE_MS = 300;
/** The height assumed before the list is laid out (and where there is no layout: tests). */
const FALLBACK_VIEWPORT_PX = 640;
const OVERSCAN = 8;
/** Below this width (px) a list shows its rows on two lines: title first, chips under it. */
export const NARROW_LIST_PX = 560;
/**
 * Whether each list (by address, the last 50) was narrow when last laid out: its first render
 * uses it, so a remembered scroll offset lands on the same rows.
 */
const narrowLists = new Map<string, boolean>();

const ListRefresher = lazyPart(() => import('./ListRefresher').then((m) => m.ListRefresher));

export type RecordListQuery<T, K extends QueryKey = QueryKey> = UseInfiniteQueryOptions<Page<T>, Error, InfiniteData<Page<T>>, K, string | null>;

/**
 * A list's texts from its module namespace's usual keys (`list.label`, `list.search`,
 * `list.count`, `list.empty`, `list.empty_filtered`): spread into RecordList's props.
 */
export function listTexts(t: (key: string, options?: { count: number }) => string, filtered: boolean) {
  return {
    label: t('list.label'),
    searchLabel: t('list.search'),
    countText: (count: number) => t('list.count', { count }),
    emptyText: filtered ? t('list.empty_filtered') : t('list.empty'),
  };
}

export interface SortChoice {
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}

export interface RecordListProps<T, K extends QueryKey = QueryKey> {
  query: RecordListQuery<T, K>;
  /** The list's accessible name. */
  label: string;
  getKey: (row: T) => string;
  /** Every row's height (px): rows are virtualised with fixed heights. */
  rowHeight: number;
  /**
   * Every row's height in a narrow list (title on up to two lines, chips on a line below);
   * rowHeight when not given.
   */
  narrowRowHeight?: number;
  renderRow: (row: T, selected: boolean) => ReactNode;
  selectedId?: string | undefined;
  search: string;
  onSearch: (value: string) => void;
  searchLabel: string;
  /** The module's filter controls (their values held in the address). */
  filters?: ReactNode;
  sort?: SortChoice;
  /** The list's address, where its scroll position is remembered. */
  scrollKey: string;
  countText: (count: number) => string;
  emptyText: string;
  /**
   * The loaded rows and the server's count as the user should see them: the module lays its
   * writes still in the outbox over them (withPendingList), so a record written offline shows
   * at once, and the count with it.
   */
  overlay?: (rows: T[], total: number) => { rows: T[]; total: number };
}

/**
 * The list's size, as the virtualiser learns it: FALLBACK_VIEWPORT_PX where there is no layout.
 * Each size is given in a transition: the first one arrives in the mount's layout effect, where
 * a plain update would render the rows again synchronously inside the mount's own task (one
 * long task at a phone's start); as a transition, React renders them in a task of its own,
 * sliced.
 */
const fallbackRect: typeof observeElementRect = (instance, cb) =>
  observeElementRect(instance, (rect) => startTransition(() => cb(rect.height > 0 ? rect : { width: rect.width, height: FALLBACK_VIEWPORT_PX })));

export function RecordList<T, K extends QueryKey = QueryKey>(props: RecordListProps<T, K>) {
  const { t, i18n } = useTranslation('components');
  const { query, scrollKey } = props;
  const list = useInfiniteQuery(query);
  const connection = useConnectionState();
  // Pull to refresh is built once the first screen is shown (ListRefresher).
  const pullable = useAfterFirstScreen();
  const scrollRef = useRef<HTMLDivElement>(null);
  const narrow = useNarrowList(scrollRef, scrollKey);
  const rowHeight = narrow ? (props.narrowRowHeight ?? props.rowHeight) : props.rowHeight;
  // Ionic gives every ion-content outside a menu or a modal the role "main"; this one (the
  // refresher's host) sits inside the shell's main content, so it must not be a second main
  // landmark: the role is taken off whenever Ionic's render sets it.
  const contentRef = useRef<HTMLIonContentElement>(null);
  useEffect(() => {
    const content = contentRef.current;
    if (content === null) return;
    const drop = () => {
      if (content.getAttribute('role') === 'main') content.removeAttribute('role');
    };
    drop();
    const observer = new MutationObserver(drop);
    observer.observe(content, { attributes: true, attributeFilter: ['role'] });
    return () => observer.disconnect();
  }, []);
  // Scrolling renders this component at every frame (the virtualiser's window moves); the rows
  // (10,000 of them, flattened and overlaid) are only worked out again when the data, the
  // device's writes or the module's overlay change, not at each of those renders.
  const data = list.data;
  // Offline, a list never fetched (a new search) still shows what this device wrote that matches
  // it; so does a first read under way (back online, that search read at last), until it answers.
  const neverFetched = list.isPending && list.fetchStatus === 'paused';
  // Rows, or the empty, offline or error state: the start's first screen when this list is it.
  useFirstScreenShown(!list.isPending || neverFetched);
  const { overlay } = props;
  const unread = data === undefined && !list.isPending;
  const overlaid = useMemo(() => {
    const loaded = data?.pages.flatMap((page) => page.items) ?? [];
    const served = data?.pages[0]?.total ?? 0;
    return overlay === undefined || unread ? { rows: loaded, total: served } : overlay(loaded, served);
  }, [data, overlay, unread]);
  const { rows, total } = useDeliveredRows(overlaid, list.dataUpdatedAt, hashKey(query.queryKey), props.getKey, list.refetch, overlay !== undefined);
  // The count is the server's (with this device's writes): not while a first read is under way.
  const shown = list.data !== undefined || (neverFetched && rows.length > 0);
  const hasMore = list.hasNextPage;

  // The virtualiser's functions are not memoisable (the compiler skips this component, as it should).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length + (hasMore ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN,
    initialOffset: () => recalledScroll(scrollKey),
    observeElementRect: fallbackRect,
    // The window's next rows are rendered with the frame, not synchronously in each scroll
    // event: a fling fires several events a frame, and each was a whole render of the list.
    useFlushSync: false,
    onChange: (instance: Virtualizer<HTMLDivElement, Element>) => rememberScroll(scrollKey, instance.scrollOffset ?? 0),
  });
  // The rows' height changed with the list's width (a rotation, a resized window): laid out again.
  const laidOutHeight = useRef(rowHeight);
  useLayoutEffect(() => {
    if (laidOutHeight.current === rowHeight) return;
    laidOutHeight.current = rowHeight;
    virtualizer.measure();
  }, [rowHeight, virtualizer]);
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  // The next page as soon as its placeholder row is in (or near) view.
  useEffect(() => {
    if (hasMore && !list.isFetchingNextPage && lastIndex >= rows.length - 1) void list.fetchNextPage();
  }, [hasMore, list, lastIndex, rows.length]);

  const fromDevice =
    list.data !== undefined && (list.fetchStatus === 'paused' || connection === 'offline' || list.isRefetchError);

  const refresh = async (event: CustomEvent<{ complete: () => void }>) => {
    try {
      await list.refetch();
    } finally {
      event.detail.complete();
    }
  };

  return (
    <div className={narrow ? 'record-list record-list-narrow' : 'record-list'}>
      <div className="record-list-tools">
        <SearchBox value={props.search} onChange={props.onSearch} label={props.searchLabel} />
        {props.filters}
        {props.sort !== undefined && (
          <label className="record-list-select">
            {t('module.sort')}
            <select value={props.sort.value} onChange={(event) => props.sort?.onChange(event.target.value)}>
              {props.sort.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {shown && (
        <p className="record-list-count" role="status">
          {props.countText(total)}
        </p>
      )}
      {fromDevice && (
        <p className="record-list-note">{t('module.from_device', { time: formatDateTime(list.dataUpdatedAt, i18n.language) })}</p>
      )}
      <IonContent ref={contentRef} scrollY={false} className="record-list-content">
        {pullable && (
          <Suspense fallback={null}>
            <ListRefresher onRefresh={(event) => void refresh(event)} />
          </Suspense>
        )}
        <div ref={scrollRef} className="ion-content-scroll-host record-list-scroll">
          {list.isPending && list.fetchStatus !== 'paused' && (
            <div className="record-list-state">
              <span className="app-spinner app-spinner--large" role="progressbar" aria-label={t('module.loading')} />
            </div>
          )}
          {neverFetched && <p className="record-list-state">{t(rows.length > 0 ? 'module.offline_pending_only' : 'module.offline_empty')}</p>}
          {list.isError && list.data === undefined && (
            <div className="record-list-state" role="alert">
              <p>{describeApiError(list.error)}</p>
              <button type="button" className="app-button" onClick={() => void list.refetch()}>
                {t('module.retry')}
              </button>
            </div>
          )}
          {list.data !== undefined && total === 0 && rows.length === 0 && <p className="record-list-state">{props.emptyText}</p>}
          {rows.length > 0 && (
            <div role="list" aria-label={props.label} className="record-list-rows" style={{ height: virtualizer.getTotalSize() }}>
              {items.map((item) => {
                const row = rows[item.index];
                return (
                  <div
                    key={row === undefined ? 'more' : props.getKey(row)}
                    role="listitem"
                    aria-setsize={total}
                    aria-posinset={item.index + 1}
                    className="record-list-row"
                    style={{ height: rowHeight, transform: `translateY(${item.start}px)` }}
                  >
                    {row === undefined ? (
                      <div className="record-list-more">
                        {list.isFetchNextPageError ? (
                          <button type="button" className="app-button app-button--outline" onClick={() => void list.fetchNextPage()}>
                            {t('module.retry')}
                          </button>
                        ) : (
                          <span className="app-spinner app-spinner--large" role="progressbar" aria-label={t('module.loading_more')} />
                        )}
                      </div>
                    ) : (
                      <Row row={row} selected={props.selectedId === props.getKey(row)} render={props.renderRow} />
                    )}
                  </div>
                );
              })}
            </div>
          )}
        </div>
      </IonContent>
    </div>
  );
}

/**
 * One row's content, rendered again only when its record, its selection or the module's row
 * renderer changes: while scrolling, the rows already in the window are left alone and only
 * those coming into it are rendered.
 */
const Row = memo(function Row<T>({ row, selected, render }: { row: T; selected: boolean; render: (row: T, selected: boolean) => ReactNode }) {
  return <>{render(row, selected)}</>;
}) as <T>(props: { row: T; selected: boolean; render: (row: T, selected: boolean) => ReactNode }) => ReactNode;

interface Delivery<T> {
  /** The query the rows were read with, and the keys of the rows marked pending in it. */
  key: string;
  scope: string;
  last: T[];
  /** Rows whose writes were delivered since, shown as last seen until the list is read again. */
  held: T[];
  /** The list data they were delivered over. */
  at: number;
}

/**
 * A write leaves the outbox once delivered, before the list is read again (the socket's
 * `records:changed` may come before the socket is back, and a refetch on reconnecting ran
 * before the write was sent): its rows (the overlay's, marked `pending`) stay as the user last
 * saw them, without the mark, until the next data, and the list is read again at once.
 *
 * A row counts as delivered only when the outbox holds no undelivered write of its record any
 * more, in the same query: a row also leaves the pending ones when the search changes, when it
 * no longer matches, or when it was deleted on this device, and showing it then without its
 * mark, as sent, would say the server has what it does not.
 */
function useDeliveredRows<T>(
  view: { rows: T[]; total: number },
  dataAt: number,
  scope: string,
  getKey: (row: T) => string,
  refetch: (options: { cancelRefetch: boolean }) => Promise<unknown>,
  overlaid: boolean,
) {
  // Only a list with an overlay has rows marked pending (and its module reads the outbox already).
  const items = useOutboxItemsIf(overlaid);
  const pending = useMemo(() => view.rows.filter((row) => (row as { pending?: unknown }).pending !== undefined), [view.rows]);
  const key = pending.map(getKey).join('|');
  const [delivery, setDelivery] = useState<Delivery<T>>({ key, scope, last: pending, held: [], at: dataAt });
  if (delivery.key !== key || delivery.scope !== scope) {
    const still = new Set(pending.map(getKey));
    // The item list is never older than the writes the overlay was built from (their payloads are read after it).
    const waiting = new Set((items ?? []).filter(isUndelivered).map((item) => item.recordId));
    const delivered =
      items === null || delivery.scope !== scope
        ? []
        : delivery.last.filter((row) => !still.has(getKey(row)) && !waiting.has(getKey(row))).map((row) => ({ ...row, pending: undefined }));
    const kept = delivery.at === dataAt && delivery.scope === scope ? delivery.held : [];
    setDelivery({ key, scope, last: pending, held: delivered.length > 0 ? [...delivered, ...kept] : kept, at: dataAt });
  }
  useEffect(() => {
    // A read already under way is joined, not restarted: a replay delivers writes faster than
    // a list is read, and restarting at each one kept the list from ever being read.
    if (delivery.held.length > 0) void refetch({ cancelRefetch: false });
  }, [delivery.held, refetch]);
  const held = delivery.at === dataAt && delivery.scope === scope ? delivery.held : [];
  if (held.length === 0) return view;
  const heldKeys = new Map(held.map((row) => [getKey(row), row]));
  const listed = new Set(view.rows.map(getKey));
  const added = held.filter((row) => !listed.has(getKey(row)));
  return { rows: [...added, ...view.rows.map((row) => heldKeys.get(getKey(row)) ?? row)], total: view.total + added.length };
}

/**
 * Whether the list is narrower than NARROW_LIST_PX, measured before the first paint and
 * again as its width changes. Before it is laid out: as when this list was last shown, or
 * else as the window's width says. A list without a width (hidden, or no layout: unit tests)
 * stays as it was.
 */
function useNarrowList(ref: { current: HTMLElement | null }, key: string): boolean {
  const [narrow, setNarrow] = useState(() => narrowLists.get(key) ?? (typeof window !== 'undefined' && window.innerWidth > 0 && window.innerWidth < NARROW_LIST_PX));
  useLayoutEffect(() => {
    const element = ref.current;
    if (element === null) return undefined;
    const check = () => {
      const width = element.clientWidth;
      // Not laid out (hidden): as it was.
      if (width === 0) return;
      const next = width < NARROW_LIST_PX;
      narrowLists.delete(key);
      narrowLists.set(key, next);
      if (narrowLists.size > 50) narrowLists.delete(narrowLists.keys().next().value as string);
      setNarrow(next);
    };
    check();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(check);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, key]);
  return narrow;
}

/**
 * The search box: typed at once, sent to the address after a short pause. Plain elements in the
 * look of Ionic's outlined input (plain.css, module.css), not IonInput: its outline's notch is measured in
 * an animation frame after the first render (getBoundingClientRect), a forced layout of the
 * whole list of 23 ms of main thread at a list's start on a phone (a Lighthouse trace of the site
 * list after an app update), and every module's list has one.
 */
function SearchBox({ value, onChange, label }: { value: string; onChange: (value: string) => void; label: string }) {
  const { t } = useTranslation('components');
  const [typed, setTyped] = useState(value);
  const latest = useRef(onChange);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    latest.current = onChange;
  });
  // The address changed from elsewhere (back, a link): show it.
  useEffect(() => setTyped(value), [value]);
  useEffect(() => {
    if (typed === value) return undefined;
    const timer = setTimeout(() => latest.current(typed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, value]);
  return (
    <div className="record-list-search">
      <label>
        {label}
        <input ref={input} className="app-input" type="search" value={typed} onChange={(event) => setTyped(event.target.value)} />
      </label>
      {typed !== '' && (
        <button
          type="button"
          className="record-list-search-clear"
          aria-label={t('module.clear_search')}
          onClick={() => {
            setTyped('');
            input.current?.focus();
          }}
        >
          <span aria-hidden="true">×</span>
        </button>
      )}
    </div>
  );
}
