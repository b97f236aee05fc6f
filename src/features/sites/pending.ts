/**
 * The Sites writes still in the outbox, laid over what the server last said, so a site
 * written offline shows at once (MODULES.md "Writes, offline first"): a created site exists,
 * an edited one shows its new values, a deleted one is marked, each with a "waiting" mark.
 * The writes come with their payloads (usePendingChanges): an update's payload is its changes.
 * The list lays them over its rows with the platform's withPendingList, told here which sites
 * match its search and filters.
 */
import type { Site, SiteCreate, SiteFields, SiteSummary, SiteType } from '../../../common/modules/sites/schemas';
import type { PendingWrite, WithPending } from '../../lib/outbox';
import { matchesSearch } from '../../lib/text-fold';
import type { SiteListSearch } from './search';

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

/** The writes of the sites themselves and their stages (a site type's writes name the type, not a site). */
export const siteRecordWrites = (writes: readonly PendingWrite[]) => writes.filter((write) => !write.item.kind.startsWith('sites.type.'));

/**
 * Whether a site belongs in the list as the user filtered it, decided as the server decides
 * it (repository.ts list): the search in its name, address and owner, folded; its type; has
 * it a position. The deleted view is the overlay's (withPendingList).
 */
export function siteMatches(search: SiteListSearch): (site: Pick<SiteSummary, 'name' | 'address' | 'ownerName' | 'siteTypeId' | 'gps'>) => boolean {
  return (site) =>
    matchesSearch(search.search, [site.name, site.address, site.ownerName]) &&
    (search.siteType === undefined || site.siteTypeId === search.siteType) &&
    (search.hasGps === undefined || (site.gps !== null && site.gps !== undefined) === (search.hasGps === 'true'));
}

/**
 * A list row touched by pending writes, made whole: a site created here is its create payload
 * (no thumbnail yet, no server dates), and a type chosen offline shows its name.
 */
export function completeSiteRow(types: readonly Pick<SiteType, 'id' | 'name'>[] | undefined): (row: WithPending<SiteSummary>) => WithPending<SiteSummary> {
  return (row) => {
    const typeName = row.siteTypeId === null || row.siteTypeId === undefined ? null : (types?.find((type) => type.id === row.siteTypeId)?.name ?? row.siteTypeName ?? null);
    return {
      ...row,
      address: row.address ?? '',
      ownerName: row.ownerName ?? '',
      gps: row.gps ?? null,
      siteTypeId: row.siteTypeId ?? null,
      siteTypeName: typeName,
      thumbnailUrl: row.thumbnailUrl ?? null,
      version: row.version ?? 0,
      updatedAt: row.updatedAt ?? '',
      deletedAt: row.deletedAt ?? null,
    };
  };
}
