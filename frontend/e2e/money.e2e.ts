import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/accessibility';
import {
  createDeal as createDealIn,
  deliver,
  expectCreatorMilestone,
  fund,
  ledgerOf,
  RELEASED,
  sendAndAccept as sendAndAcceptIn,
  uniqueBrandEmail,
} from './support/money';
import { saveVerifiedPayoutProfile } from './support/payouts';
import { signUpNewAccount } from './support/sign-in';
import { ADMIN_IDENTITY, startStack, type Stack } from './support/stack';

/**
 * Milestone money in the browser (#26): the brand funds a milestone through the local gateway's
 * hosted checkout, the creator delivers, the brand approves (or says nothing, and the scheduler
 * approves), the hold is released; a dispute is decided by an admin. An approval-window "day" is
 * two seconds here (PAYMENTS_APPROVAL_DAY_MS, refused in production), so a one-day window passes
 * within the test while a thirty-day one does not.
 */
let stack: Stack | undefined;

test.beforeAll(async () => {
  stack = await startStack({
    backendEnv: { PAYMENTS_APPROVAL_DAY_MS: '2000', PAYMENTS_WORKER_INTERVAL_MS: '500' },
  });
});

test.afterAll(async () => {
  await stack?.stop();
});

function running(): Stack {
  if (!stack) throw new Error('stack not started');
  return stack;
}

const url = (path: string) => new URL(path, running().baseURL).toString();

/** A one-milestone deal (REEL_LIVE), saved as a draft; the page becomes the deal's. */
const createDeal = (page: Page, title: string, brandEmail: string, windowDays: number) =>
  createDealIn(page, running(), { title, brandEmail, windowDays });

const sendAndAccept = (page: Page, browser: Browser, brandEmail: string) =>
  sendAndAcceptIn(page, browser, running(), brandEmail);

/** The deal's ledger transactions as stored: their kinds, each with the sum of its lines. */
async function ledgerSums(dealId: string): Promise<{ kind: string; sum: number }[]> {
  const transactions = await ledgerOf(running(), dealId);
  return transactions.map(({ kind, lines }) => ({
    kind,
    sum: lines.reduce((total, line) => total + line.amountPaise, 0),
  }));
}

test.describe.configure({ mode: 'serial' });

test('the brand funds a milestone through the checkout, the creator delivers, the brand approves, and it is released', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpNewAccount(page, running());
  await saveVerifiedPayoutProfile(page, running());
  const brandEmail = uniqueBrandEmail();
  await createDeal(page, 'Diwali reel', brandEmail, 30);
  const dealUrl = page.url();
  const brand = await sendAndAccept(page, browser, brandEmail);

  await fund(brand.page);
  await expectNoAccessibilityViolations(brand.page);

  await page.goto(dealUrl);
  await expectCreatorMilestone(page, 'Payment secured');
  await expectNoAccessibilityViolations(page, { frames: false });
  await deliver(page);

  // The brand opens its link again: the accepted deal's payments.
  await brand.page.goto(brand.link);
  const milestone = brand.page.getByRole('listitem', { name: 'Reel live' });
  await expect(milestone.getByText('Delivered, awaiting approval')).toBeVisible();
  await expect(milestone.getByText(/Please review the delivery by/)).toBeVisible();
  await milestone.getByRole('button', { name: 'Approve' }).click();
  const dialog = brand.page.getByRole('dialog', { name: 'Approve this delivery?' });
  await expectNoAccessibilityViolations(brand.page);
  await dialog.getByRole('button', { name: 'Approve and release' }).click();
  await expect(milestone.getByText(RELEASED).first()).toBeVisible({ timeout: 20_000 });

  await expectCreatorMilestone(page, RELEASED);
  // One balanced transaction per step: funded, released (and settled, if the gateway settled).
  const dealId = new URL(dealUrl).pathname.split('/').pop() ?? '';
  const ledger = await ledgerSums(dealId);
  expect(ledger.map(({ kind }) => kind).filter((kind) => kind !== 'settled')).toEqual([
    'funded',
    'released',
  ]);
  expect(ledger.every(({ sum }) => sum === 0)).toBe(true);
  await expect(page.getByRole('region', { name: 'History' })).toContainText(
    '“Reel live” released to the creator',
  );
});

test('nobody answers within the approval window: the delivery is approved and released on its own', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await signUpNewAccount(page, running(), 'Kabir Das');
  await saveVerifiedPayoutProfile(page, running());
  const brandEmail = uniqueBrandEmail();
  await createDeal(page, 'Monsoon story', brandEmail, 1);
  const dealUrl = page.url();
  const brand = await sendAndAccept(page, browser, brandEmail);
  await fund(brand.page);
  await page.goto(dealUrl);
  await expectCreatorMilestone(page, 'Payment secured');
  await deliver(page);
  await expectNoAccessibilityViolations(page, { frames: false });
  await expectCreatorMilestone(page, RELEASED);
});

test('a creator disputes a funded milestone and an admin releases it', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpNewAccount(page, running(), 'Ira Sen');
  await saveVerifiedPayoutProfile(page, running());
  const brandEmail = uniqueBrandEmail();
  await createDeal(page, 'Festive haul', brandEmail, 30);
  const dealUrl = page.url();
  const brand = await sendAndAccept(page, browser, brandEmail);
  await fund(brand.page);
  await page.goto(dealUrl);
  await expectCreatorMilestone(page, 'Payment secured');

  const milestone = page.getByRole('listitem', { name: 'Reel live' });
  await milestone.getByRole('button', { name: 'Dispute' }).click();
  const dialog = page.getByRole('dialog', { name: 'Open a dispute?' });
  await dialog.getByLabel('Reason').fill('The brand stopped answering after the shoot');
  await dialog.getByRole('button', { name: 'Open the dispute' }).click();
  await expect(milestone.getByText('In dispute')).toBeVisible();

  const admin = await (
    await browser.newContext({ reducedMotion: 'reduce', colorScheme: 'dark' })
  ).newPage();
  await admin.setViewportSize({ width: 1280, height: 900 });
  running().identityProvider.setNextIdentity(ADMIN_IDENTITY);
  // The admin's first visit to this stack: signing up (ADMIN_EMAILS makes the account an admin).
  await admin.goto(url('/register'));
  await admin.getByRole('button', { name: 'Sign up with Google' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await admin.goto(url('/admin'));
  await expect(admin.getByRole('region', { name: 'Payments reconciliation' })).toBeVisible();
  await admin
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Disputes' })
    .click();
  const row = admin.getByRole('row').filter({ hasText: 'Festive haul' });
  await expect(row).toContainText('In dispute');
  await expectNoAccessibilityViolations(admin);
  await row.getByRole('link', { name: 'Festive haul: Reel live' }).click();
  await expect(admin.getByRole('region', { name: 'Both sides' })).toContainText(
    'The brand stopped answering after the shoot',
  );
  await admin.getByRole('button', { name: 'Release' }).click();
  const decide = admin.getByRole('dialog', { name: 'Release to the creator?' });
  await decide.getByLabel('Note to both sides').fill('The reel was agreed and funded; released.');
  await expectNoAccessibilityViolations(admin);
  await decide.getByRole('button', { name: 'Release to the creator' }).click();
  await expect(
    admin.getByRole('heading', { name: 'Decided: released to the creator' }),
  ).toBeVisible();

  await expectCreatorMilestone(page, RELEASED);
  await expect(milestone).toContainText('The reel was agreed and funded; released.');
});
