/**
 * Cartography management's incidents (/cartographyManagement/incidentAll/incident; the
 * incidents' read right, manage to move a status): the declarations with a position, on a map
 * (coloured by severity) and in a list by status, filtered by status, severity and period (in
 * the address, like the map's own filters), each linking to its declaration's sheet. A manager
 * of incidents moves one a step along the declarations' workflow, with a reason (queued in the
 * outbox, shown at once). The incidents are the map's features (read once for the district,
 * kept offline), refreshed live when a declaration changes (the declarations' socket events).
 */
import { IonButton } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouter, useSearch } from '@tanstack/react-router';
import type { GeoJSONSource } from 'maplibre-gl';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mapPowers } from '../../../../../common/modules/cartography/access';
import type { FeatureProperties, MapFeature } from '../../../../../common/modules/cartography/schemas';
import type { Severity, Status } from '../../../../../common/modules/declarations/schemas';
import { FilterSelect } from '../../../../components/module/FilterSelect';
import { ModulePage } from '../../../../components/module/ModulePage';
import { WaitingMark } from '../../../../components/WaitingMark';
import { useLatest } from '../../../../hooks/use-latest';
import { formatDateTime } from '../../../../lib/dates';
import { useEnvelope } from '../../../../lib/envelope-store';
import { describeApiError } from '../../../../lib/error-messages';
import { usePendingChanges, type PendingWrite } from '../../../../lib/outbox';
import { showToast } from '../../../../lib/toast';
import { featuresQueryOptions } from '../../api/reads';
import { MapFrame } from '../../components/MapFrame';
import { useMaplibre } from '../../components/use-maplibre';
import { SEVERITY_COLOURS } from '../../layers';
import { INCIDENT_STATUSES } from '../../search';
import '../../components/cartography.css';
import { filterIncidents, NEXT_STATUSES, SEVERITIES, validateIncidentSearch, type IncidentSearch } from '../incident-search';
import { incidentsWithPending, INCIDENTS_OUTBOX, queueIncidentStatus } from '../incident-writes';
import { managementHref } from '../paths';
import type { ManagementLinks } from '../routes';
import { AREA_PAGES_LIVE, useLiveRecords } from '../live-records';
import { ListMapSplit } from './ListMapSplit';
import { useMapBase } from './map-base';
import './areas.css';
import './editors.css';

const NO_FEATURES: MapFeature[] = [];
const INCIDENTS_PATH = managementHref('incident');

const incidentsHref = (search: IncidentSearch) => {
  const params = new URLSearchParams(Object.entries(search).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''));
  const query = params.toString();
  return query === '' ? INCIDENTS_PATH : `${INCIDENTS_PATH}?${query}`;
};

