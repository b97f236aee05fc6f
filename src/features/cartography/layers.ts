/**
 * What the map shows, as plain data (no MapLibre, no React; tested directly): the layers a
 * user can switch (the two built-in ones, then the district's by position), each user's
 * switches (kept on the device, lib/storage.ts), the address's filters applied to the
 * features, the type choices the filter offers and where a feature leads.
 */
import type { BuiltinLayer, FeatureKind, FeatureProperties, Layer, MapFeature } from '../../../common/modules/cartography/schemas';
import type { MapLinks } from './paths';
import type { MapSearch } from './search';

/** The built-in layers' colours (sites: the app's primary; incidents: by severity, see SEVERITY_COLOURS). */
export const SITE_COLOUR = '#0d4f73';
export const INCIDENT_COLOUR = '#c2410c';
/** Incidents are coloured by severity (light to dark, contrast ≥ 3:1 on the basemap's land). */
export const SEVERITY_COLOURS = { low: '#2f7d32', medium: '#b7791f', high: '#c2410c', critical: '#9b1c1c' } as const;
export const AREA_FALLBACK_COLOUR = '#5b4a9e';

export interface MapLayerEntry {
  /** `sites`, `incidents` or the layer's id (the features' `properties.layer`). */
  id: string;
  builtin: BuiltinLayer | null;
  /** The district layer's name; null for a built-in one (the screen translates it). */
  name: string | null;
  kind: 'sites' | 'incidents' | 'points' | 'areas';
  colour: string;
  visibleByDefault: boolean;
}

const BUILTINS: MapLayerEntry[] = [
  { id: 'sites', builtin: 'sites', name: null, kind: 'sites', colour: SITE_COLOUR, visibleByDefault: true },
  { id: 'incidents', builtin: 'incidents', name: null, kind: 'incidents', colour: INCIDENT_COLOUR, visibleByDefault: true },
];

/**
 * The layers the panel lists: the built-in ones, then the district's (highest position first,
 * as drawn on top). When the layers could not be read (no right to list them, never read
 * offline), the layers the features name are listed, visible, under their id's features' kind.
 */
export function mapLayerEntries(layers: readonly Layer[] | undefined, features: readonly MapFeature[]): MapLayerEntry[] {
  const own: MapLayerEntry[] =
    layers !== undefined
      ? [...layers]
          .filter((layer) => layer.deletedAt === null)
          .sort((a, b) => b.position - a.position || a.name.localeCompare(b.name))
          .map((layer) => ({ id: layer.id, builtin: null, name: layer.name, kind: layer.kind, colour: layer.colour, visibleByDefault: layer.visibleByDefault }))
      : [];
  const known = new Set([...BUILTINS, ...own].map((entry) => entry.id));
  for (const feature of features) {
    const { layer, kind, colour } = feature.properties;
    if (known.has(layer)) continue;
    known.add(layer);
    own.push({ id: layer, builtin: null, name: null, kind: kind === 'area' ? 'areas' : 'points', colour: colour ?? AREA_FALLBACK_COLOUR, visibleByDefault: true });
  }
  return [...BUILTINS, ...own];
}

export type LayerSwitches = Readonly<Record<string, boolean>>;

/** The layers shown: the user's own switch, else the layer's default. */
export function visibleLayerIds(entries: readonly MapLayerEntry[], switches: LayerSwitches): Set<string> {
  return new Set(entries.filter((entry) => switches[entry.id] ?? entry.visibleByDefault).map((entry) => entry.id));
}

/** A feature's day in the device's time zone (YYYY-MM-DD), as the user reads the period. */
const localDay = (iso: string): string => {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

/**
 * The features drawn: those of a visible layer that pass the filters. As the API reads them,
 * each filter applies to its own kind: the type to the features of that type's kind (a site
 * type to sites, a template to incidents, a category to points), the status and the period
 * (occurredAt, days inclusive) to incidents.
 */
export function shownFeatures(features: readonly MapFeature[], visible: ReadonlySet<string>, search: MapSearch): MapFeature[] {
  const typeKind = search.type === undefined ? undefined : features.find((feature) => feature.properties.typeId === search.type)?.properties.kind;
  return features.filter(({ properties: p }) => {
    if (!visible.has(p.layer)) return false;
    if (typeKind !== undefined && p.kind === typeKind && p.typeId !== search.type) return false;
    if (p.kind !== 'incident') return true;
    if (search.status !== undefined && p.status !== search.status) return false;
    if (search.from === undefined && search.to === undefined) return true;
    if (p.occurredAt === undefined) return false;
    const day = localDay(p.occurredAt);
    return (search.from === undefined || day >= search.from) && (search.to === undefined || day <= search.to);
  });
}

export interface TypeChoice {
  id: string;
  name: string;
  kind: FeatureKind;
}

/** The types the filter offers: every type the district's features carry, by kind then name. */
export function typeChoices(features: readonly MapFeature[]): TypeChoice[] {
  const byId = new Map<string, TypeChoice>();
  for (const { properties: p } of features) {
    if (p.typeId !== null && !byId.has(p.typeId)) byId.set(p.typeId, { id: p.typeId, name: p.typeName ?? '', kind: p.kind });
  }
  const order: readonly FeatureKind[] = ['site', 'incident', 'poi', 'area'];
  return [...byId.values()].sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind) || a.name.localeCompare(b.name));
}

/** Where a feature's popup and its line in the list lead; null when it has no record page (a point, an area). */
export function featureHref(properties: Pick<FeatureProperties, 'kind' | 'id'>, links: MapLinks): string | null {
  if (properties.kind === 'site') return links.site(properties.id);
  if (properties.kind === 'incident') return links.declaration(properties.id);
  return null;
}

/** An incident's colour by severity (the status and the severity are both in the popup and the list). */
export function incidentColour(severity: string | undefined): string {
  return severity !== undefined && severity in SEVERITY_COLOURS ? SEVERITY_COLOURS[severity as keyof typeof SEVERITY_COLOURS] : INCIDENT_COLOUR;
}
