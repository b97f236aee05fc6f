/**
 * /viewerThirdParty/$token (B) inside the app (an in-app navigation; a browser's navigation to
 * the path gets the public pages' light entry, public.html: common/public-pages.ts). A
 * third-party share link's token (65 characters: it names its client database) opens the link
 * viewer; an emergency share's token (43) the emergency page, in its own chunk. Both are plain
 * markup without Ionic.
 */
import { createLazyRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { LINK_TOKEN, LinkViewer } from '../../features/viewer-third-party/components/LinkViewer';

export const Route = createLazyRoute('/viewerThirdParty/$token')({ component: ViewerRoute });

const EmergencyViewer = lazy(() => import('../../features/viewer-third-party/components/ViewerThirdPartyPage').then((m) => ({ default: m.ViewerThirdPartyPage })));

function ViewerRoute() {
  const { token } = Route.useParams();
  if (LINK_TOKEN.test(token)) return <LinkViewer token={token} />;
  return (
    <Suspense fallback={null}>
      <EmergencyViewer token={token} />
    </Suspense>
  );
}
