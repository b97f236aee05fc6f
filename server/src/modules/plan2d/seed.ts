/**
 * The 2D plans' demo data for one district: the ground-floor plan of its two oldest sites (a
 * floor plan drawn as SVG and made a PNG with sharp: 1,600 × 1,000 px, about 30 KiB), the first
 * with a first floor too; on each, pins of the site's equipment, points of interest,
 * declarations, actions, 360 stages and contacts (as their modules list them), an evacuation
 * route, a risk area and the assembly point, and a scale of 40 m across the building.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { PIN_KINDS, type PlanPoint } from '../../../../common/modules/plan2d/schemas.js';
import type { DistrictSeed } from '../_platform/module.js';
import { siteRecordSource } from '../_platform/site-records.js';
import { storePlanImage } from './images.js';

const WIDTH = 1600;
const HEIGHT = 1000;
const escapeXml = (text: string) => text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);

/** A floor plan: outer walls, rooms with their names, doors, stairs. */
function floorPlanSvg(title: string, rooms: readonly string[]): string {
  const cells = rooms
    .map((room, n) => {
      const col = n % 3;
      const row = Math.floor(n / 3);
      const x = 100 + col * 466;
      const y = 100 + row * 400;
      return `<rect x="${x}" y="${y}" width="466" height="${row === 0 ? 400 : 400}" fill="#fbfaf6" stroke="#333" stroke-width="6"/>
        <rect x="${x + 200}" y="${y + (row === 0 ? 394 : -6)}" width="70" height="12" fill="#fbfaf6"/>
        <text x="${x + 233}" y="${y + 200}" font-family="sans-serif" font-size="30" fill="#555" text-anchor="middle">${escapeXml(room)}</text>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <rect width="100%" height="100%" fill="#ffffff"/>
    <rect x="100" y="100" width="1400" height="800" fill="none" stroke="#222" stroke-width="14"/>
    ${cells}
    <rect x="1420" y="480" width="80" height="40" fill="#ffffff"/>
    <g stroke="#888" stroke-width="3">${Array.from({ length: 8 }, (_, i) => `<line x1="${120 + i * 14}" y1="${860}" x2="${120 + i * 14}" y2="${800}"/>`).join('')}</g>
    <text x="${WIDTH / 2}" y="60" font-family="sans-serif" font-size="36" fill="#222" text-anchor="middle">${escapeXml(title)}</text>
  </svg>`;
}

const LEVELS = [
  { level: 'RDC', name: 'Rez-de-chaussée', rooms: ['Accueil', 'Bureaux', 'Salle de réunion', 'Atelier', 'Stockage', 'Local technique'] },
  { level: 'R+1', name: 'Premier étage', rooms: ['Open space', 'Direction', 'Archives', 'Salle de pause', 'Sanitaires', 'Local serveurs'] },
] as const;

/** Positions spread over the rooms, the same for every district. */
const spot = (n: number): PlanPoint => ({ x: Math.round((0.12 + ((n * 0.173) % 0.76)) * 1000) / 1000, y: Math.round((0.16 + ((n * 0.291) % 0.68)) * 1000) / 1000 });

export async function seedPlan2d({ tx, clientDb, districtId, actorId, actorName, storage }: DistrictSeed): Promise<void> {
  const { rows: sites } = await tx.query<{ id: string; name: string }>('select id, name from sites where district_id = $1 and deleted_at is null order by created_at, id limit 2', [districtId]);
  for (const [siteIndex, site] of sites.entries()) {
    for (const [levelIndex, floor] of LEVELS.entries()) {
      if (siteIndex > 0 && levelIndex > 0) break;
      const planId = randomUUID();
      const imageId = randomUUID();
      const bytes = await sharp(Buffer.from(floorPlanSvg(`${site.name} — ${floor.name}`, floor.rooms))).png({ palette: true }).toBuffer();
      await storePlanImage(tx, storage, { id: imageId, bytes, name: `plan-${floor.level}.png`, type: 'image/png', width: WIDTH, height: HEIGHT }, { clientDb, districtId, planId, actorId, actorName });
      const calibration = { a: { x: 0.0625, y: 0.9 }, b: { x: 0.9375, y: 0.9 }, meters: 40 };
      await tx.query(
        `insert into plan2d_plans (id, district_id, site_id, level, name, revision, image_id, width, height, calibration, created_by, updated_by)
         values ($1, $2, $3, $4, $5, 1, $6, $7, $8, $9::jsonb, $10, $10)`,
        [planId, districtId, site.id, floor.level, floor.name, imageId, WIDTH, HEIGHT, JSON.stringify(calibration), actorId],
      );
      await tx.query(`insert into plan2d_revisions (plan_id, revision, image_id, source_id, page, width, height, created_by, created_by_name) values ($1, 1, $2, $2, null, $3, $4, $5, $6)`, [
        planId,
        imageId,
        WIDTH,
        HEIGHT,
        actorId,
        actorName,
      ]);
      if (levelIndex > 0) continue;
      let n = 0;
      for (const kind of PIN_KINDS) {
        const source = siteRecordSource(kind);
        if (!source) continue;
        for (const record of await source.ofSite(tx, districtId, site.id, 3)) {
          const at = spot(n++);
          await tx.query(`insert into plan2d_pins (id, district_id, plan_id, kind, record_id, x, y, created_by, updated_by) values ($1, $2, $3, $4, $5, $6, $7, $8, $8)`, [
            randomUUID(),
            districtId,
            planId,
            kind,
            record.id,
            at.x,
            at.y,
            actorId,
          ]);
        }
      }
      const zones = [
        { type: 'route', name: 'Évacuation vers la sortie est', colour: '#2e7d32', points: [{ x: 0.2, y: 0.5 }, { x: 0.6, y: 0.5 }, { x: 0.94, y: 0.5 }] },
        { type: 'risk', name: 'Zone de stockage de produits inflammables', colour: '#c62828', points: [{ x: 0.36, y: 0.52 }, { x: 0.62, y: 0.52 }, { x: 0.62, y: 0.88 }, { x: 0.36, y: 0.88 }] },
        { type: 'assembly', name: 'Point de rassemblement — parking', colour: '#1565c0', points: [{ x: 0.97, y: 0.6 }] },
      ];
      for (const zone of zones) {
        await tx.query(`insert into plan2d_zones (id, district_id, plan_id, type, name, colour, points, created_by, updated_by) values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $8)`, [
          randomUUID(),
          districtId,
          planId,
          zone.type,
          zone.name,
          zone.colour,
          JSON.stringify(zone.points),
          actorId,
        ]);
      }
    }
  }
}
