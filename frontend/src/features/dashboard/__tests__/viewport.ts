import { act } from '@testing-library/react';

/**
 * jsdom has no layout, so its matchMedia answers width queries from a viewport width the tests set
 * (and says "no" to everything else, such as a dark colour scheme).
 */
let width = 1280;
const listeners = new Set<() => void>();
let original: typeof window.matchMedia | undefined;

function matches(query: string): boolean {
  const min = /\(min-width:\s*(\d+)px\)/.exec(query);
  if (min) return width >= Number(min[1]);
  const max = /\(max-width:\s*(\d+)px\)/.exec(query);
  if (max) return width <= Number(max[1]);
  return false;
}

export function installViewport(initialWidth: number): void {
  width = initialWidth;
  original ??= window.matchMedia.bind(window);
  window.matchMedia = (query: string) =>
    ({
      media: query,
      get matches() {
        return matches(query);
      },
      onchange: null,
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      addListener: (listener: () => void) => listeners.add(listener),
      removeListener: (listener: () => void) => listeners.delete(listener),
      dispatchEvent: () => true,
    }) as unknown as MediaQueryList;
}

export function restoreViewport(): void {
  if (original) window.matchMedia = original;
  original = undefined;
  listeners.clear();
}

/** Resizes the window: every media query listener hears about it. */
export function resizeTo(newWidth: number): void {
  width = newWidth;
  act(() => {
    listeners.forEach((listener) => {
      listener();
    });
  });
}
