import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/accessibility';
import { nextGoogleAccount, signUp } from './support/sign-in';
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

const NAME = 'Asha Rao';
const PHONE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) ' +
  'Chrome/131.0.0.0 Mobile Safari/537.36';

const dashboardHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Dashboard' });
const sessionList = (page: Page) => page.getByRole('list', { name: 'Active sessions' });

/** A second browser (another context: its own cookies) signed in to the same Google account. */
async function signInOnPhone(browser: Browser, account: ReturnType<typeof nextGoogleAccount>) {
  const phone = await browser.newContext({
    userAgent: PHONE_USER_AGENT,
    viewport: { width: 390, height: 844 },
  });
  await phone.route('https://example.com/**', (route) => route.abort());
  const page = await phone.newPage();
  running().identityProvider.setNextIdentity(account);
  await page.goto(new URL('/login', running().baseURL).toString());
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(dashboardHeading(page)).toBeVisible();
  return { phone, page };
}

test.beforeEach(async ({ page }) => {
  await page.route('https://example.com/**', (route) => route.abort());
});

test('a session signed out from another browser is signed out on its next call', async ({
  page,
  browser,
}) => {
  const account = nextGoogleAccount(running(), NAME);
  await signUp(page, running());
  await expect(dashboardHeading(page)).toBeVisible();
  const { phone, page: phonePage } = await signInOnPhone(browser, account);

  // The laptop opens Security from the account card and sees both browsers.
  await page.getByRole('banner').getByRole('button', { name: NAME }).hover();
  await page
    .getByRole('group', { name: 'Account' })
    .getByRole('button', { name: 'Security' })
    .click();
  await expect(page).toHaveURL(/\/creator\/settings#security$/);
  await expect(page.getByRole('region', { name: 'Security' })).toBeFocused();
  const rows = sessionList(page).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Chrome 131 on Android 14' })).toHaveCount(1);

  await page.getByRole('button', { name: 'Sign out Chrome 131 on Android 14' }).click();
  await expect(page.getByText('Chrome 131 on Android 14 is signed out.')).toBeVisible();
  await expect(rows).toHaveCount(1);

  // The phone's next API call fails, its refresh fails too: it lands on the sign-in page.
  // (Opening Security is a page change inside the app: its list is the phone's next API call.)
  await phonePage.getByRole('banner').getByRole('button', { name: NAME }).click();
  await phonePage
    .getByRole('group', { name: 'Account' })
    .getByRole('button', { name: 'Security' })
    .click();
  await expect(phonePage).toHaveURL(/\/login$/);
  await expect(phonePage.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  // The laptop is still signed in.
  await page.reload();
  await expect(sessionList(page).getByRole('listitem')).toHaveCount(1);
  await phone.close();
});

test('sign out everywhere else ends every other browser, and the page passes axe', async ({
  page,
  browser,
}) => {
  const account = nextGoogleAccount(running(), NAME);
  await signUp(page, running());
  await expect(dashboardHeading(page)).toBeVisible();
  const { phone, page: phonePage } = await signInOnPhone(browser, account);

  for (const colorScheme of ['light', 'dark'] as const) {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      await page.setViewportSize(viewport);
      await page.goto(new URL('/creator/settings', running().baseURL).toString());
      await expect(page.locator('html')).toHaveClass(colorScheme);
      await expect(sessionList(page).getByRole('listitem')).toHaveCount(2);
      await expectNoAccessibilityViolations(page);
    }
  }

  await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(page.getByText('One other session is signed out.')).toBeVisible();
  await expect(page.getByText('You are signed in on this device only.')).toBeVisible();

  await phonePage.reload();
  await expect(phonePage).toHaveURL(/\/login$/);
  await phone.close();
});
