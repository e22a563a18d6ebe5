import { expect, test } from '@playwright/test';
import { startStack, type Stack } from './support/stack';
import { appReady } from './support/hydration';

let stack: Stack | undefined;

test.beforeAll(async () => {
  stack = await startStack();
});

test.afterAll(async () => {
  await stack?.stop();
});

test('the preview banner follows the backend through the same-origin proxy', async ({ page }) => {
  if (!stack) throw new Error('stack not started');
  await page.goto(stack.baseURL);
  await appReady(page);
  const banner = page.getByRole('status').filter({ hasText: 'Preview backend' });
  await expect(banner).toHaveText('Preview backend running in this workspace.');

  await stack.stopBackend();
  await expect(banner).toHaveText('Preview backend disconnected.', { timeout: 6_000 });

  await stack.startBackend();
  await expect(banner).toHaveText('Preview backend running in this workspace.', {
    timeout: 6_000,
  });
});

test('at phone width, the end of every page scrolls clear of the banner', async ({ page }) => {
  if (!stack) throw new Error('stack not started');
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/', '/waitlist', '/login', '/register']) {
    await page.goto(stack.baseURL + path);
    await appReady(page);
    const banner = page.getByRole('status').filter({ hasText: 'Preview backend' });
    await expect(banner).toHaveText('Preview backend running in this workspace.');
    // Everything before the room reserved for the banner ends above it, once scrolled to the
    // end; scrolled again on each look, since a part loading late (a loaded machine) grows the page.
    let bannerTop = 0;
    await expect(async () => {
      await page.evaluate(() => {
        window.scrollTo(0, document.documentElement.scrollHeight);
      });
      bannerTop = (await banner.locator('p').boundingBox())?.y ?? 0;
      const contentEnd = (await page.getByTestId('preview-banner-room').boundingBox())?.y;
      expect(contentEnd, path).toBeLessThanOrEqual(bannerTop);
    }).toPass({ timeout: 10_000 });

    if (path === '/waitlist') {
      const join = await page.getByRole('button', { name: 'Join Waitlist' }).boundingBox();
      expect(join, 'the Join Waitlist button').not.toBeNull();
      expect((join?.y ?? 0) + (join?.height ?? 0)).toBeLessThanOrEqual(bannerTop);
    }
  }
});
