/**
 * The scan screens (a chunk of their own, with the scanner; the decoder is loaded by it):
 *
 *   /inventory-v2/scan               scan a code: an item opens its sheet, an unknown code offers to create it
 *   /inventory-v2/audits             the audits (open ones first), and starting one for a site or a room
 *   /inventory-v2/audits/$auditId    an audit on a phone: the expected items ticked as they are scanned,
 *                                    the running counts, the completion, then the result and its actions
 *
 * Everything works offline: the scan index, the audits and each open audit are on the device;
 * a start, a scan, a completion and a move are outbox writes.
 */
import { IonButton } from '@ionic/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { auditResult, inAuditPlace, isEan, type AuditItem, type AuditResult } from '../../../../../common/modules/inventory/audit';
import { EQUIPMENT_CODE_PATH, parseScannedCode } from '../../../../../common/modules/inventory/codes';
import { ModulePage, NavButton, StatusChip, useRecordId } from '../../../../components/module';
import { formatDateTime } from '../../../../lib/dates';
import { useEnvelope } from '../../../../lib/envelope-store';
import { useOnDelivered, usePendingWrites } from '../../../../lib/outbox';
import { can } from '../../../../lib/rights';
import {
  AUDIT_MODULE,
  AUDITS_KEY,
  auditQueryOptions,
  auditsQueryOptions,
  forgetLocalAudit,
  queueComplete,
  queueMove,
  queueScan,
  queueStart,
  resolveOnDevice,
  useLocalAudit,
  useLocalStarts,
  useScanIndex,
  WRITE_KINDS,
  type LocalScan,
} from '../api';
import { Scanner } from '../../../../components/scanner/Scanner';
import './audit.css';

export const AUDITS_PATH = '/inventory-v2/audits';
export const auditHref = (id: string) => `${AUDITS_PATH}/${id}`;
const equipmentHref = (id: string) => `${EQUIPMENT_CODE_PATH}${id}`;
/** The catalog's creation of an item, prefilled with the scanned code (an EAN as the article's barcode). */
export const createHref = (code: string) => `/inventory-v2/equipment/new?${new URLSearchParams({ [isEan(code) ? 'barcode' : 'tag']: code }).toString()}`;

const useManager = () => {
  const rights = useEnvelope((state) => state.rights);
  return can(rights, 'inventoryV2', 'manage') || can(rights, 'inventory', 'manage');
};

function IndexNotice({ ready, count }: { ready: boolean; count: number }) {
  const { t } = useTranslation('inventoryV2');
  if (ready) return <p className="inventory-audit-note">{t('audit.index.count', { count })}</p>;
  return <p className="inventory-audit-note inventory-audit-warning">{t('audit.index.missing')}</p>;
}

// ---------------------------------------------------------------------------------- scan

export function ScanPage() {
  const { t } = useTranslation('inventoryV2');
  const router = useRouter();
  const index = useScanIndex();
  const manager = useManager();
  const [unknown, setUnknown] = useState<string | null>(null);
  const onCode = (text: string) => {
    const scanned = parseScannedCode(text);
    // A Vigie label opens its item even before the index holds it (an item made on another device).
    if (scanned.kind === 'equipment') return void router.navigate({ href: equipmentHref(scanned.id) });
    const found = resolveOnDevice(index, text);
    if (found.kind === 'item') return void router.navigate({ href: equipmentHref(found.id) });
    setUnknown(found.code);
  };
  return (
    <ModulePage title={t('audit.scan.title')} className="inventory-audit-page" onBack={() => router.history.back()}>
      <IndexNotice ready={index.ready} count={index.items.length} />
      <Scanner onCode={onCode} />
      {unknown !== null && (
        <div className="inventory-audit-unknown" role="alert">
          <p>{t('audit.scan.unknown', { code: unknown })}</p>
          {manager && <NavButton href={createHref(unknown)}>{t('audit.create_item')}</NavButton>}
        </div>
      )}
    </ModulePage>
  );
}

// ---------------------------------------------------------------------------------- audits

