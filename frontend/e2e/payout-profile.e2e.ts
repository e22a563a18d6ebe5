import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/accessibility';
import { signUpNewAccount } from './support/sign-in';
import { startStack, type Stack } from './support/stack';

/**
 * Wallet → Settings (#26): a creator fills the payout profile in the browser; the backend creates
 * the Route linked account at the local payment gateway, which activates it; the page shows each
 * step verified and only masked values; her data download has them in full, and she deletes the
 * profile behind a confirmation. axe on the page (and the dialog) in both themes at 390 and 1280 px.
 */
let stack: Stack | undefined;

test.beforeAll(async () => {
  stack = await startStack();
});

test.afterAll(async () => {
  await stack?.stop();
});

test.beforeEach(async ({ page }) => {
  // The identity provider's profile photo host is not reachable from here.
  await page.route('https://example.com/**', (route) => route.abort());
});

function running(): Stack {
  if (!stack) throw new Error('stack not started');
  return stack;
}

const SETTINGS = '/creator/wallet/settings';
const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

async function openSettings(page: Page) {
  await page.goto(new URL(SETTINGS, running().baseURL).toString());
  await expect(page.getByRole('heading', { level: 1, name: 'Payout settings' })).toBeVisible();
}

async function fillProfile(page: Page) {
  await page.getByLabel('Legal name (as on your PAN)', { exact: true }).fill('Asha Rao');
  await page.getByLabel('PAN', { exact: true }).fill('abcpe1234f');
  await page.getByLabel('Mobile number', { exact: true }).fill('9876543210');
  await page.getByRole('radio', { name: /^Bank account/ }).check();
  await page.getByLabel('Account number', { exact: true }).fill('50100123456789');
  await page.getByLabel('Account number again', { exact: true }).fill('50100123456789');
  await page.getByLabel('IFSC', { exact: true }).fill('HDFC0000001');
}

