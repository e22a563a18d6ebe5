import { expect, test } from '@playwright/test';
import { startStack, type Stack } from './support/stack';

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
  const banner = page.getByRole('status').filter({ hasText: 'Preview backend' });
  await expect(banner).toHaveText('Preview backend running in this workspace.');

  await stack.stopBackend();
  await expect(banner).toHaveText('Preview backend disconnected.', { timeout: 6_000 });

  await stack.startBackend();
  await expect(banner).toHaveText('Preview backend running in this workspace.', {
    timeout: 6_000,
  });
});
