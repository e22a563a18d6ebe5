/**
 * jsdom has neither layout nor matchMedia: a stand-in that answers the colour-scheme query and
 * width queries from values the tests set: by default a light-scheme phone, 390 px wide, so a test
 * opts into wide layouts.
 */
const DEFAULT_WIDTH = 390;
let prefersDark = false;
let viewportWidth = DEFAULT_WIDTH;
const listeners = new Set<() => void>();

function matches(query: string): boolean {
  if (query.includes('prefers-color-scheme: dark')) return prefersDark;
  const min = /\(min-width:\s*(\d+)px\)/.exec(query);
  if (min) return viewportWidth >= Number(min[1]);
  const max = /\(max-width:\s*(\d+)px\)/.exec(query);
  if (max) return viewportWidth <= Number(max[1]);
  return false;
}

export function installMatchMedia(): void {
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

function notifyListeners(): void {
  listeners.forEach((listener) => {
    listener();
  });
}

export function setPrefersDark(value: boolean): void {
  prefersDark = value;
  notifyListeners();
}

/** Resizes the window: every media query listener hears about it. Wrap in act() once rendered. */
export function setViewportWidth(width: number): void {
  viewportWidth = width;
  notifyListeners();
}

/** Back to the default light-scheme phone, as before every test. */
export function resetMatchMedia(): void {
  prefersDark = false;
  viewportWidth = DEFAULT_WIDTH;
}
