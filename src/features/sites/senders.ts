/**
 * The senders of the Sites writes (one per kind, writes.ts), registered with the outbox: each
 * turns a queued item into its request, with the item's idempotency key, and lets the outbox
 * classify failures (a 409 record.version_conflict of an update goes to its field-by-field
 * merge, which re-sends with the new baseVersion). Registering twice is harmless.
 */
import type { StageCreate, StageOrder } from '../../../common/modules/sites/schemas';
import { registerSender, type OutboxItem, type SendContext } from '../../lib/outbox';
import { createStageRequest } from './api/create-stage';
import { deleteStageRequest } from './api/delete-stage';
import { orderStagesRequest } from './api/order-stages';
import { updateStageRequest } from './api/update-stage';
import { siteRecords, siteTypeRecords, type SiteWriteKind, type StageDeletePayload, type StageUpdatePayload } from './writes';

type SiteSender = (item: OutboxItem, ctx: SendContext) => Promise<unknown>;

/**
 * The stage and photo writes' requests (the sites' and types' own writes are the record
 * core's); `ctx.payload` is what writes.ts queued.
 */
type StageWriteKind = Exclude<SiteWriteKind, `sites.${'create' | 'update' | 'delete' | 'restore'}` | `sites.type.${string}`>;
export const SITE_SENDERS: Record<StageWriteKind, SiteSender> = {
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

let registered = false;

export function registerSiteSenders(): void {
  if (registered) return;
  registered = true;
  siteRecords.registerSenders();
  siteTypeRecords.registerSenders();
  // Stages carry no version of their own: a conflict on one is not merged.
  for (const [kind, send] of Object.entries(SITE_SENDERS) as [StageWriteKind, SiteSender][]) {
    registerSender(kind, async (item, ctx) => ({ result: await send(item, ctx) }), { onConflict: 'fail' });
  }
}
