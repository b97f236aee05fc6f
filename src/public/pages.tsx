/**
 * The public pages by path (common/public-pages.ts), the one place the public entry names the
 * modules' folders: the translation namespaces each page needs and its element, loaded before
 * the first render so that render is the page itself. A share link's viewer, the page most
 * opened (an outsider on a phone), is in the entry; its data is requested as the entry runs,
 * before React and the words arrive. The others are chunks of their own.
 */
import type { ReactElement } from 'react';
import { LINK_TOKEN, LinkViewer, requestLinkView } from '../features/viewer-third-party/components/LinkViewer';

export interface PublicPage {
  /** The i18next namespaces the page's words are in. */
  namespaces: string[];
  /** The page, its code loaded (and its first request sent). */
  load: () => Promise<ReactElement>;
}

const TOKEN_PAGE = /^\/(viewerThirdParty|dsaDrop)\/([^/]+)\/?$/;

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The page at a path; null when the path is none of them (public.html opened by its own name). */
export function publicPage(path: string): PublicPage | null {
  if (/^\/terms\/?$/.test(path)) {
    return { namespaces: ['tc'], load: () => import('../features/tc/components/PublicTerms').then(({ PublicTerms }) => <PublicTerms />) };
  }
  const [, kind, segment] = TOKEN_PAGE.exec(path) ?? [];
  if (kind === undefined || segment === undefined) return null;
  const token = decoded(segment);
  if (kind === 'dsaDrop') {
    return { namespaces: ['dsa'], load: () => import('../features/dsa/components/DropPage').then(({ DropPage }) => <DropPage token={token} />) };
  }
  if (LINK_TOKEN.test(token)) {
    const first = requestLinkView(token);
    return { namespaces: ['third-party'], load: () => Promise.resolve(<LinkViewer token={token} first={first} />) };
  }
  // An emergency share's page: its words are the app's (common), as its error messages.
  return {
    namespaces: ['common'],
    load: () =>
      import('../features/viewer-third-party/components/ViewerThirdPartyPage').then(({ ViewerThirdPartyPage, requestEmergencyShare }) => (
        <ViewerThirdPartyPage token={token} first={requestEmergencyShare(token)} />
      )),
  };
}
