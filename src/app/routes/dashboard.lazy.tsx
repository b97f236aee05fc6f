import { createLazyRoute } from '@tanstack/react-router';
import { useDistrict } from '../../features/auth/api/get-district';
import { DashboardPage } from '../../features/dashboard/components/DashboardPage';
import { recordLinks } from '../record-links';

function DashboardRoute() {
  const district = useDistrict();
  return <DashboardPage district={district.data} districtFailed={district.isError} links={recordLinks} />;
}

export const Route = createLazyRoute('/_authenticated/dashboard')({ component: DashboardRoute });
