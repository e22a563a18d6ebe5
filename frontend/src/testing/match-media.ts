/** jsdom has no matchMedia: a stand-in whose prefers-color-scheme the tests can flip. */
let prefersDark = false;
const listeners = new Set<() => void>();

const matches = (query: string) => query.includes('prefers-color-scheme: dark') && prefersDark;

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

export function setPrefersDark(value: boolean): void {
  prefersDark = value;
  listeners.forEach((listener) => {
    listener();
  });
}
