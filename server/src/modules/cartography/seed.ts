/**
 * The cartography's demo data for one district (seed/demo.ts calls it inside the district's
 * transaction, after the sites and declarations), in French: four point categories
 * (Extincteur, Point de rassemblement, Vanne de coupure, Défibrillateur), two layers
 * ("Équipements de sécurité", points; "Zones", areas), four to eight points around each demo
 * site with a position, a perimeter around the first sites, and an ATEX zone in each workshop
 * (group "Zones ATEX"). The demo declarations carry positions near their sites
 * (declarations/seed.ts): they are the map's incidents.
 */
import { randomUUID } from 'node:crypto';
import { mapPowers } from '../../../../common/modules/cartography/access.js';
import type { AreaFields, PoiFields, PoiIcon } from '../../../../common/modules/cartography/schemas.js';
import { seedHistory } from '../_platform/records.js';
import type { DistrictSeed } from '../index.js';
import { CARTOGRAPHY_MODULES, CartographyRepository } from './repository.js';

const CATEGORIES: { key: string; name: string; icon: PoiIcon; colour: string }[] = [
  { key: 'extinguisher', name: 'Extincteur', icon: 'extinguisher', colour: '#d32f2f' },
  { key: 'assembly', name: 'Point de rassemblement', icon: 'assembly', colour: '#2e7d32' },
  { key: 'valve', name: 'Vanne de coupure', icon: 'valve', colour: '#f9a825' },
  { key: 'defibrillator', name: 'Défibrillateur', icon: 'defibrillator', colour: '#00897b' },
];

/** Each site's points, in order: a site gets the first 4 to 8 (metres east and north of the site). */
const POINTS: { category: string; name: string; east: number; north: number }[] = [
  { category: 'extinguisher', name: 'Extincteur entrée', east: 12, north: 8 },
  { category: 'assembly', name: 'Point de rassemblement', east: -60, north: 45 },
  { category: 'extinguisher', name: 'Extincteur étage', east: -15, north: -10 },
  { category: 'defibrillator', name: 'Défibrillateur accueil', east: 6, north: -4 },
  { category: 'valve', name: 'Vanne de coupure gaz', east: 35, north: -28 },
  { category: 'extinguisher', name: 'Extincteur local technique', east: 28, north: 20 },
  { category: 'valve', name: 'Vanne de coupure eau', east: -32, north: -24 },
  { category: 'assembly', name: 'Point de rassemblement secondaire', east: 70, north: -50 },
];

const METRES_PER_DEGREE = 111_320;
const moved = (lat: number, lng: number, east: number, north: number) => ({
  lat: Math.round((lat + north / METRES_PER_DEGREE) * 1e6) / 1e6,
  lng: Math.round((lng + east / (METRES_PER_DEGREE * Math.cos((lat * Math.PI) / 180))) * 1e6) / 1e6,
});

/** A rectangle of `width` × `height` metres centred `east`/`north` of a position, as a closed ring. */
function rectangle(lat: number, lng: number, width: number, height: number, east = 0, north = 0): AreaFields['geometry'] {
  const corner = (x: number, y: number) => {
    const p = moved(lat, lng, east + x, north + y);
    return [p.lng, p.lat] as [number, number];
  };
  const w = width / 2;
  const h = height / 2;
  return { type: 'Polygon', coordinates: [[corner(-w, -h), corner(w, -h), corner(w, h), corner(-w, h), corner(-w, -h)]] };
}

export async function seedCartography({ tx, districtId, actorId }: DistrictSeed): Promise<void> {
  const history = seedHistory(tx, districtId, actorId);
  const monthAgo = new Date(Date.now() - 30 * 86_400_000);
  const insert = async (table: string, module: string, values: Record<string, unknown>) => {
    const id = randomUUID();
    const columns = Object.keys(values);
    await tx.query(
      `insert into ${table} (id, district_id, ${columns.join(', ')}, created_at, created_by, updated_at, updated_by)
       values ($1, $2, ${columns.map((_, i) => `$${i + 3}`).join(', ')}, $${columns.length + 3}, $${columns.length + 4}, $${columns.length + 3}, $${columns.length + 4})`,
      [id, districtId, ...Object.values(values), monthAgo, actorId],
    );
    await history(module, id, 1, 'create', Object.entries(values).map(([field, after]) => ({ field, before: null, after })), monthAgo);
    return id;
  };

  const categories = new Map<string, string>();
  for (const c of CATEGORIES) categories.set(c.key, await insert('poi_categories', CARTOGRAPHY_MODULES.categories, { name: c.name, icon: c.icon, colour: c.colour }));
  const areasLayer = await insert('map_layers', CARTOGRAPHY_MODULES.layers, { name: 'Zones', kind: 'areas', colour: '#1e88e5', position: 0, visible_by_default: true });
  const pointsLayer = await insert('map_layers', CARTOGRAPHY_MODULES.layers, { name: 'Équipements de sécurité', kind: 'points', colour: '#d32f2f', position: 1, visible_by_default: true });
  const perimeters = await insert('map_area_groups', CARTOGRAPHY_MODULES.groups, { name: 'Périmètres de site', description: 'Les limites des sites', colour: '#43a047' });
  const atex = await insert('map_area_groups', CARTOGRAPHY_MODULES.groups, { name: 'Zones ATEX', description: 'Atmosphères explosives : permis de feu obligatoire', colour: '#f57c00' });

  const { rows: sites } = await tx.query<{ id: string; name: string; gps_lat: number; gps_lng: number; type_name: string | null }>(
    `select s.id, s.name, s.gps_lat, s.gps_lng, t.name as type_name from sites s left join site_types t on t.id = s.site_type_id
      where s.district_id = $1 and s.deleted_at is null and s.gps_lat is not null and s.gps_lng is not null order by s.name`,
    [districtId],
  );
  const points: (PoiFields & { id: string })[] = [];
  const areas: (AreaFields & { id: string })[] = [];
  for (const [index, site] of sites.entries()) {
    for (const p of POINTS.slice(0, 4 + (index % 5))) {
      points.push({
        id: randomUUID(),
        name: `${p.name} – ${site.name}`,
        description: '',
        categoryId: categories.get(p.category)!,
        layerId: pointsLayer,
        position: moved(site.gps_lat, site.gps_lng, p.east, p.north),
        siteId: site.id,
      });
    }
    if (index < 4) {
      areas.push({ id: randomUUID(), name: `Périmètre – ${site.name}`, description: 'Limite du site', layerId: areasLayer, groupId: perimeters, colour: null, geometry: rectangle(site.gps_lat, site.gps_lng, 180, 140) });
    }
    if (site.type_name === 'Atelier') {
      areas.push({
        id: randomUUID(),
        name: `Zone ATEX – ${site.name}`,
        description: 'Stockage de solvants : zone 2',
        layerId: areasLayer,
        groupId: atex,
        colour: null,
        geometry: rectangle(site.gps_lat, site.gps_lng, 40, 25, 30, -25),
      });
    }
  }
  // The bulk writes of an import (no session here: the scope's control database is never read by them).
  const repository = new CartographyRepository({ db: tx, control: tx, districtId, actor: { id: actorId } }, mapPowers([]));
  await repository.insertPoints(points);
  await repository.insertAreas(areas);
}
