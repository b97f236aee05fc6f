import { createLazyRoute } from '@tanstack/react-router';
import { DistrictManagementPage } from '../../features/admin/components/DistrictManagementPage';

export const Route = createLazyRoute('/_authenticated/admin/districtManagement')({ component: () => <DistrictManagementPage variant="full" /> });
