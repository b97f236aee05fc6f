/**
 * "Share with someone outside": a site's folder or document handed to the third-party share
 * links' form (ModuleLinks.shareItems, given to this module's routes), for those who may share
 * (`third-party.read`). The form then sends the link; the explorer never makes one itself.
 */
import { useTranslation } from 'react-i18next';
import type { ModuleLinks } from '../../lib/app-module';
import { useEnvelope } from '../../lib/envelope-store';
import { can } from '../../lib/rights';
import { useLinkNavigation } from '../../hooks/use-link-navigation';

let shareItems: ModuleLinks['shareItems'] | null = null;

/** Called with the app's links when the route table is built (module.ts). */
export const setShareLinks = (links: Pick<ModuleLinks, 'shareItems'>): void => {
  shareItems = links.shareItems;
};

export function ShareButton({ siteId, kind, id }: { siteId: string; kind: 'folder' | 'document'; id: string }) {
  const { t } = useTranslation('file-explorer');
  const rights = useEnvelope((state) => state.rights);
  const follow = useLinkNavigation();
  if (shareItems === null || !can(rights, 'thirdParty', 'read')) return null;
  const href = shareItems(siteId, [{ kind, id }]);
  return (
    <a className="files-share" href={href} onClick={follow(href)}>
      {t(kind === 'folder' ? 'share.folder' : 'share.document')}
    </a>
  );
}
