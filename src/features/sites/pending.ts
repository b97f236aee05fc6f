/**
 * The Sites writes still in the outbox, laid over what the server last said, so a site
 * written offline shows at once (MODULES.md "Writes, offline first"): a created site exists,
 * an edited one shows its new values, a deleted one is marked, each with a "waiting" mark.
 */
import type { Site, SiteCreate, SiteSummary } from '../../../common/modules/sites/schemas';
import type { OutboxItem } from '../../lib/outbox';
import type { SiteUpdatePayload } from './writes';

export function applyPending<T extends SiteSummary | Site>(record: T, items: readonly OutboxItem[]): T {
  let next = record;
  for (const item of items) {
    if (item.recordId !== record.id) continue;
    if (item.kind === 'sites.update') next = { ...next, ...(item.payload as SiteUpdatePayload).changes };
    else if (item.kind === 'sites.delete') next = { ...next, deletedAt: next.deletedAt ?? item.createdAt };
    else if (item.kind === 'sites.restore') next = { ...next, deletedAt: null };
  }
  return next;
}

/** A site created on this device and not yet on the server, as its sheet shows it. */
export function pendingCreatedSite(id: string, items: readonly OutboxItem[]): Site | undefined {
  const created = items.find((item) => item.kind === 'sites.create' && item.recordId === id);
  if (created === undefined) return undefined;
  const body = created.payload as SiteCreate;
  const nobody = { id: '00000000-0000-4000-8000-000000000000', name: '' };
  const site: Site = {
    id,
    districtId: '',
    version: 1,
    createdAt: created.createdAt,
    createdBy: nobody,
    updatedAt: created.createdAt,
    updatedBy: nobody,
    deletedAt: null,
    name: body.name,
    description: body.description ?? '',
    address: body.address ?? '',
    gps: body.gps ?? null,
    ownerName: body.ownerName ?? '',
    siteTypeId: body.siteTypeId ?? null,
    siteTypeName: null,
    stages: [],
    attachments: [],
  };
  return applyPending(site, items);
}

export const isWaiting = (id: string, items: readonly OutboxItem[]) => items.some((item) => item.recordId === id);
export const hasConflict = (id: string, items: readonly OutboxItem[]) => items.some((item) => item.recordId === id && item.state === 'conflict');
