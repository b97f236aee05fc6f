import { createLazyRoute } from '@tanstack/react-router';
import { NotificationsPage } from '../../features/notifications/components/NotificationsPage';

export const Route = createLazyRoute('/_authenticated/notifications/notificationsView')({ component: NotificationsPage });
