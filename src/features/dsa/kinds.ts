/**
 * The data-sharing area's record kind on the app's record core (lib/record-kind.ts): the areas
 * (pages of 100), with their documents uploaded through the outbox (tus); and its own outbox
 * writes: a link's creation (its address, holding the token the server answers once, kept on
 * this device), extension and revocation, and a deposit's move into a site's folder. Each is
 * shown at once as waiting and delivered once with its Idempotency-Key.
 */
import type { Area, AreaFields, AreaRow, DsaLink, LinkCreate, LinkCreated } from '../../../common/modules/dsa/schemas';
import { enqueueWrite, registerSender, sendWrite } from '../../lib/outbox';
import { defineRecordKind } from '../../lib/record-kind';
import { siteChoicesQueryOptions as siteChoicesQuery } from '../../lib/site-choices';

export const DSA_MODULE = 'dsa';

export const areas = defineRecordKind<AreaFields, Area, AreaRow>({
  module: DSA_MODULE,
  kind: 'areas',
  path: 'dsa/areas',
  pageSize: 100,
  fields: ['name', 'siteId', 'counterpartName', 'counterpartEmail'],
});

export const WRITES = {
  linkCreate: 'dsa.linkCreate',
  linkExtend: 'dsa.linkExtend',
  linkRevoke: 'dsa.linkRevoke',
  move: 'dsa.move',
} as const;

/** The site picker's choices (GET /api/dsa/sites). */
export const siteChoicesQueryOptions = (search = '') =>
  siteChoicesQuery({ queryKey: [DSA_MODULE, 'sites', search.trim()], keptKey: [DSA_MODULE, 'sites', ''], path: 'dsa/sites', search, staleTime: 5 * 60_000 });

// ---- the addresses of the links made on this device (the token is answered once) ----

const URLS_KEY = 'vigie.dsa.linkUrls';
const listeners = new Set<() => void>();
const readUrls = (): Record<string, string> => {
  try {
    return JSON.parse(localStorage.getItem(URLS_KEY) ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
};
export const dropUrl = (linkId: string): string | null => readUrls()[linkId] ?? null;
export function onDropUrls(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
function rememberDropUrl(linkId: string, url: string): void {
  localStorage.setItem(URLS_KEY, JSON.stringify({ ...readUrls(), [linkId]: url }));
  for (const listener of listeners) listener();
}

// ---- writes ----

export const queueLinkCreate = (areaId: string, body: LinkCreate) =>
  enqueueWrite({ kind: WRITES.linkCreate, module: DSA_MODULE, recordId: areaId, baseVersion: null, payload: body, summary: { linkId: body.id } });
export const queueLinkExtend = (areaId: string, linkId: string, expiresAt: string) =>
  enqueueWrite({ kind: WRITES.linkExtend, module: DSA_MODULE, recordId: areaId, baseVersion: null, payload: { linkId, expiresAt }, summary: { linkId } });
export const queueLinkRevoke = (areaId: string, linkId: string) =>
  enqueueWrite({ kind: WRITES.linkRevoke, module: DSA_MODULE, recordId: areaId, baseVersion: null, payload: { linkId }, summary: { linkId } });
export const queueMove = (areaId: string, depositId: string, folderId: string, label: string) =>
  enqueueWrite({ kind: WRITES.move, module: DSA_MODULE, recordId: areaId, baseVersion: null, payload: { depositId, folderId, documentId: crypto.randomUUID() }, summary: { depositId, label } });

let registered = false;
export function registerDsaSenders(): void {
  areas.registerSenders();
  if (registered) return;
  registered = true;
  const base = (areaId: string) => `dsa/areas/${encodeURIComponent(areaId)}`;
  registerSender(
    WRITES.linkCreate,
    async (item, ctx) => {
      const created = await sendWrite<LinkCreated>('post', `${base(item.recordId)}/links`, ctx.payload, ctx.idempotencyKey);
      rememberDropUrl(created.id, created.url);
      return { result: { id: created.id } };
    },
    { onConflict: 'fail' },
  );
  registerSender(
    WRITES.linkExtend,
    async (item, ctx) => {
      const { linkId, expiresAt } = ctx.payload as { linkId: string; expiresAt: string };
      return { result: await sendWrite<DsaLink>('post', `${base(item.recordId)}/links/${linkId}/extend`, { expiresAt }, ctx.idempotencyKey) };
    },
    { onConflict: 'fail' },
  );
  registerSender(
    WRITES.linkRevoke,
    async (item, ctx) => ({ result: await sendWrite<DsaLink>('post', `${base(item.recordId)}/links/${(ctx.payload as { linkId: string }).linkId}/revoke`, undefined, ctx.idempotencyKey) }),
    { onConflict: 'fail' },
  );
  registerSender(
    WRITES.move,
    async (item, ctx) => {
      const { depositId, folderId, documentId } = ctx.payload as { depositId: string; folderId: string; documentId: string };
      return { result: await sendWrite('post', `${base(item.recordId)}/deposits/${depositId}/move`, { folderId, documentId }, ctx.idempotencyKey) };
    },
    { onConflict: 'fail' },
  );
}
