import { type ComponentType, createContext, use } from 'react';

/**
 * The top bar's bell, provided by the app (features/notifications) to the dashboards' top bar
 * (features/dashboard), which may not import another feature. None: no bell.
 */
export const TopBarBellContext = createContext<ComponentType | null>(null);

export function useTopBarBell(): ComponentType | null {
  return use(TopBarBellContext);
}
