import { expect, test, type Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/accessibility';
import { startStack, type Stack } from './support/stack';
import { appReady } from './support/hydration';

let stack: Stack | undefined;

test.beforeAll(async () => {
  stack = await startStack();
});

test.afterAll(async () => {
  await stack?.stop();
});

function url(route: string): string {
  if (!stack) throw new Error('stack not started');
  return new URL(route, stack.baseURL).toString();
}

/**
 * Makes the built chunk of a lazily loaded page fail to load (as on a dropped connection) until
 * `restore` is called; `attempts` counts the browser's requests for it.
 */
async function breakChunk(page: Page, chunk: string) {
  const pattern = `**/assets/${chunk}-*.js`;
  const state = { failing: true, attempts: 0 };
  await page.route(pattern, async (route) => {
    state.attempts += 1;
    if (state.failing) await route.abort('internetdisconnected');
    else await route.continue();
  });
  return {
    get attempts() {
      return state.attempts;
    },
    restore: () => {
      state.failing = false;
    },
  };
}

function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const errorHeading = (page: Page) =>
  page.getByRole('heading', { level: 1, name: 'Something went wrong' });

test("a page whose code fails to load shows the error screen; 'Try again' loads it", async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const chunk = await breakChunk(page, 'login-page');
  await page.goto(url('/login'));

  await expect(errorHeading(page)).toBeVisible();
  await expect(page.getByRole('alert')).toContainText(
    /Failed to fetch dynamically imported module: \S+\/assets\/login-page-[\w-]+\.js/,
  );
  await expect(page.getByRole('heading', { name: 'Sign in' })).toHaveCount(0);
  await expectNoAccessibilityViolations(page);
  expect(chunk.attempts).toBe(1);

  chunk.restore();
  await page.getByRole('button', { name: 'Try again' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  await expect(errorHeading(page)).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe('/login');
  expect(chunk.attempts).toBe(2);
  expect(errors).toEqual([]);
});

test("after a failed navigation, 'Try again' shows the page and the rest of the app still works", async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto(url('/'));
  await appReady(page);
  // The live count is fetched by the hydrated app only: links now navigate inside the app.
  await expect(page.getByText(/early-access slots left/)).toBeVisible();
  const chunk = await breakChunk(page, 'waitlist-page');

  await page.getByRole('banner').getByRole('link', { name: 'Join Waitlist' }).click();
  await expect(page).toHaveURL(/\/waitlist$/);
  await expect(errorHeading(page)).toBeVisible();
  // Only the page is replaced: the preview banner of the surrounding layout stays.
  await expect(page.getByText('Preview backend running in this workspace.')).toBeVisible();

  chunk.restore();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Join Waitlist' })).toBeVisible();
  await expect(page.getByLabel('Full Name')).toBeEditable();
  await expect(errorHeading(page)).toHaveCount(0);

  // The app goes on: in-app navigation back to the landing page still works.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Paylock' })).toBeVisible();
  expect(errors).toEqual([]);
});
