/**
 * The senders of the Sites writes (one per kind, writes.ts), registered with the outbox: each
 * turns a queued item into its request, with the item's idempotency key, and lets the outbox
 * classify failures (a 409 record.version_conflict of an update goes to its field-by-field
 * merge, which re-sends with the new baseVersion). Registering twice is harmless.
 */
import type { SiteCreate, SiteTypeCreate, StageCreate, StageOrder } from '../../../common/modules/sites/schemas';
import { registerSender, type OutboxItem } from '../../lib/outbox';
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

export const SITE_SENDERS: Record<SiteWriteKind, (item: OutboxItem) => Promise<unknown>> = {
  'sites.create': (item) => createSiteRequest(item.payload as SiteCreate, item.idempotencyKey),
  'sites.update': (item) =>
    updateSiteRequest(item.recordId, { baseVersion: version(item), changes: (item.payload as SiteUpdatePayload).changes }, item.idempotencyKey),
  'sites.delete': (item) => deleteSiteRequest(item.recordId, { baseVersion: version(item) }, item.idempotencyKey),
  'sites.restore': (item) => restoreSiteRequest(item.recordId, { baseVersion: version(item) }, item.idempotencyKey),
  'sites.type.create': (item) => createSiteTypeRequest(item.payload as SiteTypeCreate, item.idempotencyKey),
  'sites.type.update': (item) =>
    updateSiteTypeRequest(item.recordId, { baseVersion: version(item), changes: (item.payload as SiteTypeUpdatePayload).changes }, item.idempotencyKey),
  'sites.type.delete': (item) => deleteSiteTypeRequest(item.recordId, { baseVersion: version(item) }, item.idempotencyKey),
  'sites.stage.create': (item) => createStageRequest(item.recordId, item.payload as StageCreate, item.idempotencyKey),
  'sites.stage.update': (item) => {
    const { stageId, changes } = item.payload as StageUpdatePayload;
    return updateStageRequest(item.recordId, stageId, changes, item.idempotencyKey);
  },
  'sites.stage.delete': (item) => deleteStageRequest(item.recordId, (item.payload as StageDeletePayload).stageId, item.idempotencyKey),
  'sites.stage.order': (item) => orderStagesRequest(item.recordId, item.payload as StageOrder, item.idempotencyKey),
};

let registered = false;

export function registerSiteSenders(): void {
  if (registered) return;
  registered = true;
  for (const [kind, send] of Object.entries(SITE_SENDERS)) registerSender(kind, (item) => send(item));
}
