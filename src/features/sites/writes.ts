/**
 * Every Sites write, queued in the outbox (never sent from a screen): the item names its kind,
 * the site it concerns (recordId: the site, also for its stages, so the sheet finds its
 * pending writes), the version the user started from, and a payload its sender turns into
 * the request. An update carries only the changed fields and, as `base`, the values the user
 * started from, so a conflict can be merged field by field.
 */
import type { Site, SiteCreate, SiteFields, SiteType, StageCreate, StageKind, StageOrder } from '../../../common/modules/sites/schemas';
import { enqueueWrite, type AttachmentInput as OutboxAttachment } from '../../lib/outbox';
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

export interface SiteUpdatePayload {
  changes: Partial<SiteFields>;
  base: Partial<SiteFields>;
}
export interface SiteTypeUpdatePayload {
  changes: { name: string };
  base: { name: string };
}
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

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields of `next` that differ from `site`, each with the value the user started from. */
export function siteChanges(site: SiteFields, next: SiteFields): SiteUpdatePayload {
  const changes: Record<string, unknown> = {};
  const base: Record<string, unknown> = {};
  // The form's fields (not the contract's SITE_FIELDS: importing the contract would bring
  // TypeBox into every screen that writes, and the two hold the same keys by type).
  for (const field of Object.keys(next) as (keyof SiteFields)[]) {
    if (!same(site[field], next[field])) {
      changes[field] = next[field];
      base[field] = site[field];
    }
  }
  return { changes, base };
}

/** `base`: the values the user started from (the outbox's merge base); `attachments`: sent after the write. */
const queue = (kind: SiteWriteKind, recordId: string, baseVersion: number | null, payload: unknown, extra: { base?: unknown; attachments?: OutboxAttachment[] } = {}) =>
  enqueueWrite({ kind, module: SITES_MODULE, recordId, baseVersion, payload, ...extra });

export async function queueCreateSite(fields: SiteFields): Promise<string> {
  const id = crypto.randomUUID();
  const payload: SiteCreate = { id, ...fields };
  await queue('sites.create', id, null, payload);
  return id;
}

/** Queues the changed fields only; nothing when nothing changed. */
export async function queueUpdateSite(site: Site, next: SiteFields): Promise<boolean> {
  const payload = siteChanges(site, next);
  if (Object.keys(payload.changes).length === 0) return false;
  await queue('sites.update', site.id, site.version, payload.changes, { base: payload.base });
  return true;
}

export const queueDeleteSite = (site: Pick<Site, 'id' | 'version'>) => queue('sites.delete', site.id, site.version, null);
export const queueRestoreSite = (site: Pick<Site, 'id' | 'version'>) => queue('sites.restore', site.id, site.version, null);

export async function queueCreateSiteType(name: string): Promise<string> {
  const id = crypto.randomUUID();
  await queue('sites.type.create', id, null, { id, name: name.trim() });
  return id;
}
export const queueRenameSiteType = (type: SiteType, name: string) =>
  queue('sites.type.update', type.id, type.version, { name: name.trim() }, { base: { name: type.name } });
export const queueDeleteSiteType = (type: SiteType) => queue('sites.type.delete', type.id, type.version, null);

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
