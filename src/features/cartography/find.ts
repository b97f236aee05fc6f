/**
 * The map's search on the device: the district's own sites and points of interest (the
 * features kept offline) matching what the user typed, accent- and case-folded as the server's
 * lists fold (lib/text-fold.ts), every word of the search found in the name or the type. Best
 * first: a name that starts with the search, then a word of the name that does, then a name
 * holding it, then a type holding it; sites before points, shorter names before longer ones.
 */
import type { MapFeature } from '../../../common/modules/cartography/schemas';
import { foldText } from '../../lib/text-fold';

export const LOCAL_RESULTS_MAX = 8;

type Searchable = MapFeature & { properties: { kind: 'site' | 'poi' } };

const rank = (name: string, wanted: string): number => {
  if (name.startsWith(wanted)) return 0;
  if (name.includes(` ${wanted}`) || name.includes(`-${wanted}`) || name.includes(`'${wanted}`)) return 1;
  if (name.includes(wanted)) return 2;
  return 3;
};

export function findFeatures(features: readonly MapFeature[], search: string, limit = LOCAL_RESULTS_MAX): Searchable[] {
  const wanted = foldText(search.trim()).replace(/\s+/g, ' ');
  if (wanted === '') return [];
  const words = wanted.split(' ');
  const found: { feature: Searchable; score: number; name: string }[] = [];
  for (const feature of features) {
    const { kind } = feature.properties;
    if ((kind !== 'site' && kind !== 'poi') || feature.geometry.type !== 'Point') continue;
    const name = foldText(feature.properties.name);
    const all = `${name} ${foldText(feature.properties.typeName)}`;
    if (!words.every((word) => all.includes(word))) continue;
    found.push({ feature: feature as Searchable, score: rank(name, wanted), name });
  }
  found.sort((a, b) => a.score - b.score || (a.feature.properties.kind === 'site' ? 0 : 1) - (b.feature.properties.kind === 'site' ? 0 : 1) || a.name.length - b.name.length || a.name.localeCompare(b.name));
  return found.slice(0, limit).map((entry) => entry.feature);
}
