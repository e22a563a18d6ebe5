import { useEffect, useState } from 'react';

/**
 * Whether the element scrolls sideways (its content is wider than it), followed as either resizes.
 * A region that scrolls must be reachable by keyboard (WCAG 2.1.1): the table's wrapper then
 * becomes a named, focusable region, so arrow keys scroll it.
 */
export function useScrollsSideways() {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const measure = () => {
      setScrolls(element.scrollWidth > element.clientWidth);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    measure();
    return () => {
      observer.disconnect();
    };
  }, [element]);
  return [setElement, scrolls] as const;
}
