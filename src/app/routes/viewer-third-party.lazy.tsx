/** /viewerThirdParty/$token (B): the public shared-site page, no shell and no login. */
import { createLazyRoute } from '@tanstack/react-router';
import { ViewerThirdPartyPage } from '../../features/viewer-third-party/components/ViewerThirdPartyPage';
import { IonicRoot } from '../ionic/IonicRoot';

export const Route = createLazyRoute('/viewerThirdParty/$token')({ component: ViewerRoute });

function ViewerRoute() {
  const { token } = Route.useParams();
  return (
    <IonicRoot>
      <ViewerThirdPartyPage token={token} />
    </IonicRoot>
  );
}
