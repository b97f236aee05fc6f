/**
 * The senders of the Sites writes (one per kind, writes.ts), registered with the outbox: each
 * turns a queued item into its request, with the item's idempotency key, and lets the outbox
 * classify failures (a 409 record.version_conflict of an update goes to its field-by-field
 * merge, which re-sends with the new baseVersion). Registering twice is harmless.
 */
import type { SiteCreate, SiteTypeCreate, StageCreate, StageOrder } from '../../../common/modules/sites/schemas';
import { registerSender, type OutboxItem, type SendContext, type SenderOptions } from '../../lib/outbox';
import { createSiteTypeRequest } from './api/create-site-type';
import { createSiteRequest } from './api/create-site';
import { createStageRequest } from './api/create-stage';
import { deleteSiteTypeRequest } from './api/delete-site-type';
import { deleteSiteRequest } from './api/delete-site';
import { deleteStageRequest } from './api/delete-stage';
import { orderStagesRequest } from './api/order-stages';
import { restoreSiteRequest } from './api/restore-site';
import { updateSiteTypeRequest } from './api/update-site-type';
import { updateSiteRequest } from './api/update-site';
import { updateStageRequest } from './api/update-stage';
import type { SiteTypeUpdatePayload, SiteUpdatePayload, SiteWriteKind, StageDeletePayload, StageUpdatePayload } from './writes';

/** The version the item is based on (the merge may have moved it on). */
const version = (item: OutboxItem): number => item.baseVersion ?? 1;

type SiteSender = (item: OutboxItem, ctx: SendContext) => Promise<unknown>;

/** Each kind's request; `ctx.payload` is what writes.ts queued (after a merge: the merged changes). */
export const SITE_SENDERS: Record<SiteWriteKind, SiteSender> = {
  'sites.create': (item, ctx) => createSiteRequest(ctx.payload as SiteCreate, ctx.idempotencyKey),
  'sites.update': (item, ctx) =>
    updateSiteRequest(item.recordId, { baseVersion: version(item), changes: ctx.payload as SiteUpdatePayload['changes'] }, ctx.idempotencyKey),
  'sites.delete': (item, ctx) => deleteSiteRequest(item.recordId, { baseVersion: version(item) }, ctx.idempotencyKey),
  'sites.restore': (item, ctx) => restoreSiteRequest(item.recordId, { baseVersion: version(item) }, ctx.idempotencyKey),
  'sites.type.create': (_item, ctx) => createSiteTypeRequest(ctx.payload as SiteTypeCreate, ctx.idempotencyKey),
  'sites.type.update': (item, ctx) =>
    updateSiteTypeRequest(item.recordId, { baseVersion: version(item), changes: ctx.payload as SiteTypeUpdatePayload['changes'] }, ctx.idempotencyKey),
  'sites.type.delete': (item, ctx) => deleteSiteTypeRequest(item.recordId, { baseVersion: version(item) }, ctx.idempotencyKey),
  'sites.stage.create': (item, ctx) => createStageRequest(item.recordId, ctx.payload as StageCreate, ctx.idempotencyKey),
  'sites.stage.update': (item, ctx) => {
    const { stageId, changes } = ctx.payload as StageUpdatePayload;
    return updateStageRequest(item.recordId, stageId, changes, ctx.idempotencyKey);
  },
  'sites.stage.delete': (item, ctx) => deleteStageRequest(item.recordId, (ctx.payload as StageDeletePayload).stageId, ctx.idempotencyKey),
  'sites.stage.order': (item, ctx) => orderStagesRequest(item.recordId, ctx.payload as StageOrder, ctx.idempotencyKey),
  // No request: the photo's tus upload, which the drainer runs next, is the whole write (the
  // server links the attachment to the site named in its metadata, and tells the open apps).
  'sites.photo.add': async () => null,
};

/**
 * What a version conflict does to each kind: an update merges field by field (the outbox's
 * merge, with the user's choice when the same field changed); a delete or a restore is sent
 * again on the current version (reversible, and in the history); the others carry no version.
 */
const ON_CONFLICT: Partial<Record<SiteWriteKind, SenderOptions['onConflict']>> = {
  'sites.update': 'merge',
  'sites.type.update': 'merge',
  'sites.delete': 'rebase',
  'sites.restore': 'rebase',
  'sites.type.delete': 'rebase',
};

let registered = false;

export function registerSiteSenders(): void {
  if (registered) return;
  registered = true;
  for (const [kind, send] of Object.entries(SITE_SENDERS) as [SiteWriteKind, SiteSender][]) {
    registerSender(kind, async (item, ctx) => ({ result: await send(item, ctx) }), { onConflict: ON_CONFLICT[kind] ?? 'fail' });
  }
}
