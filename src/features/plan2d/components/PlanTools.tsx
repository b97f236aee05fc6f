/**
 * The sites managers' tools on a site's plans: add a plan (an image, or a PDF and its page,
 * rasterised by the server), add a revision (the pins and zones stay), set the scale (two taps
 * and the distance between them), place a pin of one of the site's records (chosen, then a
 * tap), draw a zone (its kind, name and colour, then its points). Each is queued in the outbox.
 */
import { IonButton } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PDF_PAGE_MAX, ZONE_MIN_POINTS, ZONE_TYPES, type Plan, type PlanPoint, type ZoneType } from '../../../../common/modules/plan2d/schemas';
import { describeApiError } from '../../../lib/error-messages';
import { showSavedToast } from '../../../lib/saved-toast';
import { showToast } from '../../../lib/toast';
import { candidatesQuery, queuePin, queuePlanCreate, queuePlanUpdate, queueRevision, queueZone } from '../api';
import { LAYERS } from '../layers';

export type ToolMode =
  | { kind: 'view' }
  | { kind: 'report' }
  | { kind: 'move' }
  | { kind: 'pin'; points: PlanPoint[]; record: { kind: string; id: string; title: string } }
  | { kind: 'zone'; points: PlanPoint[]; type: ZoneType; name: string; colour: string }
  | { kind: 'calibrate'; points: PlanPoint[] };

const ZONE_COLOURS: Record<ZoneType, string> = { route: '#2e7d32', risk: '#c62828', assembly: '#1565c0' };

export interface PlanToolsProps {
  siteId: string;
  plan: Plan | null;
  mode: ToolMode;
  onMode: (mode: ToolMode) => void;
  candidatesFor: string;
  onCreated: (planId: string) => void;
  distance: (a: PlanPoint, b: PlanPoint) => number | null;
}

const failed = (error: unknown) => showToast({ message: describeApiError(error), kind: 'danger' });

function UploadForm({ siteId, plan, onDone }: { siteId: string; plan: Plan | null; onDone: (planId: string) => void }) {
  const { t } = useTranslation('plan2d');
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [level, setLevel] = useState('');
  const [name, setName] = useState('');
  const [page, setPage] = useState('1');
  const [asRevision, setAsRevision] = useState(false);
  const pdf = file?.type === 'application/pdf';
  const pageNumber = Number(page);
  const pageOk = !pdf || (Number.isInteger(pageNumber) && pageNumber >= 1 && pageNumber <= PDF_PAGE_MAX);
  const ready = file !== null && pageOk && (asRevision ? plan !== null : name.trim() !== '');
  const submit = async () => {
    if (!ready || file === null) return;
    try {
      if (asRevision && plan) {
        await queueRevision(plan, file, file.name, pdf ? pageNumber : undefined);
        showSavedToast(t('upload.revision_saved'));
        onDone(plan.id);
      } else {
        const planId = crypto.randomUUID();
        await queuePlanCreate({ id: planId, siteId, level: level.trim(), name: name.trim(), file, fileName: file.name, page: pdf ? pageNumber : undefined });
        showSavedToast(t('upload.saved'));
        onDone(planId);
      }
      setFile(null);
      setName('');
      setLevel('');
    } catch (error) {
      failed(error);
    }
  };
  return (
    <form
      className="plan2d-form"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h3 id={`${id}-title`}>{t('upload.title')}</h3>
      {plan && (
        <label className="plan2d-check">
          <input type="checkbox" checked={asRevision} onChange={(event) => setAsRevision(event.target.checked)} />
          {t('upload.as_revision', { name: plan.name, revision: plan.revision + 1 })}
        </label>
      )}
      <label className="plan2d-field">
        <span>{t('upload.file')}</span>
        <input type="file" accept="image/png,image/jpeg,image/webp,application/pdf" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
      </label>
      {pdf && (
        <label className="plan2d-field">
          <span>{t('upload.page')}</span>
          <input type="number" min={1} max={PDF_PAGE_MAX} value={page} onChange={(event) => setPage(event.target.value)} />
        </label>
      )}
      {!asRevision && (
        <>
          <label className="plan2d-field">
            <span>{t('upload.level')}</span>
            <input value={level} maxLength={40} onChange={(event) => setLevel(event.target.value)} />
          </label>
          <label className="plan2d-field">
            <span>{t('upload.name')}</span>
            <input value={name} maxLength={120} required onChange={(event) => setName(event.target.value)} />
          </label>
        </>
      )}
      <IonButton type="submit" disabled={!ready}>
        {asRevision ? t('upload.submit_revision') : t('upload.submit')}
      </IonButton>
    </form>
  );
}

