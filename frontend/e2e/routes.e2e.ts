import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { startStack, type Stack } from './support/stack';
import { appReady } from './support/hydration';

let stack: Stack | undefined;

test.beforeAll(async () => {
  stack = await startStack();
});

test.afterAll(async () => {
  await stack?.stop();
});

async function open(page: Page, route: string) {
  if (!stack) throw new Error('stack not started');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(new URL(route, stack.baseURL).toString());
  await appReady(page);
  return errors;
}

test('the landing page renders and leads to the waitlist', async ({ page }) => {
  const errors = await open(page, '/');
  await expect(page).toHaveTitle('Paylock');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Paylock/);
  await expect(page.getByRole('heading', { level: 1, name: 'Paylock' })).toBeVisible();
  await expect(page.getByText("Paylock it, Don't Chase it")).toBeVisible();

  await page.getByRole('link', { name: 'Join Waitlist' }).click();
  await expect(page).toHaveURL(/\/waitlist$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Join Waitlist' })).toBeVisible();
  expect(errors).toEqual([]);
});

for (const [route, heading] of [
  ['/waitlist', 'Join Waitlist'],
  ['/login', 'Sign in'],
  ['/register', 'Create your account'],
  ['/waitlist/me', 'My place on the list'],
  ['/privacy', 'Your data at Paylock'],
] as const) {
  test(`${route} renders for a signed-out visitor`, async ({ page }) => {
    const errors = await open(page, route);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(route);
    expect(errors).toEqual([]);
  });
}

for (const route of ['/creator/dashboard', '/creator/dashboard/', '/creator/contracts/']) {
  test(`${route} sends a signed-out visitor to /login`, async ({ page }) => {
    await open(page, route);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Please sign in to access this page.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  });
}

test('an unknown path goes to /', async ({ page }) => {
  await open(page, '/nope');
  await expect(page.getByRole('heading', { level: 1, name: 'Paylock' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');
});

test('the landing page follows the light and dark colour schemes', async ({ page }) => {
  const shots = path.join(import.meta.dirname, '../test-results/screenshots');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await open(page, '/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    await expect(page.locator('html')).toHaveClass(scheme);
    await expect(page.getByText('Preview backend running in this workspace.')).toBeVisible();
    await page.screenshot({ path: path.join(shots, `landing-${scheme}.png`), fullPage: true });
  }
});
