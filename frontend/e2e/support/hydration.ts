import type { Page } from '@playwright/test';

/**
 * Resolves once the app handles the page: at once for a page the browser renders from the SPA
 * shell, and once React has taken over a prerendered page (`/`, `/waitlist`). A prerendered page
 * requests its scripts only after its first paint, so its `load` event comes before the app runs
 * (scripts/prerender.ts). React marks the container it hydrates (`__reactContainer$…`) as
 * `hydrateRoot` is called; from then on it handles every event, hydrating first where needed.
 */
export async function appReady(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    if (!root?.hasAttribute('data-prerendered')) return true;
    return Object.keys(root).some((key) => key.startsWith('__reactContainer$'));
  });
}