export function PlanTools({ siteId, plan, mode, onMode, candidatesFor, onCreated, distance }: PlanToolsProps) {
  const { t } = useTranslation('plan2d');
  const candidates = useQuery({ ...candidatesQuery(candidatesFor), enabled: plan !== null });
  const [record, setRecord] = useState('');
  const [zone, setZone] = useState<{ type: ZoneType; name: string; colour: string }>({ type: 'risk', name: '', colour: ZONE_COLOURS.risk });
  const [meters, setMeters] = useState('');

  // A pin goes where the plan was tapped, once.
  useEffect(() => {
    if (mode.kind !== 'pin' || mode.points.length === 0 || plan === null) return;
    const at = mode.points[0]!;
    void queuePin(plan.id, { kind: mode.record.kind as never, recordId: mode.record.id, x: at.x, y: at.y, title: mode.record.title }).then(() => showSavedToast(t('pin.saved')), failed);
    onMode({ kind: 'view' });
    setRecord('');
  }, [mode, plan, onMode, t]);

  const chosen = candidates.data?.find((c) => `${c.kind}:${c.id}` === record);
  const zoneReady = mode.kind === 'zone' && mode.points.length >= ZONE_MIN_POINTS[mode.type];
  const calibration = mode.kind === 'calibrate' && mode.points.length >= 2 ? { a: mode.points[0]!, b: mode.points[1]! } : null;
  const metersValue = Number(meters.replace(',', '.'));

  return (
    <section className="plan2d-tools" aria-labelledby="plan2d-tools-title">
      <h2 id="plan2d-tools-title" className="plan2d-side-title">
        {t('tools.title')}
      </h2>
      {plan && mode.kind === 'view' && (
        <>
          <div className="plan2d-form">
            <label className="plan2d-field">
              <span>{t('pin.record')}</span>
              <select value={record} onChange={(event) => setRecord(event.target.value)}>
                <option value="">{t('pin.choose')}</option>
                {LAYERS.map(({ kind }) => {
                  const ofKind = (candidates.data ?? []).filter((c) => c.kind === kind);
                  return ofKind.length === 0 ? null : (
                    <optgroup key={kind} label={t(`layer.${kind}`)}>
                      {ofKind.map((c) => (
                        <option key={c.id} value={`${c.kind}:${c.id}`}>
                          {c.title}
                        </option>
                      ))}
                    </optgroup>
                  );
                })}
              </select>
            </label>
            <IonButton disabled={!chosen} onClick={() => chosen && onMode({ kind: 'pin', points: [], record: chosen })}>
              {t('pin.place')}
            </IonButton>
          </div>
          <div className="plan2d-form">
            <label className="plan2d-field">
              <span>{t('zone.type')}</span>
              <select value={zone.type} onChange={(event) => setZone({ ...zone, type: event.target.value as ZoneType, colour: ZONE_COLOURS[event.target.value as ZoneType] })}>
                {ZONE_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`zone.${type}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="plan2d-field">
              <span>{t('zone.name')}</span>
              <input value={zone.name} maxLength={80} onChange={(event) => setZone({ ...zone, name: event.target.value })} />
            </label>
            <label className="plan2d-field">
              <span>{t('zone.colour')}</span>
              <input type="color" value={zone.colour} onChange={(event) => setZone({ ...zone, colour: event.target.value })} />
            </label>
            <IonButton disabled={zone.name.trim() === ''} onClick={() => onMode({ kind: 'zone', points: [], ...zone, name: zone.name.trim() })}>
              {t('zone.draw')}
            </IonButton>
          </div>
          <IonButton fill="outline" onClick={() => onMode({ kind: 'calibrate', points: [] })}>
            {t('calibrate.start')}
          </IonButton>
        </>
      )}
      {mode.kind === 'pin' && (
        <div className="plan2d-form" role="status">
          <p>{t('pin.hint', { title: mode.record.title })}</p>
          <IonButton fill="outline" onClick={() => onMode({ kind: 'view' })}>
            {t('cancel')}
          </IonButton>
        </div>
      )}
      {mode.kind === 'zone' && plan && (
        <div className="plan2d-form">
          <p role="status">{t('zone.hint', { count: mode.points.length, needed: ZONE_MIN_POINTS[mode.type] })}</p>
          <IonButton
            disabled={!zoneReady}
            onClick={() => {
              void queueZone(plan.id, { type: mode.type, name: mode.name, colour: mode.colour, points: mode.type === 'assembly' ? mode.points.slice(0, 1) : mode.points }).then(() => showSavedToast(t('zone.saved')), failed);
              setZone({ ...zone, name: '' });
              onMode({ kind: 'view' });
            }}
          >
            {t('zone.finish')}
          </IonButton>
          <IonButton fill="outline" onClick={() => onMode({ kind: 'view' })}>
            {t('cancel')}
          </IonButton>
        </div>
      )}
      {mode.kind === 'calibrate' && plan && (
        <div className="plan2d-form">
          <p role="status">{calibration ? t('calibrate.distance_hint') : t('calibrate.hint', { count: mode.points.length })}</p>
          {calibration && (
            <label className="plan2d-field">
              <span>{t('calibrate.meters')}</span>
              <input inputMode="decimal" value={meters} onChange={(event) => setMeters(event.target.value)} />
            </label>
          )}
          <IonButton
            disabled={!calibration || !(metersValue > 0)}
            onClick={() => {
              if (!calibration) return;
              void queuePlanUpdate(plan, { calibration: { ...calibration, meters: metersValue } }).then(() => showSavedToast(t('calibrate.saved')), failed);
              setMeters('');
              onMode({ kind: 'view' });
            }}
          >
            {t('calibrate.save')}
          </IonButton>
          <IonButton fill="outline" onClick={() => onMode({ kind: 'view' })}>
            {t('cancel')}
          </IonButton>
          {calibration && distance(calibration.a, calibration.b) !== null && <p>{t('calibrate.current', { meters: distance(calibration.a, calibration.b)!.toFixed(2) })}</p>}
        </div>
      )}
      {mode.kind === 'view' && <UploadForm siteId={siteId} plan={plan} onDone={onCreated} />}
    </section>
  );
}
