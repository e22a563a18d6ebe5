import { expect, test, type Browser, type Page } from '@playwright/test';
import { MongoClient } from 'mongodb';
import { expectNoAccessibilityViolations } from './support/accessibility';
import { linkIn, waitForMail } from './support/mail';
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

const IST_OFFSET_MS = 330 * 60_000;
const dayAhead = (days: number) =>
  new Date(Date.now() + IST_OFFSET_MS + days * 86_400_000).toISOString().slice(0, 10);

let counter = 0;
const uniqueBrandEmail = () => {
  counter += 1;
  return `meera.${String(Date.now())}.${String(counter)}@brand.example`;
};

/** A one-milestone deal, saved as a draft; the page becomes the deal's. */
async function createDeal(page: Page, title: string, brandEmail: string, windowDays: number) {
  await page.goto(url('/creator/contracts/new'));
  await expect(page.getByRole('heading', { level: 1, name: 'New deal' })).toBeVisible();
  await page.getByLabel('Company name').fill('Chai Point');
  await page.getByLabel('Contact name').fill('Meera Iyer');
  await page.getByLabel('Contact e-mail').fill(brandEmail);
  await page.getByLabel('Contact mobile').fill('9876543210');
  await page.getByLabel('Title').fill(title);
  const deliverable = page.getByRole('group', { name: 'Deliverable 1' });
  await deliverable.getByLabel('Due date').fill(dayAhead(10));
  await deliverable.getByLabel('Usage rights').fill('Brand may repost on its Instagram');
  const milestone = page.getByRole('group', { name: 'Milestone 1' });
  await milestone.getByLabel('Milestone name').fill('Reel live');
  await milestone.getByLabel('What releases it').fill('The reel is live on Instagram');
  await milestone.getByLabel('Amount (₹)').fill('1,25,000');
  await milestone.getByLabel('Due date').fill(dayAhead(12));
  await page.getByLabel('Approval window (days)').fill(String(windowDays));
  await expect(page.getByLabel('Rounds of changes')).toHaveValue('2');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

interface Brand {
  page: Page;
  link: string;
}

/** Sends the deal; the brand (a browser of its own) opens the e-mailed link and accepts. */
async function sendAndAccept(page: Page, browser: Browser, brandEmail: string): Promise<Brand> {
  await page.getByRole('button', { name: 'Send to the brand' }).click();
  await expect(page.getByText('Awaiting brand', { exact: true }).first()).toBeVisible();
  const link = linkIn(await waitForMail(running().mail, brandEmail), /\/deal-review\?token=/);
  const brand = await (
    await browser.newContext({ reducedMotion: 'reduce', viewport: page.viewportSize() })
  ).newPage();
  await brand.goto(link);
  await brand.getByRole('button', { name: 'Accept' }).click();
  await brand.getByLabel('Your full name').fill('Meera Iyer');
  await brand.getByLabel('I agree to the contract above').check();
  await brand.getByRole('button', { name: 'Accept and sign' }).click();
  await expect(brand.getByRole('heading', { level: 1, name: 'Contract accepted' })).toBeVisible();
  return { page: brand, link };
}

/** The brand pays the milestone through the local gateway's hosted checkout. */
async function fund(brand: Page) {
  const milestone = brand.getByRole('listitem', { name: 'Reel live' });
  await expect(milestone.getByText('Awaiting payment')).toBeVisible();
  await milestone.getByRole('button', { name: 'Fund milestone (₹1,25,000.00)' }).click();
  await expect(brand.getByTestId('checkout-amount')).toHaveText('₹125000.00');
  await brand.getByRole('button', { name: 'Pay', exact: true }).click();
  // Back on the review page, without the token or the outcome in the address.
  await expect(brand).toHaveURL(/\/deal-review$/);
  await expect(brand.getByRole('status').filter({ hasText: 'Reel live' })).toContainText(
    /Payment received — securing it with Razorpay…|Payment secured with Razorpay/,
  );
  await expect(brand.getByText('Payment secured with Razorpay for “Reel live”.')).toBeVisible();
  await expect(milestone.getByText('Payment secured', { exact: true })).toBeVisible();
}

/** Released, or already paid out when the gateway settled it meanwhile. */
const RELEASED = /^(Released|Paid out)$/;

/** The creator's deal page follows the milestone (it reads the deal again while others act). */
async function expectCreatorMilestone(page: Page, state: string | RegExp) {
  await expect(
    page
      .getByRole('listitem', { name: 'Reel live' })
      .getByText(state, { exact: typeof state === 'string' })
      .first(),
  ).toBeVisible({ timeout: 30_000 });
}

async function deliver(page: Page) {
  const milestone = page.getByRole('listitem', { name: 'Reel live' });
  await milestone.getByRole('button', { name: 'Submit delivery' }).click();
  await milestone
    .getByLabel(/Links to the delivered posts/)
    .fill('https://www.instagram.com/reel/abc123/');
  await milestone.getByLabel(/Note for the brand/).fill('Live since noon');
  await milestone.getByRole('button', { name: 'Send the delivery' }).click();
  await expect(milestone.getByText('Delivered, awaiting approval')).toBeVisible();
}

interface LedgerDocument {
  kind: string;
  lines: { account: string; amountPaise: number }[];
}

/** The deal's ledger transactions as stored: their kinds, each with the sum of its lines. */
async function ledgerOf(dealId: string): Promise<{ kind: string; sum: number }[]> {
  const client = new MongoClient(running().databaseUri);
  try {
    await client.connect();
    const transactions = await client
      .db()
      .collection<LedgerDocument>('ledger_transactions')
      .find({ dealId })
      .toArray();
    return transactions.map(({ kind, lines }) => ({
      kind,
      sum: lines.reduce((total, line) => total + line.amountPaise, 0),
    }));
  } finally {
    await client.close();
  }
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
  const ledger = await ledgerOf(dealId);
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
