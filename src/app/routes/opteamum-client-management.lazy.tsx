import { createLazyRoute } from '@tanstack/react-router';
import { ClientManagementPage } from '../../features/admin/components/ClientManagementPage';

export const Route = createLazyRoute('/_authenticated/opteamum/clientManagement')({ component: ClientManagementPage });
