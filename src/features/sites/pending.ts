/**
 * The Sites writes still in the outbox, laid over what the server last said, so a site
 * written offline shows at once (MODULES.md "Writes, offline first"): a created site exists,
 * an edited one shows its new values, a deleted one is marked, each with a "waiting" mark.
 * The writes come with their payloads (usePendingChanges): an update's payload is its changes.
 */
import type { Site, SiteCreate, SiteFields, SiteSummary } from '../../../common/modules/sites/schemas';
import type { PendingWrite } from '../../lib/outbox';

const undelivered = (write: PendingWrite, id: string) => write.item.recordId === id && write.item.state !== 'sent';

export function applyPending<T extends SiteSummary | Site>(record: T, writes: readonly PendingWrite[]): T {
  let next = record;
  for (const write of writes) {
    if (!undelivered(write, record.id)) continue;
    const { kind } = write.item;
    if (kind === 'sites.update' && typeof write.payload === 'object' && write.payload !== null) next = { ...next, ...(write.payload as Partial<SiteFields>) };
    else if (kind === 'sites.delete') next = { ...next, deletedAt: next.deletedAt ?? new Date().toISOString() };
    else if (kind === 'sites.restore') next = { ...next, deletedAt: null };
  }
  return next;
}

/** A site created on this device and not yet on the server, as its sheet shows it. */
export function pendingCreatedSite(id: string, writes: readonly PendingWrite[]): Site | undefined {
  const created = writes.find((write) => write.item.kind === 'sites.create' && undelivered(write, id));
  if (created === undefined) return undefined;
  const body = created.payload as SiteCreate;
  const nobody = { id: '00000000-0000-4000-8000-000000000000', name: '' };
  const now = new Date().toISOString();
  const site: Site = {
    id,
    districtId: '',
    version: 1,
    createdAt: now,
    createdBy: nobody,
    updatedAt: now,
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
  return applyPending(site, writes);
}

export const isWaiting = (id: string, writes: readonly PendingWrite[]) => writes.some((write) => undelivered(write, id));
export const hasConflict = (id: string, writes: readonly PendingWrite[]) => writes.some((write) => undelivered(write, id) && write.item.state === 'conflict');
