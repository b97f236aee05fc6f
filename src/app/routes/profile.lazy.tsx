import { createLazyRoute } from '@tanstack/react-router';
import { useDistrict } from '../../features/auth/api/get-district';
import { ProfilePage } from '../../features/profile/components/ProfilePage';
import { getSessionEmail } from '../../lib/storage';

function ProfileRoute() {
  const district = useDistrict();
  return <ProfilePage email={getSessionEmail()} district={district.data} districtFailed={district.isError} />;
}

export const Route = createLazyRoute('/_authenticated/me/meInfos')({ component: ProfileRoute });
