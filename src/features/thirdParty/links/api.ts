/**
 * The share links in the app: the reads (the district's links, one link with its access log,
 * the create form's choices), and the writes through the outbox (create, extend, revoke: made
 * offline, shown at once as waiting, delivered once with their Idempotency-Key). A created
 * link's address holds its token, which the server answers once: the sender keeps it on this
 * device (linkUrls) so the sheet shows it, to copy, share or show as a QR code.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ItemChoices, Link, LinkCreate, LinkCreated, LinkDetail, LinkListQuery } from '../../../../common/modules/thirdParty/links';
import { apiGet } from '../../../lib/api-client';
import { enqueueWrite, registerSender, sendWrite } from '../../../lib/outbox';
import { siteChoicesQueryOptions as siteChoicesQuery } from '../../../lib/site-choices';

export const LINKS_MODULE = 'thirdPartyLinks';
export const CREATE_WRITE = 'thirdPartyLinks.create';
export const EXTEND_WRITE = 'thirdPartyLinks.extend';
export const REVOKE_WRITE = 'thirdPartyLinks.revoke';
export const LINKS_BASE = '/third-party';
export const linkHref = (id: string): string => `${LINKS_BASE}/${id}`;

export const linksQueryOptions = (query: LinkListQuery = {}) =>
  queryOptions({
    queryKey: [LINKS_MODULE, 'list', query.state ?? '', query.siteId ?? ''],
    queryFn: ({ signal }) =>
      apiGet<Link[]>('third-party/links', { searchParams: { ...(query.state ? { state: query.state } : {}), ...(query.siteId ? { siteId: query.siteId } : {}) }, signal }),
    staleTime: 30_000,
    // Kept on the device (vigie-cache): the list opens offline and after an offline restart.
    meta: { offline: true },
  });

export const linkQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [LINKS_MODULE, 'detail', id],
    queryFn: ({ signal }) => apiGet<LinkDetail>(`third-party/links/${encodeURIComponent(id)}`, { signal }),
    staleTime: 15_000,
    meta: { offline: true },
    retry: (count, error) => count < 2 && (error as { status?: number }).status === 0,
  });

export const choicesQueryOptions = (siteId: string, items: string) =>
  queryOptions({
    queryKey: [LINKS_MODULE, 'choices', siteId, items],
    queryFn: ({ signal }) => apiGet<ItemChoices>('third-party/links/items', { searchParams: { siteId, ...(items ? { items } : {}) }, signal }),
    staleTime: 60_000,
  });

/** The site picker's choices (GET /api/third-party/links/sites, third-party.read). */
export const siteChoicesQueryOptions = (search = '') =>
  siteChoicesQuery({ queryKey: [LINKS_MODULE, 'sites', search.trim()], keptKey: [LINKS_MODULE, 'sites', ''], path: 'third-party/links/sites', search, staleTime: 5 * 60_000 });

// ---- the addresses of the links made on this device ----

const URLS_KEY = 'vigie.thirdParty.linkUrls';
type UrlMap = Record<string, string>;
const readUrls = (): UrlMap => {
  try {
    return JSON.parse(localStorage.getItem(URLS_KEY) ?? '{}') as UrlMap;
  } catch {
    return {};
  }
};
const listeners = new Set<() => void>();
export function rememberLinkUrl(id: string, url: string): void {
  const urls = readUrls();
  urls[id] = url;
  localStorage.setItem(URLS_KEY, JSON.stringify(urls));
  for (const listener of listeners) listener();
}
export const linkUrl = (id: string): string | null => readUrls()[id] ?? null;
export function onLinkUrls(listener: () => void): () => void {
  listeners.add(listener);
  const storage = (event: StorageEvent) => {
    if (event.key === URLS_KEY) listener();
  };
  window.addEventListener('storage', storage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', storage);
  };
}

// ---- writes ----

export interface CreateSummary extends Record<string, unknown> {
  recipientName: string;
  recipientEmail: string;
  siteName: string;
  expiresAt: string;
  items: number;
}

export function createLink(body: LinkCreate, summary: CreateSummary) {
  return enqueueWrite({ kind: CREATE_WRITE, module: LINKS_MODULE, recordId: body.id, baseVersion: null, payload: body, summary });
}
export function extendLink(id: string, expiresAt: string) {
  return enqueueWrite({ kind: EXTEND_WRITE, module: LINKS_MODULE, recordId: id, baseVersion: null, payload: { expiresAt }, summary: { expiresAt } });
}
export function revokeLink(id: string) {
  return enqueueWrite({ kind: REVOKE_WRITE, module: LINKS_MODULE, recordId: id, baseVersion: null, payload: {}, summary: null });
}

let registered = false;
export function registerLinkSenders(): void {
  if (registered) return;
  registered = true;
  registerSender(
    CREATE_WRITE,
    async (_item, ctx) => {
      const created = await sendWrite<LinkCreated>('post', 'third-party/links', ctx.payload, ctx.idempotencyKey);
      rememberLinkUrl(created.id, created.url);
      return { result: { id: created.id } };
    },
    { onConflict: 'fail' },
  );
  registerSender(EXTEND_WRITE, async (item, ctx) => ({ result: await sendWrite('post', `third-party/links/${encodeURIComponent(item.recordId)}/extend`, ctx.payload, ctx.idempotencyKey) }), { onConflict: 'fail' });
  registerSender(REVOKE_WRITE, async (item, ctx) => ({ result: await sendWrite('post', `third-party/links/${encodeURIComponent(item.recordId)}/revoke`, undefined, ctx.idempotencyKey) }), { onConflict: 'fail' });
}
