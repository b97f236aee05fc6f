/** The third-party links' form, given to this module's routes (ModuleLinks.shareItems): "share for reading" an area's documents. */
import type { ModuleLinks } from '../../lib/app-module';

let shareItems: ModuleLinks['shareItems'] | null = null;

export const setShareLinks = (links: Pick<ModuleLinks, 'shareItems'>): void => {
  shareItems = links.shareItems;
};

/** The form's address sharing area `id` (on site `siteId`) with its counterpart, or null where no module offers it. */
export const shareAreaHref = (siteId: string, id: string, email: string): string | null => (shareItems === null ? null : shareItems(siteId, [{ kind: 'dsaArea', id }], email || undefined));
