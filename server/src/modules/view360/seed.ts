/**
 * The 360 module's demo data: on the first Lyon demo site (by name), a tour of three stages (the
 * site's two demo stages and a third, "Local électrique", whose panorama is drawn here with
 * sharp), arrows both ways between neighbours, the start at the entrance, and markers pointing
 * to the site's equipment, a declaration and an action, and a note.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { DistrictSeed } from '../_platform/module.js';

const DEMO_DISTRICT = 'Lyon';

/** An equirectangular panorama of a room (2,048 × 1,024 JPEG): a floor, walls with doors, a ceiling. */
export async function drawPanorama(width: number, hue: number): Promise<Buffer> {
  const height = width / 2;
  const doors = [0.12, 0.37, 0.62, 0.87]
    .map((x, i) => `<rect x="${x * width}" y="${height * 0.42}" width="${width * 0.05}" height="${height * 0.22}" fill="hsl(${(hue + i * 40) % 360},45%,38%)"/>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="w" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},20%,88%)"/><stop offset="1" stop-color="hsl(${hue},18%,70%)"/></linearGradient></defs>
    <rect width="${width}" height="${height * 0.3}" fill="hsl(${hue},10%,95%)"/>
    <rect y="${height * 0.3}" width="${width}" height="${height * 0.35}" fill="url(#w)"/>
    <rect y="${height * 0.65}" width="${width}" height="${height * 0.35}" fill="hsl(${(hue + 30) % 360},25%,45%)"/>
    ${doors}
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 70 }).toBuffer();
}

export async function seedView360({ tx, districtId, districtName, actorId }: DistrictSeed): Promise<void> {
  if (districtName !== DEMO_DISTRICT) return;
  const { rows: sites } = await tx.query<{ id: string }>('select id from sites where district_id = $1 and deleted_at is null order by name, id limit 1', [districtId]);
  const siteId = sites[0]?.id;
  if (!siteId) return;
  const { rows: existing } = await tx.query<{ id: string; name: string }>(`select id, name from site_stages where site_id = $1 and kind = 'threeSixty' order by position, name`, [siteId]);
  const third = randomUUID();
  await tx.query(`insert into site_stages (id, site_id, kind, name, position, image, image_type) values ($1, $2, 'threeSixty', 'Local électrique', $3, $4, 'image/jpeg')`, [
    third,
    siteId,
    existing.length,
    await drawPanorama(2048, 210),
  ]);
  const stages = [...existing.map((s) => s.id), third];
  await tx.query('insert into view360_tours (site_id, district_id, start_stage_id, updated_by) values ($1, $2, $3, $4)', [siteId, districtId, stages[0], actorId]);
  // Arrows both ways between neighbours: ahead (yaw 0) to the next, behind (yaw π) to the previous.
  for (let i = 0; i + 1 < stages.length; i += 1) {
    for (const [from, to, yaw] of [
      [stages[i]!, stages[i + 1]!, 0],
      [stages[i + 1]!, stages[i]!, Math.PI],
    ] as const) {
      await tx.query('insert into view360_links (id, district_id, site_id, from_stage_id, to_stage_id, yaw, pitch, created_by) values ($1, $2, $3, $4, $5, $6, -0.25, $7)', [
        randomUUID(),
        districtId,
        siteId,
        from,
        to,
        yaw,
        actorId,
      ]);
    }
  }
  const first = async (sql: string) => (await tx.query<{ id: string }>(sql, [districtId, siteId])).rows[0]?.id ?? null;
  const markers: [string, string, string | null, string, number, number][] = [];
  const equipment = await first('select id from inventory_equipment where district_id = $1 and site_id = $2 and deleted_at is null order by name limit 1');
  if (equipment) markers.push([stages[0]!, 'equipment', equipment, '', 1.2, -0.1]);
  const declaration = await first('select id from declarations where district_id = $1 and site_id = $2 and deleted_at is null order by occurred_at desc limit 1');
  if (declaration) markers.push([stages[1] ?? stages[0]!, 'declaration', declaration, '', 2.4, -0.3]);
  const action = await first('select id from actions where district_id = $1 and site_id = $2 and deleted_at is null order by created_at limit 1');
  if (action) markers.push([stages[1] ?? stages[0]!, 'action', action, '', 4.0, 0]);
  markers.push([third, 'note', null, 'Tableau électrique général : armoire fermée à clé', 0.8, 0.05]);
  for (const [stageId, kind, recordId, label, yaw, pitch] of markers) {
    await tx.query(
      `insert into view360_markers (id, district_id, site_id, stage_id, yaw, pitch, kind, record_id, label, created_by, updated_by) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
      [randomUUID(), districtId, siteId, stageId, yaw, pitch, kind, recordId, label, actorId],
    );
  }
}
