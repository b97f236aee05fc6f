/**
 * The 2D plans' pages: the district's sites (to open one's plans) and a site's plans. A plan
 * shows its image with its pins by layer (each layer toggled) and its zones; every reader of
 * the declarations reports one by a tap on the plan; the sites' managers add plans and
 * revisions, set the scale, place pins and draw zones. Everything is read offline once the
 * site's plans were opened; every change is queued in the outbox.
 */
import { IonButton } from '@ionic/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PIN_KINDS, metersPerPixel, type PinKind, type Plan, type PlanPoint } from '../../../../common/modules/plan2d/schemas';
import type { SiteChoice } from '../../../../common/schemas/site-choices';
import { ModulePage } from '../../../components/module/ModulePage';
import { apiGet } from '../../../lib/api-client';
import type { ModuleLinks } from '../../../lib/app-module';
import { useEnvelope } from '../../../lib/envelope-store';
import { describeApiError } from '../../../lib/error-messages';
import { useOnDelivered, usePendingWrites } from '../../../lib/outbox';
import { formatNumber } from '../../../lib/numbers';
import { can } from '../../../lib/rights';
import { onRecordsChanged } from '../../../lib/socket';
import { showToast } from '../../../lib/toast';
import { PLAN2D_MODULE, WRITES, plan2dKeys, planQuery, queuePinDelete, queuePinMove, queueZoneDelete, sitePlansQuery, registerPlan2dSenders } from '../api';
import { distanceMeters, roundPoint } from '../frame';
import { dropOtherImages, planImageUrl } from '../images';
import { LAYERS, colourOf, type ShownPin } from '../layers';
import { shownPlan } from '../overlay';
import { sitePlansHref } from '../paths';
import { forgetTap, rememberTap } from '../report-tap';
import { PlanMap } from './PlanMap';
import { PlanTools, type ToolMode } from './PlanTools';
import './plan2d.css';

registerPlan2dSenders();

export function PlanSitesPage() {
  const { t } = useTranslation('plan2d');
  const [search, setSearch] = useState('');
  const sites = useQuery({
    queryKey: [PLAN2D_MODULE, 'sites', search.trim()],
    queryFn: ({ signal }) => apiGet<SiteChoice[]>('plan2d/sites', { signal, searchParams: search.trim() === '' ? {} : { search: search.trim() } }),
    meta: { offline: true },
  });
  return (
    <ModulePage title={t('title')}>
      <div className="plan2d-sites">
        <label className="plan2d-field">
          <span>{t('sites.search')}</span>
          <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        </label>
        {sites.isError && <p role="alert">{describeApiError(sites.error)}</p>}
        <ul className="plan2d-site-list">
          {(sites.data ?? []).map((site) => (
            <li key={site.id}>
              <Link to={sitePlansHref(site.id)} className="plan2d-site-link">
                <strong>{site.name}</strong>
                <span>{site.address}</span>
              </Link>
            </li>
          ))}
        </ul>
        {sites.data?.length === 0 && <p>{t('sites.none')}</p>}
      </div>
    </ModulePage>
  );
}

/** The address a pin opens, from the app's links (none for a point of interest: the map shows it). */
function recordHref(links: ModuleLinks, pin: ShownPin, siteId: string): string | null {
  switch (pin.kind) {
    case 'declaration':
      return links.declaration(pin.recordId);
    case 'action':
      return links.action(pin.recordId);
    case 'equipment':
      return links.equipment(pin.recordId);
    case 'contact':
      return links.contact(pin.recordId);
    case 'stage':
      return links.site(siteId);
    default:
      return null;
  }
}