test('a creator fills the payout profile: the linked account is created and verified, values masked', async ({
  page,
}) => {
  await page.setViewportSize(viewports.desktop);
  await signUpNewAccount(page, running(), 'Asha Rao');
  await openSettings(page);
  const steps = page.getByRole('list').filter({ hasText: 'Razorpay account' });
  await expect(steps.getByText('Not started')).toHaveCount(4);

  // The two account numbers must match: nothing is sent until they do.
  await fillProfile(page);
  await page.getByLabel('Account number again', { exact: true }).fill('50100123456780');
  await page.getByRole('button', { name: 'Save payout details' }).click();
  await expect(
    page.getByLabel('Account number again', { exact: true }),
  ).toHaveAccessibleDescription('Account numbers do not match');
  expect(running().payments.state().accounts).toHaveLength(0);

  // An IFSC that is well formed but in no bank's list: the server says so under the field.
  await page.getByLabel('Account number again', { exact: true }).fill('50100123456789');
  await page.getByLabel('IFSC', { exact: true }).fill('HDFC0999998');
  await page.getByRole('button', { name: 'Save payout details' }).click();
  await expect(page.getByLabel('IFSC', { exact: true })).toHaveAccessibleDescription(
    /No bank branch has this IFSC/,
  );

  await page.getByLabel('IFSC', { exact: true }).fill('HDFC0000001');
  await page.getByRole('button', { name: 'Save payout details' }).click();
  await expect(page.getByRole('heading', { name: 'Saved details' })).toBeVisible();
  await expect(page.getByText('•••••1234•')).toBeVisible();
  await expect(page.getByText('••••6789')).toBeVisible();
  await expect(page.getByText('HDFC0000001 (HDFC Bank)')).toBeVisible();
  await expect(page.locator('body')).not.toContainText('ABCPE1234F');
  await expect(page.locator('body')).not.toContainText('50100123456789');

  // The local gateway activates a linked account once its bank account is set.
  const accounts = running().payments.state().accounts;
  expect(accounts).toHaveLength(1);
  expect(accounts[0]?.status).toBe('activated');
  await openSettings(page);
  await expect(steps.getByText('Verified')).toHaveCount(3);
  await expect(steps.getByText('Not started')).toHaveCount(1); // UPI: not the chosen destination

  // Her own data download has the PAN and account number in full (only there).
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my payout data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('paylock-payout-profile-my-data.json');
  const file = await readFile(await download.path());
  expect(JSON.parse(file.toString('utf8'))).toMatchObject({
    profile: { pan: 'ABCPE1234F', accountNumber: '50100123456789', status: 'verified' },
  });

  // Deleting asks first; with no money in flight it erases the profile and the page starts over.
  await page.getByRole('button', { name: 'Delete payout profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your payout profile?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Saved details' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete payout profile' }).click();
  await dialog.getByRole('button', { name: 'Yes, delete it' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Payout details' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Saved details' })).toBeHidden();
  await expect(steps.getByText('Not started')).toHaveCount(4);
});

test('a creator chooses to be paid to a UPI ID: the linked account settles to it, shown masked on Withdraw', async ({
  page,
}) => {
  await page.setViewportSize(viewports.phone);
  await signUpNewAccount(page, running(), 'Nandini Rao');
  await openSettings(page);
  await page.getByLabel('Legal name (as on your PAN)', { exact: true }).fill('Nandini Rao');
  await page.getByLabel('PAN', { exact: true }).fill('abcpe1234f');
  await page.getByLabel('Mobile number', { exact: true }).fill('9876543210');
  await page.getByRole('radio', { name: /^UPI ID/ }).check();
  await expect(page.getByLabel('Account number', { exact: true })).toBeHidden();
  await page.getByLabel('UPI ID', { exact: true }).fill('Nandini@OkBank');
  await page.getByRole('button', { name: 'Save payout details' }).click();
  await expect(page.getByRole('heading', { name: 'Saved details' })).toBeVisible();
  // Answered masked since #36 L1, like the PAN: the full UPI ID goes only to the gateway.
  await expect(page.getByText('UPI ID na••••@okbank')).toBeVisible();
  await expect(page.getByText('nandini@okbank')).toHaveCount(0);
  const accounts = running().payments.state().accounts;
  expect(accounts.at(-1)?.settlement_accounts).toMatchObject([
    { method: 'upi', upi: { vpa: 'nandini@okbank' } },
  ]);
  await openSettings(page);
  const steps = page.getByRole('list').filter({ hasText: 'Razorpay account' });
  await expect(steps.getByText('Verified')).toHaveCount(3);
  await expect(steps.getByText('Not started')).toHaveCount(1); // the bank account: not chosen
  await page.goto(new URL('/creator/wallet/withdraw', running().baseURL).toString());
  await expect(page.getByText('na••••@okbank')).toBeVisible();
});

for (const scheme of ['light', 'dark'] as const) {
  for (const [name, viewport] of Object.entries(viewports)) {
    test(`axe: Wallet → Settings in the ${scheme} theme on a ${name}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await signUpNewAccount(page, running(), `Ravi ${scheme} ${name}`);
      await openSettings(page);
      await expect(page.locator('html')).toHaveClass(scheme);
      await expectNoAccessibilityViolations(page);
      // With every field's error shown.
      await page.getByRole('button', { name: 'Save payout details' }).click();
      await expect(page.getByLabel('PAN', { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await expectNoAccessibilityViolations(page);
      // Saved: masked values and the steps' statuses.
      await fillProfile(page);
      await page.getByRole('button', { name: 'Save payout details' }).click();
      await expect(page.getByRole('heading', { name: 'Saved details' })).toBeVisible();
      await expectNoAccessibilityViolations(page);
      // The deletion's confirmation dialog.
      await page.getByRole('button', { name: 'Delete payout profile' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoAccessibilityViolations(page);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByRole('dialog')).toBeHidden();
      // Nothing wider than the screen.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
}
