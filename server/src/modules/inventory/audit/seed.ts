/**
 * The audits' demo data for one district. The items are the catalog part's demo data; a
 * district the catalog seeded no item in (the audit part built and tested alone) gets a few
 * items in two rooms of its first site, so that the scanner, the labels and an audit have
 * something to show: an extinguisher model with its EAN, tags EXT-<n>, DAE-<n>.
 */
import { randomUUID } from 'node:crypto';
import type { DistrictSeed } from '../../_platform/module.js';

const ITEMS: readonly { name: string; room: string; tag: string; serial: string; article: 0 | 1 }[] = [
  { name: 'Extincteur eau 6 L – hall', room: 'Hall', tag: 'EXT-101', serial: 'SIC-24-0101', article: 0 },
  { name: 'Extincteur eau 6 L – accueil', room: 'Hall', tag: 'EXT-102', serial: 'SIC-24-0102', article: 0 },
  { name: 'Défibrillateur – hall', room: 'Hall', tag: 'DAE-11', serial: 'ZOLL-AED-4471', article: 1 },
  { name: 'Extincteur eau 6 L – salle de réunion', room: 'Salle de réunion', tag: 'EXT-103', serial: 'SIC-24-0103', article: 0 },
  { name: 'Extincteur eau 6 L – atelier', room: 'Atelier', tag: 'EXT-104', serial: 'SIC-24-0104', article: 0 },
];

export async function seedAudits({ tx, districtId, actorId }: DistrictSeed): Promise<void> {
  const held = await tx.query('select 1 from inventory_equipment where district_id = $1 limit 1', [districtId]);
  if (held.rows.length > 0) return;
  const site = await tx.query<{ id: string }>('select id from sites where district_id = $1 and deleted_at is null order by name, id limit 1', [districtId]);
  if (!site.rows[0]) return;
  const articles = [randomUUID(), randomUUID()];
  await tx.query(
    `insert into inventory_articles (id, district_id, name, maker, model, barcode, created_by) values
       ($1, $3, 'Extincteur eau pulvérisée 6 L', 'Sicli', 'Hydro 6', '3760091720016', $4),
       ($2, $3, 'Défibrillateur automatisé externe', 'Zoll', 'AED Plus', '', $4)`,
    [articles[0], articles[1], districtId, actorId],
  );
  for (const item of ITEMS) {
    await tx.query(
      `insert into inventory_equipment (id, district_id, article_id, name, tag, serial, site_id, building, room, created_by) values ($1, $2, $3, $4, $5, $6, $7, 'Bâtiment A', $8, $9)`,
      [randomUUID(), districtId, articles[item.article], item.name, item.tag, item.serial, site.rows[0].id, item.room, actorId],
    );
  }
}
