import { useCallback, useRef, type RefCallback } from 'react';

/**
 * Opens a page at the item its address names (a notice's `?milestone=<id>`): the item's element
 * is scrolled into view (a jump when the visitor prefers reduced motion) and focused, so a screen
 * reader starts there. Each name is reached once, not again on every render. Give the answer's ref
 * to each item by its key; the element takes focus from script only (tabIndex={-1}). Pass null
 * until the content above the item has loaded, so that it does not push the item away.
 */
export function useFocusOnArrival(
  target: string | null,
): (key: string) => RefCallback<HTMLElement> | undefined {
  const reached = useRef<string | null>(null);
  const reach = useCallback(
    (element: HTMLElement | null) => {
      if (element === null || target === null || reached.current === target) return;
      reached.current = target;
      const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      element.scrollIntoView({ behavior: reducedMotion ? 'auto' : 'smooth', block: 'start' });
      element.focus({ preventScroll: true });
    },
    [target],
  );
  return (key) => (key === target ? reach : undefined);
}
