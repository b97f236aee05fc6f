/** The share links' addresses that other screens open (ModuleLinks.shareItems), light enough for the family's descriptor. */
import type { ShareItemRef } from '../../../lib/app-module';

/**
 * The form making a share link of a site's `items`, prefilled (`/third-party/new?siteId=&items=kind:id,…&email=`):
 * the file explorer's folders and documents, a prevention plan for its company.
 */
export const shareItemsHref = (siteId: string, items: readonly ShareItemRef[], email?: string): string =>
  `/third-party/new?${new URLSearchParams({ siteId, items: items.map((item) => `${item.kind}:${item.id}`).join(','), ...(email ? { email } : {}) }).toString()}`;
