import { expect, test, type Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/accessibility';
import { linkIn, waitForMail } from './support/mail';
import { saveVerifiedPayoutProfile } from './support/payouts';
import { newMobileNumber, waitForCode } from './support/sms';
import { ADMIN_IDENTITY, startStack, type Stack } from './support/stack';

/**
 * The brand workspace (#25), end to end under SIGNUP_MODE=invite: a creator sends a deal to a
 * mobile number; that number may then sign up as a brand (the deal is its invitation), lands in
 * /brand, finds the deal listed, opens it on the review page through a fresh link minted from the
 * workspace, and accepts it; the workspace then shows it accepted. axe on the workspace's list in
 * both themes at 390 and 1280 px.
 */
let stack: Stack | undefined;

function running(): Stack {
  if (!stack) throw new Error('stack not started');
  return stack;
}

test.beforeAll(async () => {
  stack = await startStack({ backendEnv: { SIGNUP_MODE: 'invite' } });
});

test.afterAll(async () => {
  await stack?.stop();
});

const IST_OFFSET_MS = 330 * 60_000;
/** A day `days` after today in India, YYYY-MM-DD (the API refuses days in the past). */
const dayAhead = (days: number) =>
  new Date(Date.now() + IST_OFFSET_MS + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The creator (an ADMIN_EMAILS account: it needs no invite) writes a deal to `mobile` and sends it;
 * answers the contact e-mail it typed, where the review link was mailed.
 */
async function sendDealTo(page: Page, mobile: string, title: string): Promise<string> {
  const contactEmail = `meera.${String(Date.now())}@brand.example`;
  running().identityProvider.setNextIdentity(ADMIN_IDENTITY);
  await page.goto(new URL('/register', running().baseURL).toString());
  await page.getByRole('button', { name: 'Sign up with Google' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  await page.goto(new URL('/creator/contracts/new', running().baseURL).toString());
  await expect(page.getByRole('heading', { level: 1, name: 'New deal' })).toBeVisible();
  await page.getByLabel('Company name').fill('Chai Point');
  await page.getByLabel('Contact name').fill('Meera Iyer');
  await page.getByLabel('Contact e-mail').fill(contactEmail);
  await page.getByLabel('Contact mobile').fill(mobile);
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Campaign name (optional)').fill('Diwali 2026 launch');
  const deliverable = page.getByRole('group', { name: 'Deliverable 1' });
  await deliverable.getByLabel('Due date').fill(dayAhead(10));
  await deliverable.getByLabel('Usage rights').fill('Brand may repost on its Instagram');
  const milestones = [
    { name: 'Script approved', rupees: '25,000' },
    { name: 'Reel live', rupees: '1,00,000.50' },
  ];
  for (const [index, milestone] of milestones.entries()) {
    if (index > 0) await page.getByRole('button', { name: 'Add milestone' }).click();
    const row = page.getByRole('group', { name: `Milestone ${String(index + 1)}` });
    await row.getByLabel('Milestone name').fill(milestone.name);
    await row.getByLabel('What releases it').fill(`${milestone.name} is done`);
    await row.getByLabel('Amount (₹)').fill(milestone.rupees);
    await row.getByLabel('Due date').fill(dayAhead(10 + index));
  }
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // Sending needs a verified payout profile (#26).
  await saveVerifiedPayoutProfile(page, running());
  await page.getByRole('button', { name: 'Send to the brand' }).click();
  await expect(page.getByText('Awaiting brand', { exact: true }).first()).toBeVisible();
  return contactEmail;
}

test('a creator sends a deal to a number; that number signs up as a brand, finds the deal in /brand and accepts it; the e-mailed link then cannot act on its money (#36)', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const mobile = newMobileNumber();
  const title = 'Diwali reel for Chai Point';
  const contactEmail = await sendDealTo(page, mobile, title);

  // The brand: a browser of its own, signing up with the number the deal was sent to.
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const brand = await context.newPage();
  await brand.goto(new URL('/register?as=brand', running().baseURL).toString());
  await brand.getByLabel('Mobile Number').fill(mobile);
  await brand.getByRole('button', { name: 'Get OTP' }).click();
  await brand.getByLabel('Enter the code').fill(await waitForCode(running().sms, mobile));
  await brand.getByRole('button', { name: 'Verify' }).click();
  await expect(brand.getByRole('heading', { level: 1, name: 'Welcome to Paylock' })).toBeVisible();
  await brand.getByLabel('Company name').fill('Chai Point');
  await brand.getByLabel('Contact name').fill('Meera Iyer');
  await brand.getByRole('button', { name: 'Continue' }).click();
  await expect(brand).toHaveURL(/\/brand\/deals$/);

  const list = brand.getByRole('list', { name: 'Deals sent to you' });
  const card = list.getByRole('listitem').filter({ hasText: title });
  await expect(card).toContainText('Awaiting your answer');
  await expect(card).toContainText('₹1,25,000.50');
  await expect(card).toContainText('2 milestones');
  await expect(card).toContainText(`From ${ADMIN_IDENTITY.name}`);

  for (const scheme of ['light', 'dark'] as const) {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      await brand.setViewportSize(viewport);
      await brand.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await expect(brand.locator('html')).toHaveClass(scheme);
      await expect(card).toBeVisible();
      await expectNoAccessibilityViolations(brand);
    }
  }
  await brand.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });

  // Open it: the review page the e-mailed link leads to, with a link minted for this brand.
  await card.getByRole('button', { name: 'Review and respond' }).click();
  await expect(brand).toHaveURL(/\/deal-review$/);
  await expect(brand.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(brand.getByRole('main')).toContainText('₹1,25,000.50');
  await brand.getByRole('button', { name: 'Accept' }).click();
  await brand.getByLabel('Your full name').fill('Meera Iyer');
  await brand.getByLabel('I agree to the contract above').check();
  await brand.getByRole('button', { name: 'Accept and sign' }).click();
  await expect(brand.getByRole('heading', { level: 1, name: 'Contract accepted' })).toBeVisible();

  // Back in the workspace, the deal is accepted; its payments open from here, through a link
  // minted for this account, the party that accepted (#36).
  await brand.goto(new URL('/brand/deals', running().baseURL).toString());
  const accepted = brand
    .getByRole('list', { name: 'Deals sent to you' })
    .getByRole('listitem')
    .filter({ hasText: title });
  await expect(accepted).toContainText('Accepted');
  await expect(accepted.getByRole('button')).toHaveText(['Open payments']);
  await context.close();

  // The two parties (#36): whoever holds the review link mailed to the typed address (in the
  // outside test, the creator's own mailbox) is not the brand that accepted in its workspace.
  const mailed = linkIn(await waitForMail(running().mail, contactEmail), /\/deal-review\?token=/);
  const other = await browser.newContext({ reducedMotion: 'reduce' });
  const holder = await other.newPage();
  await holder.goto(mailed);
  await expect(
    holder.getByRole('heading', { name: "This link cannot act on the deal's payments" }),
  ).toBeVisible();
  await expect(holder.getByRole('button', { name: /^(Fund|Approve)/ })).toHaveCount(0);
  await other.close();
});
