/**
 * Every Sites write, queued in the outbox (never sent from a screen): the item names its kind,
 * the site it concerns (recordId: the site, also for its stages, so the sheet finds its
 * pending writes), the version the user started from, and a payload its sender turns into
 * the request. An update carries only the changed fields and, as `base`, the values the user
 * started from, so a conflict can be merged field by field.
 */
import type { Site, SiteFields, SiteSummary, SiteType, StageCreate, StageKind, StageOrder } from '../../../common/modules/sites/schemas';
import { enqueueWrite, type AttachmentInput as OutboxAttachment } from '../../lib/outbox';
import { defineRecordKind } from '../../lib/record-kind';
import type { StageChanges } from './api/update-stage';

export const SITES_MODULE = 'sites';

export const SITE_WRITE_KINDS = [
  'sites.create',
  'sites.update',
  'sites.delete',
  'sites.restore',
  'sites.type.create',
  'sites.type.update',
  'sites.type.delete',
  'sites.stage.create',
  'sites.stage.update',
  'sites.stage.delete',
  'sites.stage.order',
  'sites.photo.add',
] as const;
export type SiteWriteKind = (typeof SITE_WRITE_KINDS)[number];

/**
 * Sites and site types on the platform's record core (lib/record-kind.ts): create with the
 * device's id, the changed fields only, delete and restore, each sent by the core's senders
 * under the outbox names Sites writes have always had.
 */
export const siteRecords = defineRecordKind<SiteFields, Site, SiteSummary>({
  module: SITES_MODULE,
  kind: 'sites',
  path: 'sites',
  // The form's fields (not the contract's SITE_FIELDS: importing the contract would bring
  // TypeBox into every screen that writes).
  fields: ['name', 'description', 'address', 'gps', 'ownerName', 'siteTypeId'],
  writeNames: { create: 'sites.create', update: 'sites.update', delete: 'sites.delete', restore: 'sites.restore' },
});
export const siteTypeRecords = defineRecordKind<{ name: string }, SiteType, SiteType>({
  module: SITES_MODULE,
  kind: 'type',
  path: 'sites/types',
  fields: ['name'],
  writeNames: { create: 'sites.type.create', update: 'sites.type.update', delete: 'sites.type.delete' },
});
export interface StageUpdatePayload {
  stageId: string;
  changes: StageChanges;
}
export interface StageDeletePayload {
  stageId: string;
}
/** A photo added to a site: the upload is the write (the server links it to the site by id). */
export interface PhotoAddPayload {
  attachmentId: string;
  name: string;
}

/** `attachments`: uploaded before the write is sent. */
const queue = (kind: SiteWriteKind, recordId: string, baseVersion: number | null, payload: unknown, extra: { attachments?: OutboxAttachment[] } = {}) =>
  enqueueWrite({ kind, module: SITES_MODULE, recordId, baseVersion, payload, ...extra });

export const queueCreateSite = (fields: SiteFields): Promise<string> => siteRecords.queueCreate(fields);
/** Queues the changed fields only; nothing (false) when nothing changed. */
export const queueUpdateSite = (site: Site, next: SiteFields): Promise<boolean> => siteRecords.queueUpdate(site, next);
export const queueDeleteSite = (site: Pick<Site, 'id' | 'version'>) => siteRecords.queueDelete(site);
export const queueRestoreSite = (site: Pick<Site, 'id' | 'version'>) => siteRecords.queueRestore(site);

export const queueCreateSiteType = (name: string): Promise<string> => siteTypeRecords.queueCreate({ name: name.trim() });
export const queueRenameSiteType = (type: SiteType, name: string) => siteTypeRecords.queueUpdate(type, { name: name.trim() });
export const queueDeleteSiteType = (type: SiteType) => siteTypeRecords.queueDelete(type);

export interface StageImage {
  blob: Blob;
  name: string;
  type: string;
  takenAt?: string | null;
  gps?: { lat: number; lng: number } | null;
}

/** A new stage, its image (if any) uploaded by the outbox first (resumable), then linked by id. */
export async function queueCreateStage(site: Pick<Site, 'id' | 'version'>, kind: StageKind, name: string, image: StageImage | null): Promise<string> {
  const id = crypto.randomUUID();
  const attachmentId = image === null ? null : crypto.randomUUID();
  const payload: StageCreate = { id, kind, name: name.trim(), attachmentId };
  const attachments = image === null || attachmentId === null ? undefined : [{ attachmentId, ...image }];
  await queue('sites.stage.create', site.id, site.version, payload, attachments === undefined ? {} : { attachments });
  return id;
}

export async function queueReplaceStageImage(site: Pick<Site, 'id' | 'version'>, stageId: string, image: StageImage): Promise<void> {
  const attachmentId = crypto.randomUUID();
  const payload: StageUpdatePayload = { stageId, changes: { attachmentId } };
  await queue('sites.stage.update', site.id, site.version, payload, { attachments: [{ attachmentId, ...image }] });
}

export const queueRenameStage = (site: Pick<Site, 'id' | 'version'>, stageId: string, name: string) =>
  queue('sites.stage.update', site.id, site.version, { stageId, changes: { name: name.trim() } } satisfies StageUpdatePayload);
export const queueDeleteStage = (site: Pick<Site, 'id' | 'version'>, stageId: string) =>
  queue('sites.stage.delete', site.id, site.version, { stageId } satisfies StageDeletePayload);
export const queueOrderStages = (site: Pick<Site, 'id' | 'version'>, order: StageOrder) => queue('sites.stage.order', site.id, site.version, order);

/**
 * Photos added to a site's files, one outbox item each (a photo that the server refuses does
 * not hold back the others): the item has no record write, only its attachment, uploaded with
 * tus and resumed from the server's offset after a cut. Returns the attachment ids.
 */
export async function queueAddSitePhotos(site: Pick<Site, 'id' | 'version'>, photos: readonly StageImage[]): Promise<string[]> {
  const ids: string[] = [];
  for (const photo of photos) {
    const attachmentId = crypto.randomUUID();
    const payload: PhotoAddPayload = { attachmentId, name: photo.name };
    await queue('sites.photo.add', site.id, site.version, payload, { attachments: [{ attachmentId, ...photo }] });
    ids.push(attachmentId);
  }
  return ids;
}
