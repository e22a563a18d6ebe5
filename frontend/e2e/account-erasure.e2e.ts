import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectAccessibleInBothThemesAndWidths } from './support/accessibility';
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

test.beforeEach(async ({ page }) => {
  await page.route('https://example.com/**', (route) => route.abort());
});

test('a creator asks for their data, sees it prepared in the background and downloads the ZIP', async ({
  page,
}) => {
  nextGoogleAccount(running(), 'Asha Export');
  await signUp(page, running());
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  await page.goto(new URL('/creator/settings#data', running().baseURL).toString());
  await page.getByRole('button', { name: 'Download my data' }).click();
  await expect(page.getByText(/^We are preparing your data\./)).toBeVisible();
  await expectAccessibleInBothThemesAndWidths(page);
  // The page looks again while it is prepared: no reload.
  await expect(
    page.getByText(/^Your data is ready \(\d+(\.\d)? [KM]B\): download it until /),
  ).toBeVisible({
    timeout: 30_000,
  });
  await expectAccessibleInBothThemesAndWidths(page);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the ZIP' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('paylock-my-data.zip');
  const zip = await readFile(await download.path());
  expect(zip.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  // A ZIP stores its file names as they are.
  for (const name of ['README.txt', 'profile.json', 'deals.csv', 'notifications.json']) {
    expect(zip.includes(name)).toBe(true);
  }
  // Told in the bell too (it is read when the page loads and every little while).
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  const panel = page.getByRole('region', { name: 'Latest notifications' });
  await expect(async () => {
    await page.reload();
    await bell.click();
    await expect(panel.getByText('Your data is ready to download')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
});

test('a creator erases their account from Settings, sees what was kept and is signed out', async ({
  page,
}) => {
  nextGoogleAccount(running(), 'Asha Erase');
  await signUp(page, running());
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  await page.goto(new URL('/creator/settings#data', running().baseURL).toString());
  await page.getByLabel('Nominee’s name').fill('Meera Iyer');
  await page.getByLabel('Nominee’s e-mail').fill('meera@example.com');
  await page.getByRole('button', { name: 'Name nominee' }).click();
  await expect(page.getByText('Your nominee: Meera Iyer')).toBeVisible();
  await expectAccessibleInBothThemesAndWidths(page);

  await page.getByRole('button', { name: 'Erase my account…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Erase your account?' });
  await dialog.getByLabel('Type ERASE MY ACCOUNT to confirm').fill('ERASE MY ACCOUNT');
  await dialog.getByRole('button', { name: 'Erase my account' }).click();

  await expect(page).toHaveURL(/\/account\/erased$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your account was erased' }),
  ).toBeVisible();
  await expect(page.getByText('That this account id was erased')).toBeVisible();
  await expectAccessibleInBothThemesAndWidths(page);

  // Signed out: the dashboard sends the browser to sign in, and no refresh brings it back.
  await page.goto(new URL('/creator/settings', running().baseURL).toString());
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
});
