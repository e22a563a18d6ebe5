// With its extension: vite.config.ts imports this file, and Vite's config loader wants one.
import { THEME_STORAGE_KEY } from './theme-context.ts';

/**
 * Inlined into <head> (by vite.config.ts) so the stored or system theme is on <html> before the
 * first paint: prerendered pages would otherwise flash the light theme until the app hydrates.
 * Same rules as ThemeProvider: 'light' or 'dark' if stored, else the operating system's choice.
 * Written compact: it counts in the landing page's JavaScript budget.
 */
export const themeBootScript =
  `((e,t)=>{try{t=localStorage[${JSON.stringify(THEME_STORAGE_KEY)}]}catch{}` +
  `t=="light"||t=="dark"||(t=matchMedia("(prefers-color-scheme:dark)").matches?"dark":"light");` +
  `e.classList.add(e.dataset.theme=t)})(document.documentElement)`;
