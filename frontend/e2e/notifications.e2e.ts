import { expect, type Browser, type Page, test } from '@playwright/test';
import {
  expectAccessibleInBothThemesAndWidths,
  expectNoAccessibilityViolations,
} from './support/accessibility';
import { acceptFromWorkspace, signUpBrand } from './support/brand';
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
import { newMobileNumber } from './support/sms';
import { startStack, type Stack } from './support/stack';

/**
 * Nobody chases (#39), in the browser. From acceptance to release the creator only submits the
 * work: the brand funds from Paylock's "fund" e-mail and approves from its "work submitted" e-mail
 * (MailDev), each link followed in a fresh browser; the creator's bell, on a page left open,
 * counts the release at its next poll (its clock fast-forwarded, no reload) and lists it. axe on
 * the bell's panel, the notifications page and the settings, creator's and brand workspace's, in
 * the light and dark themes at 390 and 1280 px. The notifications worker runs every 5 s on its
 * own here, as in production.
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

/** How often the bell reads the unread count (UNREAD_POLL_MS in features/notifications). */
const BELL_POLL_MS = 30_000;

const bell = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: /^Notifications/ });

const MAILED_MILESTONE_LINK = /\/deal-review\?token=[\w-]+&milestone=[\w-]+$/;

/** The brand follows a link Paylock mailed it, in a browser of its own; the milestone is focused. */
async function followMailedLink(browser: Browser, link: string): Promise<Page> {
  const context = await browser.newContext({
    reducedMotion: 'reduce',
    viewport: { width: 1280, height: 900 },
  });
  const brand = await context.newPage();
  await brand.goto(link);
  await expect(
    brand.getByRole('listitem', { name: 'Reel live' }).getByRole('heading', { name: 'Reel live' }),
  ).toBeFocused();
  await expect(brand).toHaveURL(/\/deal-review$/);
  return brand;
}

