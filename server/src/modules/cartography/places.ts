/**
 * GET /api/cartography/places?q=: an address search through the geocoder the operator set
 * (VIGIE_GEOCODER_URL): Photon (`/api?q=`, GeoJSON answers) or Nominatim
 * (`/search?format=jsonv2&q=`), told by VIGIE_GEOCODER_KIND or, unset, from the address
 * (`nominatim` in it, else Photon). The caller's language is passed on (Accept-Language's first
 * tag, French by default: the product's). At most PLACES_MAX places, within
 * GEOCODER_TIMEOUT_MS; unset, not answering, too slow or answering nonsense: 503
 * `cartography.geocoder_unavailable`, which the app shows (and searches its own sites and points,
 * which it does first anyway).
 */
import type { Place } from '../../../../common/modules/cartography/schemas.js';
import type { Config } from '../../config.js';
import { ApiError } from '../../lib/errors.js';

export const GEOCODER_TIMEOUT_MS = 5_000;
export const PLACES_MAX = 10;
export const GEOCODER_UNAVAILABLE = 'cartography.geocoder_unavailable';
const GEOCODER_NOT_CONFIGURED = 'cartography.geocoder_not_configured';

const unavailable = (details: string) => new ApiError(503, { message: GEOCODER_UNAVAILABLE, details });

/** The first language tag of an Accept-Language header (fr when none). */
export function languageOf(header: string | undefined): string {
  const tag = header?.split(',')[0]?.split(';')[0]?.trim().slice(0, 2).toLowerCase();
  return tag && /^[a-z]{2}$/.test(tag) ? tag : 'fr';
}

const finite = (...values: unknown[]) => values.every((v) => typeof v === 'number' && Number.isFinite(v));

interface PhotonFeature {
  geometry?: { coordinates?: [number, number] };
  properties?: { name?: string; housenumber?: string; street?: string; postcode?: string; city?: string; country?: string; extent?: [number, number, number, number] };
}

function photonPlaces(answer: unknown): Place[] {
  const features = (answer as { features?: PhotonFeature[] } | null)?.features;
  if (!Array.isArray(features)) throw unavailable('the geocoder answered no features');
  return features.flatMap((f): Place[] => {
    const [lng, lat] = f.geometry?.coordinates ?? [];
    if (!finite(lng, lat)) return [];
    const p = f.properties ?? {};
    const street = [p.housenumber, p.street].filter(Boolean).join(' ');
    const label = [p.name, street, [p.postcode, p.city].filter(Boolean).join(' '), p.country].filter((part) => part && part.length > 0).join(', ');
    // Photon's extent is [west, north, east, south].
    const e = p.extent;
    const bbox: Place['bbox'] = e && finite(...e) ? [e[0], e[3], e[2], e[1]] : null;
    return [{ label: label || `${lat}, ${lng}`, position: { lat: lat!, lng: lng! }, bbox }];
  });
}

function nominatimPlaces(answer: unknown): Place[] {
  if (!Array.isArray(answer)) throw unavailable('the geocoder answered no list');
  return (answer as { lat?: string; lon?: string; display_name?: string; boundingbox?: string[] }[]).flatMap((r): Place[] => {
    const lat = Number(r.lat);
    const lng = Number(r.lon);
    if (!finite(lat, lng)) return [];
    // Nominatim's boundingbox is [south, north, west, east], as text.
    const b = (r.boundingbox ?? []).map(Number);
    const bbox: Place['bbox'] = b.length === 4 && finite(...b) ? [b[2]!, b[0]!, b[3]!, b[1]!] : null;
    return [{ label: r.display_name ?? `${lat}, ${lng}`, position: { lat, lng }, bbox }];
  });
}

export async function searchPlaces(config: Pick<Config, 'map'>, q: string, acceptLanguage: string | undefined): Promise<Place[]> {
  const { geocoderUrl, geocoderKind } = config.map;
  if (geocoderUrl === null) throw new ApiError(503, { message: GEOCODER_NOT_CONFIGURED });
  const kind = geocoderKind ?? (geocoderUrl.toLowerCase().includes('nominatim') ? 'nominatim' : 'photon');
  const lang = languageOf(acceptLanguage);
  const url =
    kind === 'photon'
      ? `${geocoderUrl}/api?${new URLSearchParams({ q, limit: String(PLACES_MAX), lang }).toString()}`
      : `${geocoderUrl}/search?${new URLSearchParams({ format: 'jsonv2', q, limit: String(PLACES_MAX), 'accept-language': lang }).toString()}`;
  let answer: unknown;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(GEOCODER_TIMEOUT_MS), headers: { accept: 'application/json', 'user-agent': 'Vigie (address search)' } });
    if (!response.ok) throw unavailable(`the geocoder answered ${response.status}`);
    answer = await response.json();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw unavailable((error as Error).name === 'TimeoutError' ? `no answer within ${GEOCODER_TIMEOUT_MS} ms` : 'the geocoder did not answer');
  }
  return (kind === 'photon' ? photonPlaces(answer) : nominatimPlaces(answer)).slice(0, PLACES_MAX);
}