export function AuditsPage() {
  const { t, i18n } = useTranslation('inventoryV2');
  const audits = useQuery(auditsQueryOptions());
  const starts = useLocalStarts();
  const index = useScanIndex();
  const queryClient = useQueryClient();
  useOnDelivered(AUDIT_MODULE, () => void queryClient.invalidateQueries({ queryKey: AUDITS_KEY }));
  const held = new Set((audits.data ?? []).map((a) => a.id));
  // Audits started on this device that the server has not answered for yet.
  const waiting = starts.filter((s) => !held.has(s.id));
  return (
    <ModulePage title={t('audit.list.title')} className="inventory-audit-page">
      <StartAudit index={index} />
      <section aria-labelledby="inventory-audits-heading">
        <h2 id="inventory-audits-heading" className="inventory-audit-heading">
          {t('audit.list.heading')}
        </h2>
        {audits.isPending && waiting.length === 0 && <p className="inventory-audit-note">{t('audit.list.loading')}</p>}
        {audits.data?.length === 0 && waiting.length === 0 && <p className="inventory-audit-note">{t('audit.list.empty')}</p>}
        <ul className="inventory-audit-list" aria-label={t('audit.list.heading')}>
          {waiting.map(({ id, start }) => (
            <li key={id}>
              <Link to={auditHref(id)} className="inventory-audit-row">
                <span className="inventory-audit-row-title">{placeName(t, start.siteName, start.room)}</span>
                <span className="inventory-audit-row-meta">
                  <StatusChip label={t('audit.status.waiting')} tone="warning" /> {formatDateTime(start.startedAt, i18n.language)}
                </span>
              </Link>
            </li>
          ))}
          {(audits.data ?? []).map((audit) => (
            <li key={audit.id}>
              <Link to={auditHref(audit.id)} className="inventory-audit-row">
                <span className="inventory-audit-row-title">{placeName(t, audit.siteName, audit.room)}</span>
                <span className="inventory-audit-row-meta">
                  <StatusChip label={t(`audit.status.${audit.status}`)} tone={audit.status === 'open' ? 'info' : 'success'} />{' '}
                  {t('audit.list.counts', { found: audit.foundCount, expected: audit.expectedCount })} · {formatDateTime(audit.completedAt ?? audit.startedAt, i18n.language)} · {audit.startedBy.name}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </ModulePage>
  );
}

const placeName = (t: (key: string, options?: Record<string, unknown>) => string, siteName: string, room: string) =>
  room ? t('audit.place_room', { site: siteName, room }) : t('audit.place_site', { site: siteName });

/** How many sites the picker lists for a search at most (a district may have thousands). */
const SITES_LISTED = 200;

function StartAudit({ index }: { index: ReturnType<typeof useScanIndex> }) {
  const { t } = useTranslation('inventoryV2');
  const router = useRouter();
  const [search, setSearch] = useState('');
  const [siteId, setSiteId] = useState('');
  const [room, setRoom] = useState('');
  const [busy, setBusy] = useState(false);
  const ids = { search: useId(), site: useId(), room: useId(), rooms: useId() };
  const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const sites = useMemo(() => {
    const wanted = folded(search.trim());
    return index.sites.filter((s) => s.id === siteId || folded(s.name).includes(wanted)).slice(0, SITES_LISTED);
  }, [index.sites, search, siteId]);
  const rooms = useMemo(() => [...new Set(index.items.filter((i) => i.siteId === siteId && i.room.trim() !== '').map((i) => i.room.trim()))].sort(), [index.items, siteId]);
  const start = async () => {
    if (!siteId) return;
    setBusy(true);
    const id = crypto.randomUUID();
    const place = { siteId, room: room.trim() };
    const expectedIds = index.items.filter((i) => i.status !== 'retired' && inAuditPlace(place, i)).map((i) => i.id);
    try {
      await queueStart(id, { siteId, siteName: index.siteName(siteId), room: place.room, startedAt: new Date().toISOString(), expectedIds });
      await router.navigate({ href: auditHref(id) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="inventory-audit-start"
      aria-labelledby="inventory-audit-start-heading"
      onSubmit={(event) => {
        event.preventDefault();
        void start();
      }}
    >
      <h2 id="inventory-audit-start-heading" className="inventory-audit-heading">
        {t('audit.start.title')}
      </h2>
      <IndexNotice ready={index.ready} count={index.items.length} />
      <label htmlFor={ids.search}>{t('audit.start.search_site')}</label>
      <input id={ids.search} type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      <label htmlFor={ids.site}>{t('audit.start.site')}</label>
      <select id={ids.site} value={siteId} onChange={(event) => setSiteId(event.target.value)} required>
        <option value="">{t('audit.start.choose_site')}</option>
        {sites.map((site) => (
          <option key={site.id} value={site.id}>
            {site.name}
          </option>
        ))}
      </select>
      <label htmlFor={ids.room}>{t('audit.start.room')}</label>
      <input id={ids.room} value={room} list={ids.rooms} onChange={(event) => setRoom(event.target.value)} maxLength={200} autoComplete="off" />
      <datalist id={ids.rooms}>
        {rooms.map((r) => (
          <option key={r} value={r} />
        ))}
      </datalist>
      <p className="inventory-audit-note">{t('audit.start.room_hint')}</p>
      <IonButton type="submit" disabled={!siteId || busy}>
        {t('audit.start.submit')}
      </IonButton>
    </form>
  );
}

// ---------------------------------------------------------------------------------- one audit

type LastScan = { kind: 'found' | 'again' | 'misplaced' | 'unknown'; text: string };

export function AuditPage() {
  const { t, i18n } = useTranslation('inventoryV2');
  const auditId = useRecordId('auditId');
  const router = useRouter();
  const queryClient = useQueryClient();
  const index = useScanIndex();
  const local = useLocalAudit(auditId);
  const server = useQuery(auditQueryOptions(auditId));
  const manager = useManager();
  const pending = usePendingWrites(AUDIT_MODULE, auditId);
  const [last, setLast] = useState<LastScan | null>(null);
  useOnDelivered(AUDIT_MODULE, () => {
    void server.refetch();
    void queryClient.invalidateQueries({ queryKey: AUDITS_KEY, exact: true });
  });

  const audit = server.data;
  const waitingScans = pending.filter((i) => i.kind === WRITE_KINDS.scan).length;
  const waitingStart = pending.some((i) => i.kind === WRITE_KINDS.create);
  const completing = pending.some((i) => i.kind === WRITE_KINDS.complete);
  const failed = pending.some((i) => i.state === 'failed' || i.state === 'conflict');
  const place = audit ? { siteId: audit.siteId, room: audit.room } : local.start ? { siteId: local.start.siteId, room: local.start.room } : null;
  const siteName = audit?.siteName ?? local.start?.siteName ?? index.siteName(place?.siteId ?? null);
  const expectedIds = audit?.expectedIds ?? local.start?.expectedIds ?? [];
  const completed = audit?.status === 'completed';

  /** Every scan: the server's, and this device's not on the server yet. */
  const scans = useMemo(() => {
    const merged = new Map<string, LocalScan>();
    for (const s of audit?.scans ?? []) merged.set(s.id, { id: s.id, code: s.code, scannedAt: s.scannedAt, equipmentId: s.equipmentId });
    for (const s of local.scans) if (!merged.has(s.id)) merged.set(s.id, s);
    return [...merged.values()];
  }, [audit?.scans, local.scans]);

  /** An item as the server named it, else as the device's index does. */
  const itemOf = (id: string): AuditItem | undefined => {
    const named = audit?.items.find((i) => i.id === id);
    if (named) return named;
    const indexed = index.byId.get(id);
    return indexed ? { id, name: indexed.name, tag: indexed.tag, siteId: indexed.siteId, siteName: index.siteName(indexed.siteId), room: indexed.room } : undefined;
  };
  const result: AuditResult =
    completed && audit
      ? audit.result
      : auditResult(expectedIds, scans, (id) => {
          const item = itemOf(id);
          return place !== null && item !== undefined && inAuditPlace(place, item);
        });

  // Once completed on the server with nothing left to send, the device's record is no longer needed.
  const forget = completed && pending.length === 0 && (local.scans.length > 0 || local.start !== null);
  useEffect(() => {
    if (forget) forgetLocalAudit(auditId);
  }, [forget, auditId]);

  if (!place) {
    return (
      <ModulePage title={t('audit.sheet.title')} className="inventory-audit-page" onBack={() => void router.navigate({ href: AUDITS_PATH })}>
        <p className="inventory-audit-note">{server.isPending ? t('audit.list.loading') : t('audit.sheet.not_found')}</p>
      </ModulePage>
    );
  }

  const onCode = (text: string) => {
    const expected = new Set(expectedIds);
    const scanned = new Set(scans.flatMap((s) => (s.equipmentId ? [s.equipmentId] : [])));
    const label = parseScannedCode(text);
    // A Vigie label names its item even when this device's index does not hold it yet (made since).
    const found = resolveOnDevice(index, text, (id) => expected.has(id) && !scanned.has(id));
    const resolved = found.kind === 'unknown' && label.kind === 'equipment' ? ({ kind: 'item', id: label.id } as const) : found;
    const scan: LocalScan = { id: crypto.randomUUID(), code: text.trim(), scannedAt: new Date().toISOString(), equipmentId: resolved.kind === 'item' ? resolved.id : null };
    void queueScan(auditId, scan);
    if (resolved.kind === 'unknown') return setLast({ kind: 'unknown', text: resolved.code });
    const item = itemOf(resolved.id);
    const name = item?.name ?? t('audit.sheet.unnamed');
    if (scanned.has(resolved.id)) return setLast({ kind: 'again', text: name });
    setLast({ kind: expected.has(resolved.id) || (item !== undefined && inAuditPlace(place, item)) ? 'found' : 'misplaced', text: name });
  };

  const foundSet = new Set(result.found);
  const title = placeName(t, siteName, place.room);
  return (
    <ModulePage title={title} className="inventory-audit-page" onBack={() => void router.navigate({ href: AUDITS_PATH })}>
      <div className="inventory-audit-status">
        <StatusChip label={t(completed ? 'audit.status.completed' : waitingStart ? 'audit.status.waiting' : 'audit.status.open')} tone={completed ? 'success' : waitingStart ? 'warning' : 'info'} />
        {completed && audit?.completedAt && (
          <span>{t('audit.sheet.completed_by', { name: audit.completedBy?.name ?? '', at: formatDateTime(audit.completedAt, i18n.language) })}</span>
        )}
      </div>
      <p className="inventory-audit-counts" aria-live="polite" data-testid="audit-counts">
        {t('audit.sheet.counts', { found: result.found.length, expected: expectedIds.length, misplaced: result.misplaced.length, unknown: result.unknown.length })}
      </p>
      {!completed && (
        <>
          <Scanner onCode={onCode} continuous />
          {last && (
            <p className={`inventory-audit-last inventory-audit-last-${last.kind}`} role="status">
              {t(`audit.last.${last.kind}`, { name: last.text, code: last.text })}
            </p>
          )}
          <div className="inventory-audit-complete">
            {waitingScans > 0 && <p className="inventory-audit-warning">{t('audit.sheet.waiting', { count: waitingScans })}</p>}
            {waitingStart && <p className="inventory-audit-note">{t('audit.sheet.start_waiting')}</p>}
            {failed && <p className="inventory-audit-warning">{t('audit.sheet.failed')}</p>}
            {completing ? (
              <p className="inventory-audit-note">{t('audit.sheet.completion_waiting')}</p>
            ) : (
              <IonButton onClick={() => void queueComplete(auditId)} disabled={waitingScans > 0 || waitingStart || failed}>
                {t('audit.sheet.complete')}
              </IonButton>
            )}
          </div>
        </>
      )}
      {completed ? (
        <AuditResultGroups result={result} itemOf={itemOf} manager={manager} auditId={auditId} pendingMoves={pending.filter((i) => i.kind === WRITE_KINDS.move).map((i) => (typeof i.summary?.equipmentId === 'string' ? i.summary.equipmentId : ''))} />
      ) : (
        <>
          <Group title={t('audit.groups.expected', { count: expectedIds.length })}>
            {expectedIds.map((id) => (
              <li key={id} className={foundSet.has(id) ? 'inventory-audit-ticked' : undefined}>
                <span aria-hidden="true" className="inventory-audit-tick">
                  {foundSet.has(id) ? '✓' : '○'}
                </span>
                <ItemName item={itemOf(id)} id={id} />
                <span className="inventory-audit-sr">{foundSet.has(id) ? t('audit.sheet.ticked') : t('audit.sheet.not_yet')}</span>
              </li>
            ))}
          </Group>
          {result.misplaced.length > 0 && (
            <Group title={t('audit.groups.misplaced', { count: result.misplaced.length })}>
              {result.misplaced.map((id) => (
                <li key={id}>
                  <ItemName item={itemOf(id)} id={id} /> <Where item={itemOf(id)} />
                </li>
              ))}
            </Group>
          )}
          {result.unknown.length > 0 && (
            <Group title={t('audit.groups.unknown', { count: result.unknown.length })}>
              {result.unknown.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </Group>
          )}
        </>
      )}
    </ModulePage>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="inventory-audit-group" aria-labelledby={id}>
      <h2 id={id} className="inventory-audit-heading">
        {title}
      </h2>
      <ul className="inventory-audit-items">{children}</ul>
    </section>
  );
}

function ItemName({ item, id }: { item: AuditItem | undefined; id: string }) {
  const { t } = useTranslation('inventoryV2');
  return (
    <Link to={equipmentHref(id)} className="inventory-audit-item">
      {item ? `${item.name}${item.tag ? ` (${item.tag})` : ''}` : t('audit.sheet.unnamed')}
    </Link>
  );
}

function Where({ item }: { item: AuditItem | undefined }) {
  const { t } = useTranslation('inventoryV2');
  if (!item) return null;
  return <span className="inventory-audit-where">{item.siteName ? t('audit.sheet.now_at', { place: item.room ? `${item.siteName} – ${item.room}` : item.siteName }) : t('audit.sheet.no_place')}</span>;
}

function AuditResultGroups({ result, itemOf, manager, auditId, pendingMoves }: { result: AuditResult; itemOf: (id: string) => AuditItem | undefined; manager: boolean; auditId: string; pendingMoves: string[] }) {
  const { t } = useTranslation('inventoryV2');
  return (
    <div className="inventory-audit-result">
      <Group title={t('audit.groups.found', { count: result.found.length })}>
        {result.found.map((id) => (
          <li key={id}>
            <ItemName item={itemOf(id)} id={id} />
          </li>
        ))}
      </Group>
      <Group title={t('audit.groups.missing', { count: result.missing.length })}>
        {result.missing.map((id) => (
          <li key={id}>
            <ItemName item={itemOf(id)} id={id} />
          </li>
        ))}
      </Group>
      <Group title={t('audit.groups.misplaced', { count: result.misplaced.length })}>
        {result.misplaced.map((id) => (
          <li key={id} className="inventory-audit-action-row">
            <span>
              <ItemName item={itemOf(id)} id={id} /> <Where item={itemOf(id)} />
            </span>
            {pendingMoves.includes(id) ? (
              <span className="inventory-audit-note">{t('audit.result.move_waiting')}</span>
            ) : (
              manager && (
                <IonButton size="small" fill="outline" onClick={() => void queueMove(auditId, id)}>
                  {t('audit.result.move')}
                </IonButton>
              )
            )}
          </li>
        ))}
      </Group>
      <Group title={t('audit.groups.unknown', { count: result.unknown.length })}>
        {result.unknown.map((code) => (
          <li key={code} className="inventory-audit-action-row">
            <span className="inventory-audit-code">{code}</span>
            {manager && <NavButton href={createHref(code)}>{t('audit.create_item')}</NavButton>}
          </li>
        ))}
      </Group>
    </div>
  );
}