function useImageUrl(imageId: string | undefined): { url: string | null; failed: boolean } {
  const [state, setState] = useState<{ id: string; url: string | null; failed: boolean } | null>(null);
  useEffect(() => {
    if (imageId === undefined) return undefined;
    let live = true;
    planImageUrl(imageId).then(
      (url) => live && setState({ id: imageId, url, failed: false }),
      () => live && setState({ id: imageId, url: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [imageId]);
  return state !== null && state.id === imageId ? { url: state.url, failed: state.failed } : { url: null, failed: false };
}

export function SitePlansPage({ links }: { links: ModuleLinks }) {
  const { t, i18n } = useTranslation('plan2d');
  const params: { siteId?: string } = useParams({ strict: false });
  const siteId = params.siteId ?? '';
  const search: { plan?: string } = useSearch({ strict: false });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const rights = useEnvelope((state) => state.rights);
  const manages = can(rights, 'sites', 'manage');
  const reports = can(rights, 'declarations', 'read');
  const plans = useQuery(sitePlansQuery(siteId));
  const waiting = usePendingWrites(PLAN2D_MODULE);
  const current: Plan | undefined = plans.data?.find((p) => p.id === search.plan) ?? plans.data?.[0];
  const sheet = useQuery({ ...planQuery(current?.id ?? ''), enabled: current !== undefined });
  const plan = sheet.data?.plan ?? current;
  const image = useImageUrl(plan?.imageId);
  const [visible, setVisible] = useState<ReadonlySet<PinKind>>(() => new Set(PIN_KINDS));
  const [mode, setMode] = useState<ToolMode>({ kind: 'view' });
  const [selected, setSelected] = useState<string | null>(null);

  // Back on the plan without having reported: the tap is forgotten.
  useEffect(() => forgetTap(), []);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: plan2dKeys.all });
  useOnDelivered(PLAN2D_MODULE, refresh);
  useEffect(() => {
    const stops = ['plan2d.plans', 'plan2d.pins', 'plan2d.zones', 'declarations'].map((module) => onRecordsChanged(module, refresh));
    return () => stops.forEach((stop) => stop());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // The old revisions' images leave the device once the plan is read again online.
  useEffect(() => {
    if (sheet.data && !sheet.isPlaceholderData && navigator.onLine) {
      void dropOtherImages(new Set([sheet.data.plan.imageId]), new Set(sheet.data.revisions.map((r) => r.imageId)));
    }
  }, [sheet.data, sheet.isPlaceholderData]);

  const shown = useMemo(() => (sheet.data && plan ? shownPlan(sheet.data, plan.id, waiting) : { pins: [], zones: [] }), [sheet.data, plan, waiting]);
  const waitingPlans = waiting.filter((w) => w.kind === WRITES.planCreate && w.summary?.siteId === siteId);
  const selectedPin = shown.pins.find((p) => p.id === selected) ?? null;
  const scale = plan ? metersPerPixel(plan) : null;

  const tap = (point: PlanPoint) => {
    if (!plan) return;
    const at = roundPoint(point);
    if (mode.kind === 'report') {
      rememberTap({ planId: plan.id, siteId, at });
      void navigate({ href: links.reportOnSite(siteId) });
      return;
    }
    if (mode.kind === 'move' && selectedPin) {
      void queuePinMove({ id: selectedPin.id, version: selectedPin.version, planId: plan.id }, at).catch((error: unknown) => showToast({ message: describeApiError(error), kind: 'danger' }));
      setMode({ kind: 'view' });
      return;
    }
    if (mode.kind === 'pin' || mode.kind === 'zone' || mode.kind === 'calibrate') {
      setMode({ ...mode, points: [...mode.points, at] });
      return;
    }
    setSelected(null);
  };

  const title = plan ? t('page.title', { name: plan.name }) : t('title');
  const toggle = (kind: PinKind) =>
    setVisible((before) => {
      const next = new Set(before);
      if (next.has(kind)) next.delete(kind);
      else next.add(kind);
      return next;
    });

  return (
    <ModulePage title={title} onBack={() => void navigate({ href: links.site(siteId) })} className="plan2d-page">
      <div className="plan2d-layout">
        <div className="plan2d-main">
          <div className="plan2d-bar">
            {(plans.data?.length ?? 0) > 0 && (
              <label className="plan2d-field">
                <span>{t('page.plan')}</span>
                <select value={plan?.id ?? ''} onChange={(event) => void navigate({ href: sitePlansHref(siteId, event.target.value), replace: true })}>
                  {(plans.data ?? []).map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.level ? `${p.level} — ${p.name}` : p.name}
                    </option>
                  ))}
                </select>
              </label>
            )}
            {reports && plan && (
              <IonButton
                className="plan2d-report"
                color={mode.kind === 'report' ? 'medium' : 'danger'}
                onClick={() => setMode(mode.kind === 'report' ? { kind: 'view' } : { kind: 'report' })}
              >
                {mode.kind === 'report' ? t('report.cancel') : t('report.start')}
              </IonButton>
            )}
          </div>
          {mode.kind === 'report' && (
            <p className="plan2d-hint" role="status">
              {t('report.hint')}
            </p>
          )}
          {mode.kind === 'move' && (
            <p className="plan2d-hint" role="status">
              {t('pin.move_hint')}
            </p>
          )}
          {plans.isError && !plans.data && <p role="alert">{describeApiError(plans.error)}</p>}
          {plans.data?.length === 0 && <p className="plan2d-empty">{manages ? t('page.none_manager') : t('page.none')}</p>}
          {waitingPlans.map((w) => (
            <p key={w.key} className="plan2d-waiting">
              {t('page.plan_waiting', { name: typeof w.summary?.name === 'string' ? w.summary.name : '' })}
            </p>
          ))}
          {plan && (
            <PlanMap
              imageUrl={image.url}
              size={plan}
              pins={shown.pins}
              zones={shown.zones}
              visible={visible}
              draft={mode.kind === 'zone' || mode.kind === 'calibrate' || mode.kind === 'pin' ? mode.points : []}
              placing={mode.kind !== 'view'}
              onTap={tap}
              onPin={setSelected}
              label={t('map.label', { name: plan.name })}
            />
          )}
          {image.failed && <p role="alert">{t('map.image_failed')}</p>}
        </div>
        <aside className="plan2d-side" aria-label={t('side.label')}>
          {selectedPin && plan && (
            <section className="plan2d-selected" aria-labelledby="plan2d-selected-title">
              <h2 id="plan2d-selected-title">{selectedPin.title ?? t('pin.untitled')}</h2>
              <p>
                {t(`layer.${selectedPin.kind}`)}
                {selectedPin.pending ? ` · ${t('waiting')}` : ''}
              </p>
              <div className="plan2d-actions">
                {recordHref(links, selectedPin, siteId) !== null && (
                  <Link className="plan2d-link" to={recordHref(links, selectedPin, siteId)!}>
                    {t('pin.open')}
                  </Link>
                )}
                {manages && !selectedPin.pending && (
                  <>
                    <IonButton fill="outline" onClick={() => setMode({ kind: 'move' })}>
                      {t('pin.move')}
                    </IonButton>
                    <IonButton
                      fill="outline"
                      color="danger"
                      onClick={() => {
                        void queuePinDelete({ id: selectedPin.id, version: selectedPin.version, planId: plan.id });
                        setSelected(null);
                      }}
                    >
                      {t('pin.remove')}
                    </IonButton>
                  </>
                )}
              </div>
            </section>
          )}
          <fieldset className="plan2d-layers">
            <legend>{t('side.layers')}</legend>
            {LAYERS.map(({ kind }) => (
              <label key={kind} className="plan2d-layer">
                <input type="checkbox" checked={visible.has(kind)} onChange={() => toggle(kind)} />
                <span className="plan2d-swatch" style={{ background: colourOf(kind) }} aria-hidden="true" />
                {t(`layer.${kind}`)} ({shown.pins.filter((p) => p.kind === kind).length})
              </label>
            ))}
          </fieldset>
          {plan && scale !== null && <p className="plan2d-scale">{t('side.scale', { meters: formatNumber(plan.calibration?.meters ?? 0, i18n.language), across: formatNumber(Math.round(plan.width * scale), i18n.language) })}</p>}
          {plan && (
            <details className="plan2d-pins">
              <summary>{t('side.pins', { count: shown.pins.length })}</summary>
              <ul>
                {shown.pins
                  .filter((p) => visible.has(p.kind))
                  .slice(0, 300)
                  .map((pin) => (
                    <li key={pin.id}>
                      <button type="button" className="plan2d-pin-button" onClick={() => setSelected(pin.id)}>
                        <span className="plan2d-swatch" style={{ background: colourOf(pin.kind) }} aria-hidden="true" />
                        {pin.title ?? t('pin.untitled')}
                        {pin.pending && <em> · {t('waiting')}</em>}
                      </button>
                    </li>
                  ))}
              </ul>
            </details>
          )}
          {plan && shown.zones.length > 0 && (
            <section aria-labelledby="plan2d-zones-title">
              <h2 id="plan2d-zones-title" className="plan2d-side-title">
                {t('side.zones')}
              </h2>
              <ul className="plan2d-zones">
                {shown.zones.map((zone) => (
                  <li key={zone.id}>
                    <span className="plan2d-swatch" style={{ background: zone.colour }} aria-hidden="true" />
                    {zone.name} ({t(`zone.${zone.type}`)}){zone.pending ? ` · ${t('waiting')}` : ''}
                    {manages && !zone.pending && (
                      <IonButton size="small" fill="clear" color="danger" onClick={() => void queueZoneDelete({ id: zone.id, version: zone.version, planId: plan.id })}>
                        {t('zone.remove', { name: zone.name })}
                      </IonButton>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          )}
          {manages && (
            <PlanTools
              siteId={siteId}
              plan={plan ?? null}
              mode={mode}
              onMode={setMode}
              candidatesFor={siteId}
              onCreated={(id) => void navigate({ href: sitePlansHref(siteId, id), replace: true })}
              distance={(a, b) => (plan && scale !== null ? distanceMeters(a, b, plan, scale) : null)}
            />
          )}
        </aside>
      </div>
    </ModulePage>
  );
}
