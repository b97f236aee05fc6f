import { createLazyRoute } from '@tanstack/react-router';
import { UserManagementPage } from '../../features/admin/components/UserManagementPage';

export const Route = createLazyRoute('/_authenticated/admin/userManagement')({ component: UserManagementPage });
