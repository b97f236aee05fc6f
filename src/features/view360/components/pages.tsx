/**
 * The 360 screens: a site's tour (the panorama with its arrows and markers, the stage chosen,
 * the markers' details opening their records, and for the site's managers: markers and arrows
 * placed by a tap, the start stage, a new capture; for everyone who may report: a finding at the
 * tapped direction) and the comparison of two captures of a stage side by side.
 */
import { IonButton, IonSpinner } from '@ionic/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams, useRouter, useSearch } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MARKER_KINDS, type Marker, type MarkerKind, type Tour } from '../../../../common/modules/view360/schemas';
import { ModulePage } from '../../../components/module/ModulePage';
import { WaitingMark } from '../../../components/WaitingMark';
import { formatDay } from '../../../lib/dates';
import { describeApiError } from '../../../lib/error-messages';
import { useEnvelope } from '../../../lib/envelope-store';
import { useOnDelivered, useOutboxItems, type OutboxItem } from '../../../lib/outbox';
import { can } from '../../../lib/rights';
import { onRecordsChanged } from '../../../lib/socket';
import { showToast } from '../../../lib/toast';
import { targetsQueryOptions, tourKeys, tourQueryOptions, VIEW360_MODULE } from '../api';
import { appLinks } from '../links';
import { compareHref, equipmentHref, tourHref } from '../paths';
import { rememberReport } from '../report';
import { queueCapture, queueLink, queueMarker, queueMarkerDelete, queueStart, registerView360Senders } from '../writes';
import { CompareViewers } from './CompareViewers';
import { KeepTour } from './KeepTour';
import { TourViewer, type ShownLink, type ShownMarker } from './TourViewer';
import './view360.css';

registerView360Senders();

type Mode = 'view' | 'marker' | 'link' | 'report';
type Position = { yaw: number; pitch: number };

/** The tour as the server has it, with this device's writes not delivered yet. */
function withPending(tour: Tour, items: readonly OutboxItem[]): { markers: (Marker & { waiting: boolean })[]; links: (ShownLink & { waiting: boolean })[]; startStageId: string | null } {
  let markers = tour.markers.map((m) => ({ ...m, waiting: false }));
  let links = tour.links.map((l) => ({ ...l, waiting: false }));
  let startStageId = tour.startStageId;
  for (const item of items) {
    const s: Record<string, unknown> = item.summary ?? {};
    if (item.kind === 'view360.marker.create') {
      const m = s as unknown as Marker;
      if (!markers.some((x) => x.id === m.id)) markers.push({ ...m, siteId: tour.siteId, recordId: m.recordId ?? null, label: m.label ?? '', title: null, version: 0, waiting: true });
    } else if (item.kind === 'view360.marker.delete') markers = markers.filter((m) => m.id !== s.id);
    else if (item.kind === 'view360.link.create') {
      const l = s as unknown as ShownLink;
      if (!links.some((x) => x.id === l.id)) links.push({ ...l, waiting: true });
    } else if (item.kind === 'view360.link.delete') links = links.filter((l) => l.id !== s.id);
    else if (item.kind === 'view360.start') startStageId = s.stageId as string;
  }
  return { markers, links, startStageId };
}

function recordHref(kind: MarkerKind, id: string, siteId: string): string | null {
  const links = appLinks();
  if (kind === 'declaration') return links?.declaration(id) ?? null;
  if (kind === 'action') return links?.action(id) ?? null;
  if (kind === 'equipment') return equipmentHref(id);
  // The document opened in its site's files.
  if (kind === 'file') return `/files/sites?site=${siteId}&document=${id}`;
  return null;
}

function useTourPage(siteId: string) {
  const queryClient = useQueryClient();
  const tour = useQuery(tourQueryOptions(siteId));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: tourKeys.all });
  useOnDelivered(VIEW360_MODULE, refresh);
  useEffect(() => onRecordsChanged(VIEW360_MODULE, (ids) => ids.includes(siteId) && refresh()));
  const items = useOutboxItems();
  const pending = useMemo(() => (items ?? []).filter((i) => i.module === VIEW360_MODULE && i.recordId === siteId && i.state !== 'sent'), [items, siteId]);
  return { tour, pending };
}

