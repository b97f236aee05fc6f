/**
 * Beside the map (below it on a phone, behind the "Layers and list" button): the layer
 * switches, the filters (kept in the address), the legend and the list of what is in view,
 * each line a link to its record (for screen readers, and for whoever prefers a list).
 */
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeatureProperties } from '../../../../common/modules/cartography/schemas';
import { FilterSelect } from '../../../components/module/FilterSelect';
import { featureHref, incidentColour, SEVERITY_COLOURS, SITE_COLOUR, type MapLayerEntry, type TypeChoice } from '../layers';
import type { MapLinks } from '../paths';
import { INCIDENT_STATUSES, type MapSearch } from '../search';

export function layerName(entry: MapLayerEntry, t: (key: string) => string): string {
  return entry.builtin !== null ? t(`layers.${entry.builtin}`) : (entry.name ?? t('layers.unnamed'));
}

export function LayerSwitches({ entries, visible, onToggle }: { entries: readonly MapLayerEntry[]; visible: ReadonlySet<string>; onToggle: (id: string, on: boolean) => void }) {
  const { t } = useTranslation('cartography');
  return (
    <fieldset className="carto-layers">
      <legend>{t('layers.title')}</legend>
      {entries.map((entry) => (
        <label key={entry.id} className="carto-layer-switch">
          <input type="checkbox" role="switch" checked={visible.has(entry.id)} onChange={(event) => onToggle(entry.id, event.target.checked)} />
          <span className="carto-swatch" style={{ background: entry.colour }} aria-hidden="true" />
          {layerName(entry, t)}
        </label>
      ))}
    </fieldset>
  );
}

export function MapFilters({ search, types, onChange }: { search: MapSearch; types: readonly TypeChoice[]; onChange: (search: MapSearch) => void }) {
  const { t } = useTranslation('cartography');
  const ids = { from: useId(), to: useId() };
  const patch = (change: Partial<MapSearch>) => {
    const next: Record<string, string | undefined> = { ...search, ...change };
    onChange(Object.fromEntries(Object.entries(next).filter(([, value]) => value !== undefined && value !== '')));
  };
  return (
    <fieldset className="carto-filters">
      <legend>{t('filters.title')}</legend>
      <FilterSelect
        label={t('filters.type')}
        anyLabel={t('filters.any')}
        value={search.type}
        options={types.map((type) => ({ value: type.id, label: `${type.name} (${t(`kinds.${type.kind}`)})` }))}
        onChange={(type) => patch({ type })}
      />
      <FilterSelect
        label={t('filters.status')}
        anyLabel={t('filters.any')}
        value={search.status}
        options={INCIDENT_STATUSES.map((status) => ({ value: status, label: t(`declarations:status.${status}`) }))}
        onChange={(status) => patch({ status: status as MapSearch['status'] })}
      />
      <label htmlFor={ids.from} className="record-list-select">
        {t('filters.from')}
        <input id={ids.from} type="date" value={search.from ?? ''} onChange={(event) => patch({ from: event.target.value || undefined })} />
      </label>
      <label htmlFor={ids.to} className="record-list-select">
        {t('filters.to')}
        <input id={ids.to} type="date" value={search.to ?? ''} onChange={(event) => patch({ to: event.target.value || undefined })} />
      </label>
    </fieldset>
  );
}

export function Legend({ entries }: { entries: readonly MapLayerEntry[] }) {
  const { t } = useTranslation('cartography');
  return (
    <section className="carto-legend" aria-labelledby="carto-legend-title">
      <h2 id="carto-legend-title">{t('legend.title')}</h2>
      <ul>
        <li>
          <span className="carto-symbol carto-symbol-site" style={{ background: SITE_COLOUR }} aria-hidden="true" />
          {t('legend.site')}
        </li>
        {Object.entries(SEVERITY_COLOURS).map(([severity, colour]) => (
          <li key={severity}>
            <span className="carto-symbol carto-symbol-incident" style={{ background: colour }} aria-hidden="true" />
            {t('legend.incident', { severity: t(`declarations:severity.${severity}`) })}
          </li>
        ))}
        <li>
          <span className="carto-symbol carto-symbol-cluster" aria-hidden="true">
            12
          </span>
          {t('legend.cluster')}
        </li>
        {entries
          .filter((entry) => entry.builtin === null)
          .map((entry) => (
            <li key={entry.id}>
              <span className={`carto-symbol ${entry.kind === 'areas' ? 'carto-symbol-area' : 'carto-symbol-poi'}`} style={{ background: entry.colour }} aria-hidden="true" />
              {t(entry.kind === 'areas' ? 'legend.area' : 'legend.points', { name: layerName(entry, t) })}
            </li>
          ))}
        <li>
          <span className="carto-symbol carto-symbol-me" aria-hidden="true" />
          {t('legend.me')}
        </li>
      </ul>
    </section>
  );
}

/** A feature's one-line description: its type, and an incident's status and severity. */
export function featureDetail(feature: FeatureProperties, t: (key: string, options?: Record<string, unknown>) => string): string {
  const parts = [t(`kinds.${feature.kind}`)];
  if (feature.typeName !== null && feature.typeName !== '') parts.push(feature.typeName);
  if (feature.status !== undefined) parts.push(t(`declarations:status.${feature.status}`));
  if (feature.severity !== undefined) parts.push(t(`declarations:severity.${feature.severity}`));
  return parts.join(' · ');
}

export function InViewList({ features, links, onSelect }: { features: readonly FeatureProperties[]; links: MapLinks; onSelect: (feature: FeatureProperties) => void }) {
  const { t } = useTranslation('cartography');
  const sorted = [...features].sort((a, b) => a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name));
  return (
    <section className="carto-in-view" aria-labelledby="carto-in-view-title">
      <h2 id="carto-in-view-title">{t('in_view.title', { count: features.length })}</h2>
      {sorted.length === 0 ? (
        <p>{t('in_view.none')}</p>
      ) : (
        <ul aria-label={t('in_view.label')}>
          {sorted.map((feature) => {
            const href = featureHref(feature, links);
            return (
              <li key={feature.id} data-kind={feature.kind}>
                <span
                  className={`carto-symbol carto-symbol-${feature.kind}`}
                  style={{ background: feature.kind === 'incident' ? incidentColour(feature.severity) : (feature.colour ?? SITE_COLOUR) }}
                  aria-hidden="true"
                />
                {href !== null ? (
                  <Link to={href}>{feature.name}</Link>
                ) : (
                  <button type="button" className="carto-link-button" onClick={() => onSelect(feature)}>
                    {feature.name}
                  </button>
                )}
                <span className="carto-detail">{featureDetail(feature, t)}</span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
