import { createContext, type ReactNode, use } from 'react';

/**
 * The top bar's bell, provided by the app (features/notifications) to the dashboards' top bar
 * (features/dashboard), which may not import another feature. None: no bell.
 */
export const TopBarBellContext = createContext<ReactNode>(null);

export function useTopBarBell(): ReactNode {
  return use(TopBarBellContext);
}
