/**
 * /viewerThirdParty/$token (B): the public shared page, no shell and no login. A third-party
 * share link's token (65 characters: it names its client database) opens the link viewer, plain
 * markup without Ionic; an emergency share's token (43) the emergency page, in its own chunk.
 */
import { createLazyRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { LINK_TOKEN, LinkViewer } from '../../features/viewer-third-party/components/LinkViewer';

export const Route = createLazyRoute('/viewerThirdParty/$token')({ component: ViewerRoute });

const EmergencyViewer = lazy(() => import('./viewer-emergency').then((m) => ({ default: m.EmergencyViewer })));

function ViewerRoute() {
  const { token } = Route.useParams();
  if (LINK_TOKEN.test(token)) return <LinkViewer token={token} />;
  return (
    <Suspense fallback={null}>
      <EmergencyViewer token={token} />
    </Suspense>
  );
}
