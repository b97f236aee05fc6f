/**
 * Notifications (prefix notifications, district module notifications): the bell, the list and
 * marking read. It has screens of its own (`screens: true`): its route
 * subtree comes from src/features/notifications/routes.tsx. Reading and marking one's own
 * notifications read is a field user's own work (notifications.access); nothing is managed
 * here (the test notification sent by an administrator is the admin feature's).
 */
import { defineModule } from './manifest';

export const notifications = defineModule({
  id: 'notifications',
  folder: 'notifications',
  prefix: 'notifications',
  districtModule: 'notifications',
  features: { notifications: { read: ['notifications.access'], manage: [] } },
  opens: ['notifications'],
  labelKey: 'modules.notifications',
  icon: 'notifications',
  namespace: 'common',
  // Its one view (notificationsView) is a route of its own subtree, not a landing-page view.
  views: [],
  menu: [{ id: 'notifications', position: 17, targets: [{ to: '/notifications/notificationsView' }] }],
  elements: [
    { element: 'notificationList', features: ['notifications'] },
    { element: 'workflowNotifications', features: [] },
  ],
  screens: true,
});
