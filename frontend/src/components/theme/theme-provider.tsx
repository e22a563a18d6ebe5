import { useCallback, useLayoutEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useMediaQuery } from '../../hooks/use-media-query';
import {
  THEMES,
  THEME_STORAGE_KEY,
  ThemeContext,
  type ResolvedTheme,
  type Theme,
} from './theme-context';

const isTheme = (value: unknown): value is Theme => THEMES.some((theme) => theme === value);

// Storage can throw (privacy modes, disabled storage): the theme then just isn't remembered.
function readStoredTheme(): Theme | null {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** The remembered choice as an external store, so prerendered pages hydrate without mismatch. */
const storedTheme = {
  listeners: new Set<() => void>(),
  subscribe: (listener: () => void) => {
    storedTheme.listeners.add(listener);
    return () => {
      storedTheme.listeners.delete(listener);
    };
  },
  write: (theme: Theme) => {
    try {
      localStorage.setItem(THEME_STORAGE_KEY, theme);
    } catch {
      // see readStoredTheme
    }
    storedTheme.listeners.forEach((listener) => {
      listener();
    });
  },
};

const noSubscription = () => () => undefined;

/**
 * Light, dark or the operating system's choice. Hydrating a prerendered page, the first render
 * matches the server's (no stored choice, light) and leaves <html> alone: the inline boot script
 * (theme-boot-script.ts) has already put the right theme there; the next render brings the real one.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const theme =
    useSyncExternalStore(storedTheme.subscribe, readStoredTheme, () => null) ?? 'system';
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)');
  const systemTheme: ResolvedTheme = prefersDark ? 'dark' : 'light';
  const resolvedTheme = theme === 'system' ? systemTheme : theme;

  useLayoutEffect(() => {
    if (!hydrated) return;
    const root = document.documentElement;
    root.classList.remove('light', 'dark');
    root.classList.add(resolvedTheme);
    root.dataset.theme = resolvedTheme;
  }, [resolvedTheme, hydrated]);

  const setTheme = useCallback((next: Theme) => {
    storedTheme.write(next);
  }, []);

  const value = useMemo(
    () => ({ theme, resolvedTheme, systemTheme, setTheme }),
    [theme, resolvedTheme, systemTheme, setTheme],
  );
  return <ThemeContext value={value}>{children}</ThemeContext>;
}
