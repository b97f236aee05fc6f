/**
 * Every 360 write, queued in the outbox (never sent from a screen): the item names the site
 * (recordId, so the tour finds its pending writes) and carries its request's body as payload
 * and as summary (the tour shows a waiting marker or arrow at once, marked as waiting). Sent in
 * the outbox's order: a marker of a declaration reported offline goes after the declaration.
 */
import type { CaptureCreate, LinkCreate, MarkerCreate, MarkerUpdate } from '../../../common/modules/view360/schemas';
import { enqueueWrite, registerSender, sendWrite, type AttachmentInput } from '../../lib/outbox';
import { VIEW360_MODULE } from './api';

export type View360WriteKind =
  | 'view360.marker.create'
  | 'view360.marker.update'
  | 'view360.marker.delete'
  | 'view360.link.create'
  | 'view360.link.delete'
  | 'view360.start'
  | 'view360.capture.create';

interface Payloads {
  'view360.marker.create': MarkerCreate;
  'view360.marker.update': { id: string; changes: MarkerUpdate };
  'view360.marker.delete': { id: string };
  'view360.link.create': LinkCreate;
  'view360.link.delete': { id: string };
  'view360.start': { stageId: string };
  'view360.capture.create': CaptureCreate;
}

const queue = <K extends View360WriteKind>(kind: K, siteId: string, payload: Payloads[K], attachments?: AttachmentInput[]) =>
  enqueueWrite({ kind, module: VIEW360_MODULE, recordId: siteId, baseVersion: null, payload, summary: { ...payload, kind }, ...(attachments ? { attachments } : {}) });

export const queueMarker = (siteId: string, marker: MarkerCreate) => queue('view360.marker.create', siteId, marker);
export const queueMarkerUpdate = (siteId: string, id: string, changes: MarkerUpdate) => queue('view360.marker.update', siteId, { id, changes });
export const queueMarkerDelete = (siteId: string, id: string) => queue('view360.marker.delete', siteId, { id });
export const queueLink = (siteId: string, link: LinkCreate) => queue('view360.link.create', siteId, link);
export const queueLinkDelete = (siteId: string, id: string) => queue('view360.link.delete', siteId, { id });
export const queueStart = (siteId: string, stageId: string) => queue('view360.start', siteId, { stageId });
/** A capture: its image uploaded (tus) before the capture is written. */
export const queueCapture = (siteId: string, capture: CaptureCreate, file: File) =>
  queue('view360.capture.create', siteId, capture, [{ attachmentId: capture.attachmentId, blob: file, name: file.name, type: file.type || 'image/jpeg' }]);

const site = (siteId: string, rest = '') => `360/sites/${encodeURIComponent(siteId)}${rest}`;
const SENDERS: { [K in View360WriteKind]: (siteId: string, payload: Payloads[K], key: string) => Promise<unknown> } = {
  'view360.marker.create': (siteId, p, key) => sendWrite('post', site(siteId, '/markers'), p, key),
  'view360.marker.update': (_siteId, p, key) => sendWrite('patch', `360/markers/${p.id}`, p.changes, key),
  'view360.marker.delete': (_siteId, p, key) => sendWrite('delete', `360/markers/${p.id}`, undefined, key),
  'view360.link.create': (siteId, p, key) => sendWrite('post', site(siteId, '/links'), p, key),
  'view360.link.delete': (_siteId, p, key) => sendWrite('delete', `360/links/${p.id}`, undefined, key),
  'view360.start': (siteId, p, key) => sendWrite('put', site(siteId, '/start'), p, key),
  'view360.capture.create': (siteId, p, key) => sendWrite('post', site(siteId, '/captures'), p, key),
};

let registered = false;

export function registerView360Senders(): void {
  if (registered) return;
  registered = true;
  for (const [kind, send] of Object.entries(SENDERS) as [View360WriteKind, (siteId: string, payload: unknown, key: string) => Promise<unknown>][]) {
    registerSender(kind, async (item, ctx) => ({ result: await send(item.recordId, ctx.payload, ctx.idempotencyKey) }), { onConflict: 'fail' });
  }
}
