/**
 * Sites and stages of a district as the emergency dialog, the file service and the shares
 * read them. Every query names the district: a site id of another district (or another
 * client, whose sites are not in this database at all) finds nothing.
 */
import type { Queryable } from '../../../db/types.js';
import type { Emergency360Stage, EmergencySite } from '../../../../../common/api-types.js';
import { API_PREFIX } from '../../../../../common/constants.js';

/** The shapes the app reads (common/api-types.ts): named here for the server's own code. */
export type SiteInfo = EmergencySite;
export type StageWithImage = Emergency360Stage;

interface SiteRow {
  id: string;
  name: string;
  description: string;
  full_address: string;
  gps_lat: number | null;
  gps_lng: number | null;
  owner_name: string;
}

const SITE_COLUMNS = 'id, name, description, full_address, gps_lat, gps_lng, owner_name';

const toSite = (row: SiteRow): SiteInfo => ({
  _id: row.id,
  name: row.name,
  description: row.description,
  address: { fullAddress: row.full_address },
  gps: row.gps_lat === null || row.gps_lng === null ? null : { lat: row.gps_lat, lng: row.gps_lng },
  owner: { name: row.owner_name },
});

export async function districtSites(db: Queryable, districtId: string): Promise<SiteInfo[]> {
  const { rows } = await db.query<SiteRow>(`select ${SITE_COLUMNS} from sites where district_id = $1 order by lower(name), id`, [districtId]);
  return rows.map(toSite);
}

/** The district's sites among `ids` (any order; missing ones are simply absent). */
export async function districtSitesById(db: Queryable, districtId: string, ids: string[]): Promise<SiteInfo[]> {
  const { rows } = await db.query<SiteRow>(`select ${SITE_COLUMNS} from sites where district_id = $1 and id = any($2::uuid[])`, [districtId, ids]);
  return rows.map(toSite);
}

export async function districtSite(db: Queryable, districtId: string, siteId: string): Promise<SiteInfo | null> {
  return (await districtSitesById(db, districtId, [siteId]))[0] ?? null;
}

/** The file-service path of a stage image: spec section 7's viewer path (district, site, stage name). */
export const stageImagePath = (districtId: string, siteId: string, stageName: string): string =>
  `${API_PREFIX}/files/viewer/${districtId}/${siteId}/${encodeURIComponent(stageName)}`;

export async function threeSixtyStages(db: Queryable, districtId: string, siteId: string): Promise<StageWithImage[]> {
  const { rows } = await db.query<{ name: string; has_image: boolean }>(
    `select name, image is not null as has_image from site_stages
      where site_id = $1 and kind = 'threeSixty' order by position, name`,
    [siteId],
  );
  return rows.map((r) => ({ name: r.name, imageUrl: r.has_image ? stageImagePath(districtId, siteId, r.name) : null }));
}

export async function threeDStages(db: Queryable, siteId: string): Promise<{ name: string }[]> {
  const { rows } = await db.query<{ name: string }>(`select name from site_stages where site_id = $1 and kind = 'threeD' order by position, name`, [siteId]);
  return rows;
}

export interface StoredImage {
  name: string;
  image: Uint8Array;
  type: string;
}

/** The stored 360 images of a site among `names` (stages without an image are left out). */
export async function stageImages(db: Queryable, siteId: string, names: string[]): Promise<StoredImage[]> {
  if (names.length === 0) return [];
  const { rows } = await db.query<StoredImage>(
    `select name, image, coalesce(image_type, 'image/png') as type from site_stages
      where site_id = $1 and kind = 'threeSixty' and name = any($2::text[]) and image is not null`,
    [siteId, names],
  );
  return rows;
}

export const dataUrl = (type: string, bytes: Uint8Array): string =>
  `data:${type};base64,${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')}`;