test('from acceptance to release the creator only submits the work: the brand funds and approves from its e-mails, the open bell counts the release without a reload', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const creator = await signUpNewAccount(page, running(), 'Kavya Menon');
  await saveVerifiedPayoutProfile(page, running());
  const brandEmail = uniqueBrandEmail();
  await createDeal(page, running(), { title: 'Bell reel', brandEmail, windowDays: 7 });
  const dealUrl = page.url();
  const accepted = await sendAndAccept(page, browser, running(), brandEmail);
  await accepted.page.context().close();

  // Acceptance asks the brand, by e-mail, to fund the first milestone; it pays from that link.
  const fundMail = await waitForMail(running().mail, brandEmail, {
    subject: 'Fund "Reel live" (₹1,25,000.00)',
    timeoutMs: 60_000,
  });
  const funding = await followMailedLink(browser, linkIn(fundMail, MAILED_MILESTONE_LINK));
  await fund(funding);
  await funding.context().close();
  await waitForMail(running().mail, creator.email, {
    subject: 'Funded: you can start "Reel live"',
    timeoutMs: 60_000,
  });

  // The creator's page stays open from here on, its timers on a clock the test can move on.
  await page.clock.install();
  await page.goto(dealUrl);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');
  await expectCreatorMilestone(page, 'Payment secured');
  await deliver(page);
  await page.evaluate(() => {
    document.documentElement.dataset.stillOpen = 'yes';
  });

  // The brand is told by e-mail, with one link that opens the deal's payments at the milestone.
  const submitted = await waitForMail(running().mail, brandEmail, {
    subject: 'Work submitted: review "Reel live"',
    timeoutMs: 60_000,
  });
  const reviewPage = await followMailedLink(browser, linkIn(submitted, MAILED_MILESTONE_LINK));
  const milestone = reviewPage.getByRole('listitem', { name: 'Reel live' });
  await expect(milestone.getByText('Delivered, awaiting approval')).toBeVisible();
  await milestone.getByRole('button', { name: 'Approve' }).click();
  await reviewPage
    .getByRole('dialog', { name: 'Approve this delivery?' })
    .getByRole('button', { name: 'Approve and release' })
    .click();
  await expect(milestone.getByText(RELEASED).first()).toBeVisible({ timeout: 30_000 });
  await reviewPage.context().close();

  // Once the release is told (its e-mail is out), the open page's bell counts it at its next poll:
  // approved and released, and perhaps settled by now.
  await waitForMail(running().mail, creator.email, {
    subject: 'Released: ₹1,25,000.00 for "Reel live"',
    timeoutMs: 60_000,
  });
  await expect(async () => {
    await page.clock.fastForward(BELL_POLL_MS);
    await expect(bell(page)).toHaveAccessibleName(/^Notifications, [45] unread$/, {
      timeout: 3_000,
    });
  }).toPass({ timeout: 30_000 });
  await expect(page.locator('html')).toHaveAttribute('data-still-open', 'yes');

  await bell(page).click();
  const panel = page.getByRole('region', { name: 'Latest notifications' });
  const release = panel
    .getByRole('listitem')
    .filter({ hasText: /Released: ₹1,25,000\.00 for "Reel live"/ });
  await expect(release).toBeVisible();
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
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });

  // The release's link opens the deal page at its milestone, focused.
  await release.getByRole('link').click();
  await expect(page).toHaveURL(/\/creator\/contracts\/[\w-]+\?milestone=[\w-]+$/);
  await expect(page.getByRole('heading', { name: 'Reel live' })).toBeFocused();

  // Every notice on the notifications page, and the settings beside it.
  await bell(page).click();
  await panel.getByRole('link', { name: 'All notifications' }).click();
  await expect(page).toHaveURL(/\/creator\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(
    page.getByRole('row').filter({ hasText: /Released: ₹1,25,000\.00 for "Reel live"/ }),
  ).toContainText('Read');
  await expectAccessibleInBothThemesAndWidths(page);
  await page.getByRole('main').getByRole('link', { name: 'Notification settings' }).click();
  await expect(page).toHaveURL(/\/creator\/notifications\/preferences$/);
  await expect(page.getByLabel('Reminders by e-mail')).toBeChecked();
  await expectAccessibleInBothThemesAndWidths(page);
});

test('a brand workspace lists its notices on its notifications page; it and the settings pass axe', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signUpNewAccount(page, running(), 'Kavya Menon');
  await saveVerifiedPayoutProfile(page, running());
  const mobile = newMobileNumber();
  const title = 'Workspace reel';
  await createDeal(page, running(), { title, brandEmail: uniqueBrandEmail(), brandMobile: mobile });
  await page.getByRole('button', { name: 'Send to the brand' }).click();
  await expect(page.getByText('Awaiting brand', { exact: true }).first()).toBeVisible();
  const brand = await signUpBrand(browser, running(), mobile);
  await acceptFromWorkspace(brand, running(), title);

  // Accepted in the workspace: the request to fund comes to the workspace's bell and page.
  await brand.goto(new URL('/brand/notifications', running().baseURL).toString());
  await expect(brand.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const fundNotice = brand.getByRole('row').filter({ hasText: 'Fund "Reel live" (₹1,25,000.00)' });
  // The page is read once: it is opened again until the worker's pass (every 5 s) has told it.
  await expect(async () => {
    await brand.reload();
    await expect(fundNotice).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(fundNotice.getByRole('link', { name: 'Fund the milestone' })).toBeVisible();
  await expect(bell(brand)).toHaveAccessibleName('Notifications, 1 unread');
  await expectAccessibleInBothThemesAndWidths(brand);
  await brand.getByRole('main').getByRole('link', { name: 'Notification settings' }).click();
  await expect(brand).toHaveURL(/\/brand\/notifications\/preferences$/);
  await expect(brand.getByLabel('Reminders by SMS')).toBeVisible();
  await expectAccessibleInBothThemesAndWidths(brand);
  await brand.context().close();
});
