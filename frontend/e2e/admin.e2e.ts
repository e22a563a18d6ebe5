import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/accessibility';
import { signUpNewAccount } from './support/sign-in';
import { ADMIN_IDENTITY, startStack, type Stack } from './support/stack';

let stack: Stack | undefined;

function running(): Stack {
  if (!stack) throw new Error('stack not started');
  return stack;
}

/** Four people on the waitlist, through the public API as the form sends them. */
const PEOPLE = [
  { fullName: 'Asha Rao', userType: 'influencer', instagramHandle: 'asha.creates' },
  { fullName: 'Brandly Media', userType: 'brand', instagramHandle: 'brandly' },
  { fullName: '=HYPERLINK("x")', userType: 'agency', instagramHandle: 'agency_one' },
  { fullName: 'Meera K', userType: 'influencer', instagramHandle: 'meera.k' },
].map((person, index) => ({
  ...person,
  email: `person${String(index)}@example.com`,
  phoneNumber: `98765432${String(index).padStart(2, '0')}`,
}));

test.beforeAll(async () => {
  stack = await startStack();
  for (const person of PEOPLE) {
    const response = await fetch(new URL('/api/v1/extra/waitlist', stack.baseURL), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: stack.baseURL },
      body: JSON.stringify(person),
    });
    expect(response.status).toBe(201);
  }
});

test.afterAll(async () => {
  await stack?.stop();
});

async function open(page: Page, route: string) {
  await page.goto(new URL(route, running().baseURL).toString());
}

/** The demo admin signs in (programmatically chosen; the chooser itself is tested below). */
async function signInAsAdmin(page: Page) {
  running().identityProvider.setNextIdentity(ADMIN_IDENTITY);
  await open(page, '/login');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test('an admin signs up through the chooser, filters, searches, opens an entry and exports', async ({
  page,
}) => {
  running().identityProvider.showChooser();
  await open(page, '/register');
  await page.getByRole('button', { name: 'Sign up with Google' }).click();
  await expect(page.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
  await page.getByRole('button', { name: /Demo Admin/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  // The account card offers the back-office to admins.
  await page.getByRole('button', { name: 'Demo Admin' }).click();
  await page.getByRole('group', { name: 'Account' }).getByRole('button', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Waitlist overview' })).toBeVisible();
  const entries = page.getByRole('term').filter({ hasText: /^Entries$/ });
  await expect(entries.locator('xpath=following-sibling::dd[1]')).toHaveText('4');

  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Waitlist' })
    .click();
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(5); // the header and four entries
  // The filters live in the address: the box shows checked once the address has it.
  await page.getByRole('checkbox', { name: 'Influencer' }).click();
  await expect(page.getByRole('checkbox', { name: 'Influencer' })).toBeChecked();
  await expect(rows).toHaveCount(3);
  await expect(page).toHaveURL(/userType=influencer/);
  await page.getByRole('searchbox', { name: 'Search' }).fill('@Meera.K');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('person3@example.com');

  await page.getByRole('button', { name: 'Meera K', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Meera K' });
  await expect(drawer).toContainText('+91 9876543203');
  await expect(drawer.getByRole('heading', { name: 'History' })).toBeVisible();
  await expect(drawer).toContainText(/joined/i);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // The row menu, by keyboard.
  await page.getByRole('button', { name: 'Actions for Meera K' }).press('Enter');
  await expect(page.getByRole('menuitem', { name: 'View details' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Export everything (filters cleared): the file's rows are the four entries.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(rows).toHaveCount(5);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^paylock-waitlist-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\n');
  expect(lines).toHaveLength(5);
  expect(
    lines
      .slice(1)
      .map((line) => line.split(',')[3])
      .sort(),
  ).toEqual(PEOPLE.map((person) => person.phoneNumber).sort());
  expect(lines.join('\n')).toContain(`"'=HYPERLINK(""x"")"`);

  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('table')).toContainText('Exported the waitlist');
  await expect(page.getByRole('table')).toContainText(ADMIN_IDENTITY.email);
});

test('a creator cannot reach /admin', async ({ page }) => {
  await signUpNewAccount(page, running());
  await open(page, '/admin/waitlist');
  await expect(page).toHaveURL(/\/creator\/dashboard\/overview$/);
  await expect(page.getByText('The admin area is for Paylock admins only.')).toBeVisible();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`every admin screen has no accessibility violations (${scheme} theme)`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await signInAsAdmin(page);
    await open(page, '/admin');
    await expect(page.locator('html')).toHaveClass(scheme);
    await expect(page.getByRole('heading', { name: 'Entries by user type' })).toBeVisible();
    await expectNoAccessibilityViolations(page);

    await open(page, '/admin/waitlist');
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(5);
    await expectNoAccessibilityViolations(page);
    await page.getByRole('button', { name: 'Asha Rao', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Asha Rao' })).toContainText('History');
    await expectNoAccessibilityViolations(page);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Actions for Asha Rao' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    // An open menu hides the rest of the page from assistive technology (Radix, modal): the menu
    // is what there is to check.
    await expectNoAccessibilityViolations(page, { include: '[role="menu"]' });
    await page.keyboard.press('Escape');

    await open(page, '/admin/audit-log');
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
    await expectNoAccessibilityViolations(page);
  });
}
