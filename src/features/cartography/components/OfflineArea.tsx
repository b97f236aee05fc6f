/**
 * "Make this area available offline", in the map's panel: the district's extent or the map's
 * current view; first its tiles' count and estimated size (and the zoom they go to, lowered
 * with the reason when the budget, the device's free space or the tile limit says so), then
 * the download with its progress and a Cancel, resumable (kept tiles are skipped); what is kept
 * (tiles, size, date) with a way to remove it.
 */
import { IonButton } from '@ionic/react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BasemapInfo, BBox } from '../../../../common/modules/cartography/schemas';
import { basemapStats, removeBasemap, type BasemapStats } from '../../../lib/basemap-cache';
import { formatBytes } from '../../../lib/format-bytes';
import { useConnectionState } from '../../../lib/connectivity';
import { downloadArea, NotKeepableError, OFFLINE_BUDGET_BYTES, planArea, type AreaPlan, type Progress } from '../offline-area';
import { padBBox } from '../tiles';
import { formatDateTime } from '../../../lib/dates';

type Step =
  | { kind: 'idle' }
  | { kind: 'planning' }
  | { kind: 'planned'; plan: AreaPlan }
  | { kind: 'downloading'; plan: AreaPlan; progress: Progress }
  | { kind: 'done' }
  | { kind: 'error'; key: string };

type Which = 'district' | 'view';

/** A district's edges are kept with a margin around them (a tenth of its size, at least about 500 m). */
const districtArea = (extent: BBox) => padBBox(extent, 0.1, 0.005);

export function OfflineArea({ basemap, extent, view }: { basemap: BasemapInfo | undefined; extent: BBox | null; view: BBox | null }) {
  const { t, i18n } = useTranslation('cartography');
  const connection = useConnectionState();
  const [which, setWhich] = useState<Which>(extent === null ? 'view' : 'district');
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [stats, setStats] = useState<BasemapStats | null>(null);
  const abort = useRef<AbortController | null>(null);
  const name = useId();
  const size = (bytes: number) => formatBytes(bytes, i18n.language);

  const refresh = () =>
    void basemapStats().then(
      (current) => setStats(current),
      () => setStats(null),
    );
  useEffect(() => {
    refresh();
    return () => abort.current?.abort();
  }, []);

  const area = which === 'district' && extent !== null ? districtArea(extent) : view;
  const external = basemap?.source === 'external';

  const fail = (error: unknown) => {
    if (abort.current?.signal.aborted === true) setStep({ kind: 'idle' });
    else setStep({ kind: 'error', key: error instanceof NotKeepableError ? 'offline_area.not_keepable' : 'offline_area.failed' });
    refresh();
  };

  const plan = () => {
    if (basemap === undefined || area === null) return;
    abort.current = new AbortController();
    setStep({ kind: 'planning' });
    planArea(basemap, area, abort.current.signal).then((planned) => setStep({ kind: 'planned', plan: planned }), fail);
  };

  const download = (planned: AreaPlan) => {
    abort.current = new AbortController();
    setStep({ kind: 'downloading', plan: planned, progress: { done: 0, total: 0, bytes: 0 } });
    downloadArea(planned, abort.current.signal, (progress) => setStep({ kind: 'downloading', plan: planned, progress })).then(() => {
      setStep({ kind: 'done' });
      refresh();
    }, fail);
  };

  const remove = () =>
    void removeBasemap().then(() => {
      setStep({ kind: 'idle' });
      refresh();
    });

  const busy = step.kind === 'planning' || step.kind === 'downloading';
  const offline = connection === 'offline';

  return (
    <section className="carto-offline" aria-labelledby="carto-offline-title">
      <h2 id="carto-offline-title">{t('offline_area.title')}</h2>
      {external ? (
        <p>{t('offline_area.external')}</p>
      ) : (
        <>
          <fieldset className="carto-offline-which" disabled={busy}>
            <legend>{t('offline_area.which')}</legend>
            <label>
              <input type="radio" name={name} checked={which === 'district'} disabled={extent === null} onChange={() => setWhich('district')} />
              {t('offline_area.district')}
            </label>
            <label>
              <input type="radio" name={name} checked={which === 'view'} disabled={view === null} onChange={() => setWhich('view')} />
              {t('offline_area.view')}
            </label>
          </fieldset>
          <p className="carto-offline-budget">{t('offline_area.budget', { size: size(OFFLINE_BUDGET_BYTES) })}</p>
          {step.kind !== 'planned' && step.kind !== 'downloading' && (
            <IonButton fill="outline" disabled={busy || offline || area === null || basemap === undefined} onClick={plan}>
              {t('offline_area.estimate')}
            </IonButton>
          )}
          {offline && <p>{t('offline_area.offline')}</p>}
          <div role="status" className="carto-offline-status">
            {step.kind === 'planning' && t('offline_area.planning')}
            {(step.kind === 'planned' || step.kind === 'downloading') &&
              (step.plan.maxZoom < 0
                ? t('offline_area.nothing_fits', { reason: t(`offline_area.limit.${step.plan.limit}`) })
                : t('offline_area.plan', { count: step.plan.tiles, size: size(step.plan.bytes), zoom: step.plan.maxZoom }))}
            {step.kind === 'done' && t('offline_area.done')}
          </div>
          {(step.kind === 'planned' || step.kind === 'downloading') && step.plan.limit !== 'none' && step.plan.maxZoom >= 0 && (
            <p className="carto-offline-limit">{t('offline_area.lowered', { zoom: step.plan.maxZoom, asked: step.plan.askedZoom, reason: t(`offline_area.limit.${step.plan.limit}`) })}</p>
          )}
          {step.kind === 'planned' && (
            <div className="carto-offline-actions">
              <IonButton disabled={step.plan.maxZoom < 0 || offline} onClick={() => download(step.plan)}>
                {t('offline_area.download')}
              </IonButton>
              <IonButton fill="clear" onClick={() => setStep({ kind: 'idle' })}>
                {t('offline_area.back')}
              </IonButton>
            </div>
          )}
          {step.kind === 'downloading' && (
            <div className="carto-offline-actions">
              <progress max={Math.max(1, step.progress.total)} value={step.progress.done} aria-label={t('offline_area.progress_label')}>
                {step.progress.done}
              </progress>
              <span>{t('offline_area.progress', { done: step.progress.done, total: step.progress.total, size: size(step.progress.bytes) })}</span>
              <IonButton fill="outline" onClick={() => abort.current?.abort()}>
                {t('offline_area.cancel')}
              </IonButton>
            </div>
          )}
          {step.kind === 'error' && (
            <p role="alert" className="carto-alert-inline">
              {t(step.key)}
            </p>
          )}
        </>
      )}
      <div className="carto-offline-kept" data-testid="basemap-kept">
        {stats === null || stats.entries === 0 ? (
          <p>{t('offline_area.kept_none')}</p>
        ) : (
          <>
            <p>
              {stats.kept === null
                ? t('offline_area.kept_browsed', { count: stats.entries, size: size(stats.bytes) })
                : t(stats.kept.complete ? 'offline_area.kept' : 'offline_area.kept_partial', {
                    count: stats.entries,
                    size: size(stats.bytes),
                    zoom: stats.kept.maxZoom,
                    date: formatDateTime(stats.kept.keptAt, i18n.language),
                  })}
            </p>
            <IonButton fill="clear" color="danger" disabled={busy} onClick={remove}>
              {t('offline_area.remove')}
            </IonButton>
          </>
        )}
      </div>
    </section>
  );
}
