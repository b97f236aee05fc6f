/** The emergency share's public page (viewer-third-party.lazy.tsx), with Ionic: its own chunk. */
import { ViewerThirdPartyPage } from '../../features/viewer-third-party/components/ViewerThirdPartyPage';
import { IonicRoot } from '../ionic/IonicRoot';

export function EmergencyViewer({ token }: { token: string }) {
  return (
    <IonicRoot>
      <ViewerThirdPartyPage token={token} />
    </IonicRoot>
  );
}
