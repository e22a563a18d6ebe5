/** Notifications (#39): the top bar's bell, the notifications page and the preferences. */
export { NotificationBell } from './components/notification-bell';
export { NotificationRoutes, NotificationsPage } from './components/notifications-page';
export { NotificationPreferencesPage } from './components/notification-preferences';
export { brandNotificationPaths, notificationPaths } from './paths';
