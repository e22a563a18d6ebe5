import { createContext, type ReactNode, use } from 'react';

/**
 * The top bar's bell, provided by the app (features/notifications) to the dashboards' top bar
 * (features/dashboard), which may not import another feature. None: no bell.
 */
export const TopBarBellContext = createContext<ReactNode>(null);

export function useTopBarBell(): ReactNode {
  return use(TopBarBellContext);
}

/**
 * The notifications pages (features/notifications), provided by the app to the brand workspace
 * (features/dashboard), which may not import another feature. None: no such pages.
 */
export const NotificationPagesContext = createContext<ReactNode>(null);

export function useNotificationPages(): ReactNode {
  return use(NotificationPagesContext);
}
