// With its extension: vite.config.ts imports this file, and Vite's config loader wants one.
import { THEME_STORAGE_KEY } from './theme-context.ts';

/**
 * Inlined into <head> (by vite.config.ts) so the stored or system theme is on <html> before the
 * first paint: prerendered pages would otherwise flash the light theme until the app hydrates.
 * Same rules as ThemeProvider: 'light' or 'dark' if stored, else the operating system's choice.
 */
export const themeBootScript = `(function () {
  var theme = null;
  try { theme = localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)}); } catch (error) {}
  if (theme !== 'light' && theme !== 'dark') {
    theme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  document.documentElement.classList.add(theme);
  document.documentElement.dataset.theme = theme;
})();`;
