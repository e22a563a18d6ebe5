import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/accessibility';
import { signUpNewAccount } from './support/sign-in';
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

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const NAME = 'Asha Rao';

// A 1×1 PNG: the identity provider's profile photo, served without the internet.
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNk+A8AAQUBAScY42YAAAAASUVORK5CYII=',
  'base64',
);

test.beforeEach(async ({ page }) => {
  // The profile photo's host is not reachable from here: each test says what it answers.
  await page.route('https://example.com/**', (route) => route.abort());
});

async function open(page: Page, route: string) {
  await page.goto(new URL(route, running().baseURL).toString());
}

async function signIn(page: Page) {
  const account = await signUpNewAccount(page, running(), NAME);
  await expect(page).toHaveURL(/\/creator\/dashboard\/overview$/);
  return account;
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sidebar' });
const panel = (page: Page, name: string) => page.getByRole('group', { name });
const topBarToggle = (page: Page, state: 'Open' | 'Close') =>
  page.getByRole('banner').getByRole('button', { name: `${state} sidebar` });
const avatar = (page: Page) => page.getByRole('banner').getByRole('button', { name: NAME });
const accountCard = (page: Page) => page.getByRole('group', { name: 'Account' });

async function widthOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element is not visible');
  return Math.round(box.width);
}

/**
 * The page is the app's, inside the dashboard shell: not the landing page, not a sign-in page.
 * With a heading, the page's title is that; without, the page has a title of its own.
 */
async function expectInsideShell(page: Page, heading?: string) {
  const title = heading
    ? page.getByRole('heading', { level: 1, name: heading, exact: true })
    : page.getByRole('main').getByRole('heading', { level: 1 });
  await expect(title).toBeVisible();
  await expect(avatar(page)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Paylock', exact: true })).toHaveCount(
    0,
  );
}

test('/, /creator/dashboard and /creator/dashboard/ lead a signed-in user to the overview', async ({
  page,
}) => {
  await signIn(page);
  // `/` is the prerendered landing page: it must hydrate cleanly before the rewrite.
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|#418|#423|#425/i.test(message.text())) {
      errors.push(message.text());
    }
  });
  for (const route of ['/', '/creator/dashboard', '/creator/dashboard/']) {
    await open(page, route);
    await expect(page).toHaveURL(/\/creator\/dashboard\/overview$/);
    await expectInsideShell(page, 'Dashboard');
  }
  await expect(page.getByText(`Welcome, Asha!`)).toBeVisible();
  expect(errors).toEqual([]);
});

test('from 1024 px: a 72 px rail with tooltips and a 228 px panel beside the page', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  const dashboard = panel(page, 'Dashboard');
  await expect(dashboard).toBeVisible();
  await expect(dashboard.getByText('4 items')).toBeVisible();
  expect(await widthOf(dashboard)).toBe(228);
  expect(await widthOf(sidebar(page))).toBe(72 + 228);

  await sidebar(page).getByRole('button', { name: 'Contracts' }).hover();
  await expect(page.getByRole('tooltip')).toHaveText('Contracts');

  await dashboard.getByRole('button', { name: 'Close sidebar' }).click();
  await expect(dashboard).toBeHidden();
  expect(await widthOf(sidebar(page))).toBe(72);
  await topBarToggle(page, 'Open').click();
  await expect(dashboard).toBeVisible();

  await sidebar(page).getByRole('button', { name: 'Wallet' }).click();
  await expect(panel(page, 'Wallet').getByText('4 items')).toBeVisible();
  await sidebar(page).getByRole('button', { name: 'Wallet' }).click();
  await expect(panel(page, 'Wallet')).toBeHidden();
});

test('below 1024 px: a drawer, closed on arrival, that the backdrop and Escape close', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await signIn(page);
  await expect(sidebar(page)).toBeHidden();

  await topBarToggle(page, 'Open').click();
  const drawer = page.getByRole('dialog', { name: 'Sidebar' });
  await expect(drawer).toBeVisible();
  await expect(panel(page, 'Dashboard')).toBeVisible();
  expect(await widthOf(drawer)).toBe(72 + 228);

  // The backdrop: anywhere right of the drawer.
  await page.mouse.click(PHONE.width - 20, PHONE.height / 2);
  await expect(drawer).toBeHidden();
  await expect(topBarToggle(page, 'Open')).toBeFocused();

  await topBarToggle(page, 'Open').click();
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await topBarToggle(page, 'Open').click();
  await drawer.getByRole('link', { name: /Insights/ }).click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/\/creator\/dashboard\/insights$/);
  await expectInsideShell(page, 'Insights');
});

test('the sidebar closes on entering a small screen and opens again on entering desktop', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  await expect(panel(page, 'Dashboard')).toBeVisible();

  await page.setViewportSize(PHONE);
  await expect(sidebar(page)).toBeHidden();
  await expect(topBarToggle(page, 'Open')).toBeVisible();

  await page.setViewportSize(DESKTOP);
  await expect(panel(page, 'Dashboard')).toBeVisible();
  await expect(topBarToggle(page, 'Close')).toBeVisible();
});

