import { expect, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/accessibility';
import { linkIn, waitForMail } from './support/mail';
import { createDeal } from './support/money';
import { saveVerifiedPayoutProfile } from './support/payouts';
import { signUpNewAccount } from './support/sign-in';
import { startStack, type Stack } from './support/stack';

/**
 * Cancelling an accepted deal by agreement in the browser (contract clause 7): the brand funds the
 * milestone, the creator proposes to cancel with a reason, the brand opens the e-mailed link and
 * agrees; both pages show the deal cancelled and the funded milestone refunded to the brand.
 */
let stack: Stack | undefined;

test.beforeAll(async () => {
  stack = await startStack({ backendEnv: { PAYMENTS_WORKER_INTERVAL_MS: '500' } });
});

test.afterAll(async () => {
  await stack?.stop();
});

function running(): Stack {
  if (!stack) throw new Error('stack not started');
  return stack;
}

test('the creator proposes to cancel a funded deal, the brand agrees: the deal is cancelled and refunded', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const creator = await signUpNewAccount(page, running(), 'Anika Bose');
  await saveVerifiedPayoutProfile(page, running());
  const brandEmail = `meera.${String(Date.now())}@brand.example`;
  await createDeal(page, running(), { title: 'Holi reel', brandEmail, windowDays: 30 });
  const dealUrl = page.url();

  // Sent, accepted and funded by the brand (a browser of its own, at 390 px).
  await page.getByRole('button', { name: 'Send to the brand' }).click();
  const link = linkIn(await waitForMail(running().mail, brandEmail), /\/deal-review\?token=/);
  const brand = await (
    await browser.newContext({ reducedMotion: 'reduce', viewport: { width: 390, height: 844 } })
  ).newPage();
  await brand.goto(link);
  await brand.getByRole('button', { name: 'Accept' }).click();
  await brand.getByLabel('Your full name').fill('Meera Iyer');
  await brand.getByLabel('I agree to the contract above').check();
  await brand.getByRole('button', { name: 'Accept and sign' }).click();
  const card = brand.getByRole('listitem', { name: 'Reel live' });
  await card.getByRole('button', { name: 'Fund milestone (₹1,25,000.00)' }).click();
  await brand.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(card.getByText('Payment secured', { exact: true })).toBeVisible({
    timeout: 20_000,
  });

  // The creator proposes, with a reason; the page says what agreeing would do to the money.
  await page.goto(dealUrl);
  const creatorPanel = page.getByRole('region', { name: 'Cancelling the deal' });
  await creatorPanel.getByRole('button', { name: 'Propose cancellation' }).click();
  await creatorPanel
    .getByLabel('Why should the deal be cancelled?')
    .fill('The festival shoot was called off.');
  await expect(creatorPanel).toContainText(
    '₹1,25,000.00 of funded milestones is refunded to the brand',
  );
  await expectNoAccessibilityViolations(page, { frames: false });
  await creatorPanel.getByRole('button', { name: 'Send the proposal' }).click();
  await expect(creatorPanel).toContainText('You proposed to cancel this deal');
  await expect(creatorPanel.getByRole('button', { name: 'Withdraw the proposal' })).toBeVisible();

  // The brand is e-mailed. Its link still works, so the mail mints no new one (#36 L4): it
  // points to that link, which opens the deal with the proposal to answer.
  const proposal = await waitForMail(running().mail, brandEmail, {
    subject: 'Anika Bose proposes to cancel: Holi reel',
  });
  expect(proposal.text).toContain('with the link to its payments from our earlier e-mail');
  expect(proposal.text).not.toMatch(/\/deal-review\?token=/);
  await brand.goto(link);
  const brandPanel = brand.getByRole('region', { name: 'Cancelling the deal' });
  await expect(brandPanel).toContainText('The creator proposed to cancel this deal');
  await expect(brandPanel).toContainText('The festival shoot was called off.');
  await brandPanel.getByRole('button', { name: 'Agree to cancel' }).click();
  const dialog = brand.getByRole('dialog', { name: 'Cancel the deal?' });
  await expectNoAccessibilityViolations(brand);
  await dialog.getByRole('button', { name: 'Agree and cancel the deal' }).click();
  await expect(brand.getByRole('region', { name: 'Cancelled by agreement' })).toBeVisible();
  await expect(
    brand.getByRole('listitem', { name: 'Reel live' }).getByText('Refunded', { exact: true }),
  ).toBeVisible({ timeout: 30_000 });

  // The creator's page follows: Cancelled, the milestone refunded, the moves in the history.
  await expect(page.getByRole('region', { name: 'Cancelled by agreement' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('Cancelled', { exact: true }).first()).toBeVisible();
  // The milestone's status, and the same word again in its history.
  await expect(
    page
      .getByRole('listitem', { name: 'Reel live' })
      .getByText('Refunded', { exact: true })
      .first(),
  ).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'History' })).toContainText(
    'The brand agreed to your proposal: the deal is cancelled',
  );
  await expect(page.getByRole('region', { name: 'History' })).toContainText(
    '“Reel live” refunded to the brand',
  );
  // The creator is told by e-mail too.
  await waitForMail(running().mail, creator.email, { subject: 'Cancelled: Holi reel' });
});
