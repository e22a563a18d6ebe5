import { useCallback, useSyncExternalStore } from 'react';

/** Whether the page is scrolled further down than `offset` pixels, updated as it scrolls. */
export function useScrolledPast(offset: number): boolean {
  const subscribe = useCallback((onChange: () => void) => {
    window.addEventListener('scroll', onChange, { passive: true });
    return () => {
      window.removeEventListener('scroll', onChange);
    };
  }, []);
  return useSyncExternalStore(
    subscribe,
    () => window.scrollY > offset,
    () => false,
  );
}
