import { expect, type Page, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/accessibility';
import { linkIn, waitForMail } from './support/mail';
import {
  createDeal,
  deliver,
  expectCreatorMilestone,
  fund,
  RELEASED,
  sendAndAccept,
  uniqueBrandEmail,
} from './support/money';
import { saveVerifiedPayoutProfile } from './support/payouts';
import { signUpNewAccount } from './support/sign-in';
import { startStack, type Stack } from './support/stack';

/**
 * Nobody chases (#39), in the browser: the brand learns from Paylock's "work submitted" e-mail
 * (MailDev), follows its link (it opens at the milestone) and approves; the creator's bell shows
 * the release, whose link opens the deal page at the milestone. The notifications
 * worker runs every 5 s on its own here, as in production.
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

const bell = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: /^Notifications/ });

test('the brand approves from the "work submitted" e-mail; the creator’s bell shows the release, and its panel passes axe', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpNewAccount(page, running(), 'Kavya Menon');
  await saveVerifiedPayoutProfile(page, running());
  const brandEmail = uniqueBrandEmail();
  await createDeal(page, running(), { title: 'Bell reel', brandEmail, windowDays: 7 });
  const dealUrl = page.url();
  const brand = await sendAndAccept(page, browser, running(), brandEmail);
  await fund(brand.page);
  await page.goto(dealUrl);
  await expectCreatorMilestone(page, 'Payment secured');
  await deliver(page);

  // The brand is told by e-mail, with one link that opens the deal's payments at the milestone.
  const submitted = await waitForMail(running().mail, brandEmail, {
    subject: 'Work submitted: review "Reel live"',
    timeoutMs: 60_000,
  });
  const reviewPage = await (
    await browser.newContext({ reducedMotion: 'reduce', viewport: { width: 1280, height: 900 } })
  ).newPage();
  await reviewPage.goto(linkIn(submitted, /\/deal-review\?token=[\w-]+&milestone=[\w-]+$/));
  const milestone = reviewPage.getByRole('listitem', { name: 'Reel live' });
  await expect(milestone.getByText('Delivered, awaiting approval')).toBeVisible();
  await expect(milestone.getByRole('heading', { name: 'Reel live' })).toBeFocused();
  await expect(reviewPage).toHaveURL(/\/deal-review$/);
  await milestone.getByRole('button', { name: 'Approve' }).click();
  await reviewPage
    .getByRole('dialog', { name: 'Approve this delivery?' })
    .getByRole('button', { name: 'Approve and release' })
    .click();
  await expect(milestone.getByText(RELEASED).first()).toBeVisible({ timeout: 30_000 });

  // The creator's bell counts the release (polled, no reload) and lists it.
  await page.goto(dealUrl);
  const panel = page.getByRole('region', { name: 'Latest notifications' });
  await expect(async () => {
    await page.reload();
    await bell(page).click();
    await expect(panel.getByText(/Released: ₹1,25,000\.00 for "Reel live"/)).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 60_000 });
  await expect(bell(page)).toHaveAccessibleName(/^Notifications, \d+ unread$/);

  for (const scheme of ['light', 'dark'] as const) {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 900 },
    ]) {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await page.setViewportSize(viewport);
      await expect(page.locator('html')).toHaveClass(scheme);
      if (!(await panel.isVisible())) await bell(page).click();
      await expect(panel).toBeVisible();
      await expectNoAccessibilityViolations(page, {
        include: 'section[aria-label="Latest notifications"]',
      });
    }
  }

  // The release's link opens the deal page at its milestone, focused.
  const release = panel
    .getByRole('listitem')
    .filter({ hasText: /Released: ₹1,25,000\.00 for "Reel live"/ });
  await release.getByRole('link').click();
  await expect(page).toHaveURL(/\/creator\/contracts\/[\w-]+\?milestone=[\w-]+$/);
  await expect(page.getByRole('heading', { name: 'Reel live' })).toBeFocused();
});