function MarkerForm({ siteId, kindDefault, onPlace, onCancel }: { siteId: string; kindDefault: MarkerKind; onPlace: (kind: MarkerKind, recordId: string | null, label: string) => void; onCancel: () => void }) {
  const { t } = useTranslation('view360');
  const [kind, setKind] = useState<MarkerKind>(kindDefault);
  const [recordId, setRecordId] = useState('');
  const [label, setLabel] = useState('');
  const targets = useQuery(targetsQueryOptions(siteId, kind));
  const ready = kind === 'note' ? label.trim() !== '' : recordId !== '';
  return (
    <form
      className="view360-form"
      aria-label={t('marker.form')}
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) onPlace(kind, kind === 'note' ? null : recordId, label);
      }}
    >
      <label>
        {t('marker.kind')}
        <select value={kind} onChange={(e) => (setKind(e.target.value as MarkerKind), setRecordId(''))}>
          {MARKER_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`kind.${k}`)}
            </option>
          ))}
        </select>
      </label>
      {kind !== 'note' && (
        <label>
          {t('marker.record')}
          <select value={recordId} onChange={(e) => setRecordId(e.target.value)}>
            <option value="">{targets.isPending ? t('marker.loading') : t('marker.choose')}</option>
            {(targets.data ?? []).map((r) => (
              <option key={r.id} value={r.id}>
                {r.title}
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        {kind === 'note' ? t('marker.note') : t('marker.label')}
        <input value={label} maxLength={200} onChange={(e) => setLabel(e.target.value)} />
      </label>
      <div className="view360-toolbar">
        <IonButton type="submit" disabled={!ready}>
          {t('marker.place')}
        </IonButton>
        <IonButton fill="outline" onClick={onCancel}>
          {t('cancel')}
        </IonButton>
      </div>
    </form>
  );
}

function CaptureForm({ siteId, stageId, onDone }: { siteId: string; stageId: string; onDone: () => void }) {
  const { t } = useTranslation('view360');
  const [file, setFile] = useState<File | null>(null);
  const [day, setDay] = useState(() => new Date().toISOString().slice(0, 10));
  return (
    <form
      className="view360-form"
      aria-label={t('capture.form')}
      onSubmit={(event) => {
        event.preventDefault();
        if (!file) return;
        void queueCapture(siteId, { id: crypto.randomUUID(), stageId, capturedOn: day, attachmentId: crypto.randomUUID() }, file)
          .then(onDone)
          .catch((error: unknown) => showToast({ message: describeApiError(error), kind: 'danger' }));
      }}
    >
      <label>
        {t('capture.file')}
        <input type="file" accept="image/jpeg,image/png,image/webp" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      </label>
      <label>
        {t('capture.date')}
        <input type="date" value={day} required onChange={(e) => setDay(e.target.value)} />
      </label>
      <div className="view360-toolbar">
        <IonButton type="submit" disabled={!file}>
          {t('capture.add')}
        </IonButton>
        <IonButton fill="outline" onClick={onDone}>
          {t('cancel')}
        </IonButton>
      </div>
    </form>
  );
}

const coarsePointer = (): boolean => typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches === true && 'DeviceOrientationEvent' in window;

export function TourPage() {
  const { t, i18n } = useTranslation('view360');
  const router = useRouter();
  const params: { siteId?: string } = useParams({ strict: false });
  const siteId = params.siteId ?? '';
  const search: { stage?: string; marker?: string } = useSearch({ strict: false });
  const rights = useEnvelope((state) => state.rights);
  const manager = can(rights, 'sites', 'manage');
  const reporter = can(rights, 'declarations', 'read');
  const { tour, pending } = useTourPage(siteId);
  const [stageId, setStageId] = useState<string | null>(null);
  const [mode, setMode] = useState<Mode>('view');
  const [picked, setPicked] = useState<Position | null>(null);
  const [selected, setSelected] = useState<string | null>(search.marker ?? null);
  const [gyroscope, setGyroscope] = useState(false);
  const [capturing, setCapturing] = useState(false);

  const data = tour.data;
  const merged = useMemo(() => (data ? withPending(data, pending) : null), [data, pending]);
  const opened = merged?.markers.find((m) => m.id === search.marker);
  const current = stageId ?? opened?.stageId ?? search.stage ?? merged?.startStageId ?? data?.stages[0]?.id ?? null;

  if (tour.isPending) return <IonSpinner name="crescent" aria-label={t('viewer.loading')} />;
  if (!data || !merged) {
    return (
      <ModulePage title={t('title')} onBack={() => router.history.back()}>
        <p role="alert">{describeApiError(tour.error)}</p>
      </ModulePage>
    );
  }
  const siteHref = appLinks()?.site(siteId) ?? '/sites';
  const stage = data.stages.find((s) => s.id === current);
  const shownMarkers: ShownMarker[] = merged.markers.map((m) => ({
    id: m.id,
    stageId: m.stageId,
    yaw: m.yaw,
    pitch: m.pitch,
    note: m.kind === 'note',
    waiting: m.waiting,
    text: m.kind === 'note' ? m.label : (m.title ?? (m.label || t(`kind.${m.kind}`))),
  }));
  const marker = merged.markers.find((m) => m.id === selected);
  const captures = data.captures.filter((c) => c.stageId === current);
  const pendingCaptures = pending.filter((i) => i.kind === 'view360.capture.create' && (i.summary as { stageId?: string } | null)?.stageId === current);
  const hint = mode === 'marker' ? t('mode.marker_hint') : mode === 'link' ? t('mode.link_hint') : mode === 'report' ? t('mode.report_hint') : null;

  const choose = (next: Mode) => {
    setMode(mode === next ? 'view' : next);
    setPicked(null);
    setSelected(null);
  };
  const onPick = (position: Position) => {
    if (mode === 'report') {
      if (!current) return;
      rememberReport({ siteId, stageId: current, yaw: position.yaw, pitch: position.pitch });
      void router.navigate({ href: `/declarations/new?site=${encodeURIComponent(siteId)}` });
      return;
    }
    setPicked(position);
  };
  const done = (message: string) => {
    setMode('view');
    setPicked(null);
    showToast({ message, kind: 'success' });
  };
  const failed = (error: unknown) => showToast({ message: describeApiError(error), kind: 'danger' });

  return (
    <ModulePage title={t('tour_of', { site: data.siteName })} onBack={() => void router.navigate({ href: siteHref })} className="view360-page">
      {data.stages.length === 0 ? (
        <p>{t('no_stages')}</p>
      ) : (
        <>
          <div className="view360-toolbar">
            <label>
              {t('stage')}{' '}
              <select value={current ?? ''} onChange={(e) => (setStageId(e.target.value), setSelected(null))}>
                {data.stages.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                    {s.id === merged.startStageId ? ` (${t('start')})` : ''}
                  </option>
                ))}
              </select>
            </label>
            {coarsePointer() && (
              <IonButton fill={gyroscope ? 'solid' : 'outline'} aria-pressed={gyroscope} onClick={() => setGyroscope(!gyroscope)}>
                {t('gyroscope')}
              </IonButton>
            )}
            {reporter && (
              <IonButton fill={mode === 'report' ? 'solid' : 'outline'} aria-pressed={mode === 'report'} onClick={() => choose('report')}>
                {t('mode.report')}
              </IonButton>
            )}
            {manager && (
              <>
                <IonButton fill={mode === 'marker' ? 'solid' : 'outline'} aria-pressed={mode === 'marker'} onClick={() => choose('marker')}>
                  {t('mode.marker')}
                </IonButton>
                <IonButton fill={mode === 'link' ? 'solid' : 'outline'} aria-pressed={mode === 'link'} onClick={() => choose('link')} disabled={data.stages.length < 2}>
                  {t('mode.link')}
                </IonButton>
                {current && current !== merged.startStageId && (
                  <IonButton fill="outline" onClick={() => void queueStart(siteId, current).then(() => showToast({ message: t('saved.start'), kind: 'success' }), failed)}>
                    {t('set_start')}
                  </IonButton>
                )}
              </>
            )}
          </div>
          {hint && (
            <p className="view360-hint" role="status">
              {hint}
            </p>
          )}
          {stage?.imageUrl === null && <p>{t('no_image')}</p>}
          {current && (
            <TourViewer
              stages={data.stages}
              links={merged.links}
              markers={shownMarkers}
              stageId={current}
              turnTo={opened && opened.stageId === current ? { yaw: opened.yaw, pitch: opened.pitch } : null}
              picking={mode !== 'view' && picked === null}
              gyroscope={gyroscope}
              label={t('viewer.label', { stage: stage?.name ?? '' })}
              onStageChange={(id) => (setStageId(id), setSelected(null))}
              onPick={onPick}
              onMarker={(id) => (setSelected(id), setMode('view'), setPicked(null))}
            />
          )}
          {picked && mode === 'marker' && current && (
            <MarkerForm
              siteId={siteId}
              kindDefault="declaration"
              onCancel={() => setPicked(null)}
              onPlace={(kind, recordId, label) =>
                void queueMarker(siteId, { id: crypto.randomUUID(), stageId: current, yaw: picked.yaw, pitch: picked.pitch, kind, recordId, label }).then(() => done(t('saved.marker')), failed)
              }
            />
          )}
          {picked && mode === 'link' && current && (
            <form className="view360-form" aria-label={t('link.form')} onSubmit={(e) => e.preventDefault()}>
              <p>{t('link.choose')}</p>
              <div className="view360-toolbar">
                {data.stages
                  .filter((s) => s.id !== current && !merged.links.some((l) => l.fromStageId === current && l.toStageId === s.id))
                  .map((s) => (
                    <IonButton
                      key={s.id}
                      onClick={() => void queueLink(siteId, { id: crypto.randomUUID(), fromStageId: current, toStageId: s.id, yaw: picked.yaw, pitch: picked.pitch }).then(() => done(t('saved.link')), failed)}
                    >
                      {s.name}
                    </IonButton>
                  ))}
                <IonButton fill="outline" onClick={() => setPicked(null)}>
                  {t('cancel')}
                </IonButton>
              </div>
            </form>
          )}
          {marker && (
            <section className="view360-details" aria-label={t('marker.details')}>
              <h2>{marker.kind === 'note' ? marker.label : (marker.title ?? t('marker.unreadable'))}</h2>
              <p>
                {t(`kind.${marker.kind}`)}
                {marker.kind !== 'note' && marker.label ? ` · ${marker.label}` : ''} {marker.waiting && <WaitingMark />}
              </p>
              <div className="view360-toolbar">
                {marker.recordId && recordHref(marker.kind, marker.recordId, siteId) && marker.title !== null && (
                  <IonButton routerLink={undefined} onClick={() => void router.navigate({ href: recordHref(marker.kind, marker.recordId!, siteId)! })}>
                    {t('marker.open')}
                  </IonButton>
                )}
                {manager && !marker.waiting && (
                  <IonButton fill="outline" color="danger" onClick={() => void queueMarkerDelete(siteId, marker.id).then(() => (setSelected(null), showToast({ message: t('saved.removed'), kind: 'success' })), failed)}>
                    {t('marker.remove')}
                  </IonButton>
                )}
                <IonButton fill="clear" onClick={() => setSelected(null)}>
                  {t('close')}
                </IonButton>
              </div>
            </section>
          )}
          <section aria-label={t('capture.title')}>
            <h2>{t('capture.title')}</h2>
            {captures.length === 0 && pendingCaptures.length === 0 ? (
              <p>{t('capture.none')}</p>
            ) : (
              <ul className="view360-captures">
                {captures.map((c) => (
                  <li key={c.id}>{formatDay(c.capturedOn, i18n.language)}</li>
                ))}
                {pendingCaptures.map((i) => (
                  <li key={i.key}>
                    {(i.summary as { capturedOn?: string }).capturedOn} <WaitingMark />
                  </li>
                ))}
              </ul>
            )}
            <div className="view360-toolbar">
              {captures.length > 0 && current && (
                <IonButton fill="outline" onClick={() => void router.navigate({ href: compareHref(siteId, current) })}>
                  {t('capture.compare')}
                </IonButton>
              )}
              {manager && current && !capturing && (
                <IonButton fill="outline" onClick={() => setCapturing(true)}>
                  {t('capture.new')}
                </IonButton>
              )}
            </div>
            {capturing && current && <CaptureForm siteId={siteId} stageId={current} onDone={() => setCapturing(false)} />}
          </section>
          <KeepTour siteId={siteId} />
        </>
      )}
    </ModulePage>
  );
}

export function ComparePage() {
  const { t, i18n } = useTranslation('view360');
  const router = useRouter();
  const params: { siteId?: string; stageId?: string } = useParams({ strict: false });
  const siteId = params.siteId ?? '';
  const stageId = params.stageId ?? '';
  const { tour } = useTourPage(siteId);
  const data = tour.data;
  const stage = data?.stages.find((s) => s.id === stageId);
  const versions = useMemo(() => {
    if (!data || !stage) return [];
    const list = data.captures.filter((c) => c.stageId === stageId).map((c) => ({ id: c.id, label: formatDay(c.capturedOn, i18n.language), imageUrl: c.imageUrl, tiles: c.tiles }));
    return stage.imageUrl ? [{ id: stage.id, label: t('compare.current'), imageUrl: stage.imageUrl, tiles: stage.tiles }, ...list] : list;
  }, [data, stage, stageId, t, i18n.language]);
  const [left, setLeft] = useState<string | null>(null);
  const [right, setRight] = useState<string | null>(null);
  if (tour.isPending) return <IonSpinner name="crescent" aria-label={t('viewer.loading')} />;
  const back = () => void router.navigate({ href: tourHref(siteId, { stage: stageId }) });
  const a = versions.find((v) => v.id === left) ?? versions[1] ?? versions[0];
  const b = versions.find((v) => v.id === right) ?? versions[0];
  return (
    <ModulePage title={t('compare.title', { stage: stage?.name ?? '' })} onBack={back} className="view360-page">
      {versions.length < 2 || !a || !b ? (
        <p>{t('compare.need_two')}</p>
      ) : (
        <>
          <div className="view360-toolbar">
            {(
              [
                [t('compare.left'), a.id, setLeft],
                [t('compare.right'), b.id, setRight],
              ] as const
            ).map(([label, value, set]) => (
              <label key={label}>
                {label}{' '}
                <select value={value} onChange={(e) => set(e.target.value)}>
                  {versions.map((v) => (
                    <option key={v.id} value={v.id}>
                      {v.label}
                    </option>
                  ))}
                </select>
              </label>
            ))}
          </div>
          <CompareViewers left={a} right={b} />
        </>
      )}
    </ModulePage>
  );
}
