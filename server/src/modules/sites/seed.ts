/**
 * The Sites module's demo data for one district (seed/demo.ts calls it inside the district's
 * transaction): the five site types, about ten sites with real addresses and positions of the
 * district's area, their 360 stages (small generated panoramas) and 3D stages, written by the
 * demo administrator at dates spread over the last twelve months, each with its history (the
 * creation, and for most of them a later edit).
 */
import { randomUUID } from 'node:crypto';
import { DEMO_SITE_TYPES, DEMO_SITES, DEMO_STAGES } from '../../seed/demo-data.js';
import { stageImage } from '../../seed/images.js';
import type { DistrictSeed } from '../index.js';
import { SITE_TYPES_HISTORY, SITES_MODULE } from './repository.js';

const DAY_MS = 86_400_000;
let imageSeed = 0;

export async function seedSites({ tx, districtId, districtName, actorId }: DistrictSeed): Promise<void> {
  const now = Date.now();
  const typeIds = new Map<string, string>();
  const yearAgo = new Date(now - 365 * DAY_MS);
  for (const name of DEMO_SITE_TYPES) {
    const id = randomUUID();
    typeIds.set(name, id);
    await tx.query(
      `insert into site_types (id, district_id, name, created_at, created_by, updated_at, updated_by) values ($1, $2, $3, $4, $5, $4, $5)`,
      [id, districtId, name, yearAgo, actorId],
    );
    await tx.query(
      `insert into record_history (module, record_id, district_id, version, action, changes, actor_id, at) values ($1, $2, $3, 1, 'create', $4, $5, $6)`,
      [SITE_TYPES_HISTORY, id, districtId, JSON.stringify([{ field: 'name', before: null, after: name }]), actorId, yearAgo],
    );
  }

  for (const [index, site] of (DEMO_SITES[districtName] ?? []).entries()) {
    const siteId = randomUUID();
    // Created between 360 and 30 days ago; most edited once since.
    const createdAt = new Date(now - (360 - index * 33) * DAY_MS);
    const edited = index % 3 !== 2;
    const updatedAt = edited ? new Date(createdAt.getTime() + (10 + index * 3) * DAY_MS) : createdAt;
    const initialDescription = site.description.split(',')[0]!;
    const created = [
      { field: 'name', before: null, after: site.name },
      { field: 'description', before: null, after: edited ? initialDescription : site.description },
      { field: 'address', before: null, after: site.address },
      { field: 'gps', before: null, after: { lat: site.gps[0], lng: site.gps[1] } },
      { field: 'ownerName', before: null, after: site.owner },
      { field: 'siteTypeId', before: null, after: typeIds.get(site.type) },
    ];
    await tx.query(
      `insert into sites (id, district_id, name, description, full_address, gps_lat, gps_lng, owner_name, site_type_id,
                          version, created_at, created_by, updated_at, updated_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $12)`,
      [siteId, districtId, site.name, site.description, site.address, site.gps[0], site.gps[1], site.owner, typeIds.get(site.type), edited ? 2 : 1, createdAt, actorId, updatedAt],
    );
    await tx.query(
      `insert into record_history (module, record_id, district_id, version, action, changes, actor_id, at) values ($1, $2, $3, 1, 'create', $4, $5, $6)`,
      [SITES_MODULE, siteId, districtId, JSON.stringify(created), actorId, createdAt],
    );
    if (edited && initialDescription !== site.description) {
      await tx.query(
        `insert into record_history (module, record_id, district_id, version, action, changes, actor_id, at) values ($1, $2, $3, 2, 'update', $4, $5, $6)`,
        [SITES_MODULE, siteId, districtId, JSON.stringify([{ field: 'description', before: initialDescription, after: site.description }]), actorId, updatedAt],
      );
    } else if (edited) {
      await tx.query(
        `insert into record_history (module, record_id, district_id, version, action, changes, actor_id, at) values ($1, $2, $3, 2, 'update', $4, $5, $6)`,
        [SITES_MODULE, siteId, districtId, JSON.stringify([{ field: 'stages.threeSixty', before: [], after: DEMO_STAGES.threeSixty }]), actorId, updatedAt],
      );
    }
    for (const [position, stage] of DEMO_STAGES.threeSixty.entries()) {
      await tx.query(
        `insert into site_stages (id, site_id, kind, name, position, image, image_type) values ($1, $2, 'threeSixty', $3, $4, $5, 'image/png')`,
        [randomUUID(), siteId, stage, position, stageImage(imageSeed++)],
      );
    }
    for (const [position, stage] of DEMO_STAGES.threeD.entries()) {
      await tx.query(`insert into site_stages (id, site_id, kind, name, position) values ($1, $2, 'threeD', $3, $4)`, [randomUUID(), siteId, stage, position]);
    }
  }
}
