import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';

/** The creator's notifications pages. */
export const notificationPaths = {
  list: '/creator/notifications',
  preferences: '/creator/notifications/preferences',
  home: paths.creatorDashboardOverview,
} as const;

/** The brand workspace's notifications pages (the same pages, below /brand). */
export const brandNotificationPaths = {
  list: `${paths.brand}/notifications`,
  preferences: `${paths.brand}/notifications/preferences`,
  home: `${paths.brand}/deals`,
} as const;

export type NotificationPaths = typeof notificationPaths | typeof brandNotificationPaths;

/** The signed-in person's notifications pages: a brand's in its workspace, a creator's in theirs. */
export function useNotificationPaths(): NotificationPaths {
  const auth = useAuth();
  const isBrand = auth.status === 'authenticated' && auth.user.roles.includes('brand');
  return isBrand ? brandNotificationPaths : notificationPaths;
}
