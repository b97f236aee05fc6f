/**
 * Sites and stages of a district as the emergency dialog, the file service and the shares
 * read them: the Sites module's read side (modules/sites/repository.ts, where every query of
 * the sites tables lives), in the shapes the app reads (common/api-types.ts). Deleted sites
 * are not there; a site id of another district (or another client, whose sites are not in
 * this database at all) finds nothing.
 */
import type { AttachmentStorage } from '../../../attachments/storage.js';
import type { Queryable } from '../../../db/types.js';
import type { Emergency360Stage, EmergencySite } from '../../../../../common/api-types.js';
import { SiteReader, type StoredImage } from '../../../modules/sites/repository.js';

export { stageImagePath } from '../../../modules/sites/repository.js';
export type { StoredImage };

/** The shapes the app reads (common/api-types.ts): named here for the server's own code. */
export type SiteInfo = EmergencySite;
export type StageWithImage = Emergency360Stage;

export function districtSites(db: Queryable, districtId: string): Promise<SiteInfo[]> {
  return new SiteReader(db, districtId).emergencySites();
}

/** The district's sites among `ids` (any order; missing ones are simply absent). */
export function districtSitesById(db: Queryable, districtId: string, ids: string[]): Promise<SiteInfo[]> {
  return new SiteReader(db, districtId).emergencySitesById(ids);
}

export async function districtSite(db: Queryable, districtId: string, siteId: string): Promise<SiteInfo | null> {
  return (await districtSitesById(db, districtId, [siteId]))[0] ?? null;
}

export async function threeSixtyStages(db: Queryable, districtId: string, siteId: string): Promise<StageWithImage[]> {
  const stages = await new SiteReader(db, districtId).stagesOf(siteId, 'threeSixty');
  return stages.map((s) => ({ name: s.name, imageUrl: s.imageUrl }));
}

export async function threeDStages(db: Queryable, districtId: string, siteId: string): Promise<{ name: string }[]> {
  const stages = await new SiteReader(db, districtId).stagesOf(siteId, 'threeD');
  return stages.map((s) => ({ name: s.name }));
}

/** The stored 360 images of a site of the district among `names` (stages without an image are left out). */
export function stageImages(db: Queryable, districtId: string, siteId: string, names: string[]): Promise<StoredImage[]> {
  return new SiteReader(db, districtId).stageImages(siteId, names);
}

/** The whole bytes of an attachment's stored file. */
export async function storedBytes(storage: AttachmentStorage, storageKey: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.get(storageKey)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The bytes of a stored image: the legacy bytes as they are, an uploaded panorama read from the storage. */
export const imageBytes = async (storage: AttachmentStorage, image: StoredImage): Promise<Uint8Array> =>
  image.attachment === undefined ? image.image : storedBytes(storage, image.attachment.storageKey);

export const dataUrl = (type: string, bytes: Uint8Array): string =>
  `data:${type};base64,${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')}`;