test('every sidebar link leads to a page inside the dashboard shell', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  const rail = sidebar(page);
  // The items with sub-links: buttons that show or hide the panel.
  const items = await rail.locator('button[aria-expanded]').all();
  expect(items).toHaveLength(7);

  const visited: string[] = [];
  for (const item of items) {
    const label = (await item.getAttribute('aria-label')) ?? '';
    if ((await item.getAttribute('aria-expanded')) === 'false') await item.click();
    const links = panel(page, label).getByRole('link');
    const count = await links.count();
    await expect(panel(page, label).getByText(`${count} items`)).toBeVisible();
    for (let index = 0; index < count; index += 1) {
      const link = links.nth(index);
      const href = (await link.getAttribute('href')) ?? '';
      const text = (await link.textContent()) ?? '';
      // A page still to come says so under its section and name; a built one has its own title.
      const comingSoon = text.endsWith('Soon');
      const name = text.replace(/Soon$/, '');
      await link.click();
      await expect(page).toHaveURL(new URL(href, running().baseURL).toString());
      await expectInsideShell(
        page,
        href.endsWith('/overview') ? 'Dashboard' : comingSoon ? `${label}: ${name}` : undefined,
      );
      await expect(link).toHaveAttribute('aria-current', 'page');
      visited.push(href);
    }
  }
  expect(visited).toHaveLength(30);
  expect(visited.every((href) => href.startsWith('/creator/'))).toBe(true);

  await rail.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/creator\/settings$/);
  await expectInsideShell(page, 'Settings');

  await rail.getByRole('link', { name: 'Paylock dashboard' }).click();
  await expect(page).toHaveURL(/\/creator\/dashboard\/overview$/);
  await expectInsideShell(page, 'Dashboard');

  // The specification's Settings address, typed in, and the contracts page.
  await open(page, '/settings');
  await expect(page).toHaveURL(/\/creator\/settings$/);
  await expectInsideShell(page, 'Settings');
  await open(page, '/creator/contracts/');
  await expect(
    page.getByRole('main').getByRole('heading', { level: 1, name: 'Contracts' }),
  ).toBeVisible();
  await expect(avatar(page)).toBeVisible();
});

test('hovering the avatar shows the account card; the photo shows when it loads', async ({
  page,
}) => {
  await page.route('https://example.com/asha.png', (route) =>
    route.fulfill({ contentType: 'image/png', body: PHOTO }),
  );
  await page.setViewportSize(DESKTOP);
  const account = await signIn(page);
  await expect(avatar(page).locator('img')).toHaveJSProperty('naturalWidth', 1);
  // The bell shows the real unread count (none yet for a new account), not a fixed "2".
  await expect(
    page.getByRole('banner').getByRole('button', { name: 'Notifications' }),
  ).toBeVisible();

  await avatar(page).hover();
  const card = accountCard(page);
  await expect(card).toBeVisible();
  await expect(card.getByText(NAME, { exact: true })).toBeVisible();
  await expect(card.getByText(account.email)).toBeVisible();
  for (const entry of ['Profile Settings', 'Security', 'Help & Support', 'Sign Out']) {
    await expect(card.getByRole('button', { name: entry })).toBeVisible();
  }

  await page.mouse.move(10, DESKTOP.height - 10);
  await expect(card).toBeHidden();
});

test('the account card opens on keyboard focus, and its Sign Out signs out for real', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  // The photo cannot load here: an icon stands in for it.
  await expect(avatar(page).getByTestId('avatar-icon')).toBeVisible();
  await expect(avatar(page).locator('img')).toHaveCount(0);

  // The avatar comes right after the notifications bell in the top bar's tab order.
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Notifications/ })
    .focus();
  await page.keyboard.press('Tab');
  await expect(avatar(page)).toBeFocused();
  const card = accountCard(page);
  await expect(card).toBeVisible();

  await page.keyboard.press('Tab');
  await expect(card.getByRole('button', { name: 'Profile Settings' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(card.getByRole('button', { name: 'Sign Out' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page.getByText('Logout Successfull')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await open(page, '/creator/dashboard/overview');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Please sign in to access this page.')).toBeVisible();
});

test('the dashboard has no accessibility violations at desktop and phone widths', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  await expect(panel(page, 'Dashboard')).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await avatar(page).hover();
  await expect(accountCard(page)).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await page.setViewportSize(PHONE);
  await expect(sidebar(page)).toBeHidden();
  await expectNoAccessibilityViolations(page);

  await avatar(page).click();
  await expect(accountCard(page)).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.keyboard.press('Escape');
  await expect(accountCard(page)).toBeHidden();

  await topBarToggle(page, 'Open').click();
  await expect(panel(page, 'Dashboard')).toBeVisible();
  await expectNoAccessibilityViolations(page);
});
