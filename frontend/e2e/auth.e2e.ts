import { expect, test, type Page } from '@playwright/test';
import { nextGoogleAccount, signOutFromAccountCard, signUp } from './support/sign-in';
import { startStack, type Stack } from './support/stack';

let stack: Stack | undefined;

test.beforeAll(async () => {
  stack = await startStack();
});

test.afterAll(async () => {
  await stack?.stop();
});

function running(): Stack {
  if (!stack) throw new Error('stack not started');
  return stack;
}

async function open(page: Page, route: string) {
  await page.goto(new URL(route, running().baseURL).toString());
}

const dashboardHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Dashboard' });

test('sign up, stay signed in across a reload, sign out, and the dashboard is closed again', async ({
  page,
}) => {
  nextGoogleAccount(running());
  await signUp(page, running());
  await expect(page).toHaveURL(/\/creator\/dashboard\/overview$/);
  await expect(dashboardHeading(page)).toBeVisible();
  await expect(page.getByText('Welcome to Paylock! Your account is ready.')).toBeVisible();

  await page.reload();
  await expect(dashboardHeading(page)).toBeVisible();
  await expect(page).toHaveURL(/\/creator\/dashboard\/overview$/);

  await signOutFromAccountCard(page, 'Asha Rao');
  await expect(page.getByText('Logout Successfull')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByText('Please sign in to access this page.')).toHaveCount(0);

  await open(page, '/creator/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Please sign in to access this page.')).toBeVisible();
});

test('signing up again with the same Google account leads to /login, which says so', async ({
  page,
  context,
}) => {
  const account = nextGoogleAccount(running());
  await signUp(page, running());
  await expect(dashboardHeading(page)).toBeVisible();
  await context.clearCookies();

  running().identityProvider.setNextIdentity(account);
  await signUp(page, running());
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert')).toHaveText(
    'This Google account is already registered. Please sign in.',
  );

  running().identityProvider.setNextIdentity(account);
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(dashboardHeading(page)).toBeVisible();
  await expect(page.getByText('Login successfull')).toBeVisible();
});

test('signing in with an unknown Google account leads to /register, which says so', async ({
  page,
}) => {
  nextGoogleAccount(running());
  await open(page, '/login');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('alert')).toHaveText(
    'No Paylock account exists for this Google account yet. Please sign up first.',
  );
});

test('a sign-in the person refuses at Google leads to /login, which says so', async ({ page }) => {
  running().identityProvider.failNextAuthorization('access_denied');
  await open(page, '/login');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert')).toHaveText(
    'Signing in with Google did not complete. Please try again.',
  );
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
});

test('the guards: signed-out visitors go to /login, signed-in users to the dashboard', async ({
  page,
}) => {
  for (const route of ['/creator/dashboard', '/creator/contracts/']) {
    await open(page, route);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Please sign in to access this page.')).toBeVisible();
  }

  nextGoogleAccount(running());
  await signUp(page, running());
  await expect(dashboardHeading(page)).toBeVisible();
  for (const route of ['/login', '/register']) {
    await open(page, route);
    await expect(page).toHaveURL(/\/creator\/dashboard\/overview$/);
    await expect(page.getByText('You are already signed in')).toBeVisible();
  }
});