export function IncidentsPage({ links }: { links?: ManagementLinks }) {
  const { t } = useTranslation('cartography');
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const search = useMemo(() => validateIncidentSearch(raw), [raw]);
  const router = useRouter();
  const powers = mapPowers(useEnvelope((state) => state.rights));
  useLiveRecords(AREA_PAGES_LIVE);
  const features = useQuery(featuresQueryOptions());
  const mapBase = useMapBase();
  const writes = usePendingChanges(INCIDENTS_OUTBOX);
  const go = (patch: Partial<IncidentSearch>) => {
    const next = { ...search, ...patch };
    void router.navigate({ href: incidentsHref(next), replace: true });
  };

  const all = features.data?.features ?? NO_FEATURES;
  const incidents = useMemo(() => filterIncidents(incidentsWithPending(all, writes), search), [all, writes, search]);

  const filters = (
    <div className="cm-filters">
      <FilterSelect
        label={t('filters.status')}
        anyLabel={t('filters.any')}
        value={search.status}
        options={INCIDENT_STATUSES.map((status) => ({ value: status, label: t(`declarations:status.${status}`) }))}
        onChange={(status) => go({ status: status as Status | undefined })}
      />
      <FilterSelect
        label={t('management.incidents.severity')}
        anyLabel={t('filters.any')}
        value={search.severity}
        options={SEVERITIES.map((severity) => ({ value: severity, label: t(`declarations:severity.${severity}`) }))}
        onChange={(severity) => go({ severity: severity as Severity | undefined })}
      />
      <label className="record-list-select">
        {t('filters.from')}
        <input type="date" value={search.from ?? ''} onChange={(event) => go({ from: event.target.value || undefined })} />
      </label>
      <label className="record-list-select">
        {t('filters.to')}
        <input type="date" value={search.to ?? ''} onChange={(event) => go({ to: event.target.value || undefined })} />
      </label>
    </div>
  );

  const list = (
    <div className="cm-pane">
      {filters}
      <p role="status">{features.data !== undefined && t('management.incidents.count', { count: incidents.length })}</p>
      {features.isError && features.data === undefined && <p role="alert">{describeApiError(features.error)}</p>}
      {features.isPending && features.fetchStatus === 'paused' && <p>{t('features.offline_none')}</p>}
      {INCIDENT_STATUSES.map((status) => {
        const group = incidents.filter((incident) => incident.properties.status === status);
        if (group.length === 0) return null;
        return (
          <section key={status} aria-label={t(`declarations:status.${status}`)}>
            <h2>
              {t(`declarations:status.${status}`)} ({group.length})
            </h2>
            <ul className="bare-list cm-status-list">
              {group.map((incident) => (
                <IncidentItem
                  key={incident.id}
                  incident={incident.properties}
                  selected={incident.id === search.incident}
                  manager={powers.manageIncidents}
                  writes={writes}
                  declarationHref={links?.declaration(incident.id)}
                  onSelect={() => go({ incident: incident.id, pane: undefined })}
                />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );

  const map = (
    <div className="cm-map">
      {mapBase !== undefined && (
        <IncidentsMap
          {...mapBase}
          incidents={incidents}
          selectedId={search.incident ?? null}
          onSelect={(id) => go({ incident: id, pane: undefined })}
        />
      )}
    </div>
  );

  return (
    <ModulePage title={t('management.incidents.title')} className="cm-fill-page">
      <ListMapSplit list={list} map={map} pane={search.pane ?? 'list'} onPane={(pane) => go({ pane: pane === 'map' ? 'map' : undefined })} />
    </ModulePage>
  );
}

function IncidentItem({
  incident,
  selected,
  manager,
  writes,
  declarationHref,
  onSelect,
}: {
  incident: FeatureProperties;
  selected: boolean;
  manager: boolean;
  writes: readonly PendingWrite[];
  declarationHref: string | undefined;
  onSelect: () => void;
}) {
  const { t, i18n } = useTranslation('cartography');
  const ref = useRef<HTMLLIElement>(null);
  const [changing, setChanging] = useState(false);
  const status = (incident.status ?? 'new') as Status;
  const waiting = writes.filter((write) => write.item.recordId === incident.id && write.item.state !== 'sent');
  useEffect(() => {
    if (selected) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);
  return (
    <li ref={ref} className={selected ? 'cm-selected' : undefined} aria-current={selected ? 'true' : undefined}>
      <button type="button" className="cm-link-button" onClick={onSelect}>
        <span className="cm-severity" style={{ background: SEVERITY_COLOURS[(incident.severity ?? 'low') as Severity] }} aria-hidden="true" />
        <strong>{incident.name}</strong>
      </button>
      <p>
        {[incident.typeName, t(`declarations:severity.${incident.severity ?? 'low'}`), incident.occurredAt === undefined ? null : formatDateTime(incident.occurredAt, i18n.language)]
          .filter((part) => part !== null && part !== undefined)
          .join(' · ')}{' '}
        {waiting.length > 0 && (
          <WaitingMark pending={{ count: waiting.length, conflict: waiting.some((w) => w.item.state === 'conflict'), failed: waiting.some((w) => w.item.state === 'failed'), created: false, deleted: false }} />
        )}
      </p>
      <div className="cm-sheet-actions">
        {declarationHref !== undefined && <Link to={declarationHref}>{t('management.incidents.open')}</Link>}
        {manager && NEXT_STATUSES[status].length > 0 && !changing && (
          <IonButton size="small" fill="outline" onClick={() => setChanging(true)}>
            {t('management.incidents.change_status')}
          </IonButton>
        )}
      </div>
      {changing && <StatusForm incident={incident} status={status} onDone={() => setChanging(false)} />}
    </li>
  );
}

function StatusForm({ incident, status, onDone }: { incident: FeatureProperties; status: Status; onDone: () => void }) {
  const { t } = useTranslation('cartography');
  const reasonId = useId();
  const [next, setNext] = useState<Status>(NEXT_STATUSES[status][0] ?? 'closed');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState(false);
  const save = async () => {
    if (reason.trim() === '') {
      setProblem(true);
      return;
    }
    try {
      await queueIncidentStatus(incident, next, reason);
      showToast({ message: t('management.incidents.status_saved', { status: t(`declarations:status.${next}`) }), kind: 'success' });
      onDone();
    } catch (error) {
      showToast({ message: describeApiError(error), kind: 'danger' });
    }
  };
  return (
    <form
      className="record-form"
      noValidate
      aria-label={t('management.incidents.change_status_of', { name: incident.name })}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <label className="cm-field">
        {t('management.incidents.next_status')}
        <select value={next} onChange={(event) => setNext(event.target.value as Status)}>
          {NEXT_STATUSES[status].map((choice) => (
            <option key={choice} value={choice}>
              {t(`declarations:status.${choice}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="cm-field" htmlFor={reasonId}>
        {t('management.incidents.reason')}
      </label>
      <textarea
        id={reasonId}
        className="cm-reason"
        rows={2}
        maxLength={1000}
        value={reason}
        aria-invalid={problem}
        aria-describedby={problem ? `${reasonId}-problem` : undefined}
        onChange={(event) => {
          setReason(event.target.value);
          setProblem(false);
        }}
      />
      {problem && (
        <p id={`${reasonId}-problem`} role="alert" className="cm-problem">
          {t('management.incidents.reason_required')}
        </p>
      )}
      <div className="cm-sheet-actions">
        <IonButton type="submit" size="small">
          {t('management.common.save')}
        </IonButton>
        <IonButton size="small" fill="clear" onClick={onDone}>
          {t('management.common.cancel')}
        </IonButton>
      </div>
    </form>
  );
}

const INCIDENT_SOURCE = 'cm-incidents';
const INCIDENT_LAYER = 'cm-incidents-circles';

function IncidentsMap({
  styleUrl,
  attribution,
  extent,
  incidents,
  selectedId,
  onSelect,
}: {
  styleUrl: string | null;
  attribution: string;
  extent: [number, number, number, number] | null;
  incidents: readonly MapFeature[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation('cartography');
  const container = useRef<HTMLDivElement>(null);
  const latest = useLatest(onSelect);
  const { state, map } = useMaplibre(container, {
    styleUrl,
    attribution,
    extent,
    setup: (current) => {
      current.addSource(INCIDENT_SOURCE, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
      current.addLayer({
        id: INCIDENT_LAYER,
        type: 'circle',
        source: INCIDENT_SOURCE,
        paint: {
          'circle-radius': ['case', ['==', ['get', 'id'], ''], 11, 7],
          'circle-color': ['match', ['get', 'severity'], ...SEVERITIES.flatMap((severity) => [severity, SEVERITY_COLOURS[severity]]), SEVERITY_COLOURS.medium] as never,
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 2,
        },
      });
      current.on('click', INCIDENT_LAYER, (event) => {
        const id: unknown = event.features?.[0]?.properties.id;
        if (typeof id === 'string') latest.current(id);
      });
    },
  });
  useEffect(() => {
    if (map === null) return;
    void map.getSource<GeoJSONSource>(INCIDENT_SOURCE)?.setData({ type: 'FeatureCollection', features: incidents as never });
  }, [map, incidents]);
  useEffect(() => {
    if (map === null) return;
    map.setPaintProperty(INCIDENT_LAYER, 'circle-radius', ['case', ['==', ['get', 'id'], selectedId ?? ''], 11, 7]);
    const selected = incidents.find((incident) => incident.id === selectedId);
    if (selected?.geometry.type === 'Point') map.easeTo({ center: selected.geometry.coordinates, zoom: Math.max(map.getZoom(), 15), duration: 0 });
    // Only when the selection changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, selectedId]);
  return <MapFrame containerRef={container} state={state} label={t('management.incidents.map_label')} />;
}
