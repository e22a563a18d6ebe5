import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/accessibility';
import { linkIn, waitForMail } from './support/mail';
import { saveVerifiedPayoutProfile } from './support/payouts';
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

const IST_OFFSET_MS = 330 * 60_000;
/** A day `days` after today in India, YYYY-MM-DD (the API refuses days in the past). */
const dayAhead = (days: number) =>
  new Date(Date.now() + IST_OFFSET_MS + days * 86_400_000).toISOString().slice(0, 10);

interface DealInput {
  title: string;
  brandEmail: string;
  milestones: readonly { name: string; rupees: string }[];
}

let counter = 0;
const uniqueBrandEmail = () => {
  counter += 1;
  return `meera.${String(Date.now())}.${String(counter)}@brand.example`;
};

/** Fills the New deal form as a creator does and saves the draft; the page becomes the deal's. */
async function createDeal(page: Page, deal: DealInput) {
  await page.goto(new URL('/creator/contracts/new', running().baseURL).toString());
  await expect(page.getByRole('heading', { level: 1, name: 'New deal' })).toBeVisible();
  await page.getByLabel('Company name').fill('Chai Point');
  await page.getByLabel('Contact name').fill('Meera Iyer');
  await page.getByLabel('Contact e-mail').fill(deal.brandEmail);
  await page.getByLabel('Contact mobile').fill('9876543210');
  await page.getByLabel('Title').fill(deal.title);
  await page.getByLabel('Campaign name (optional)').fill('Diwali 2026 launch');
  const deliverable = page.getByRole('group', { name: 'Deliverable 1' });
  await deliverable.getByLabel('Due date').fill(dayAhead(10));
  await deliverable.getByLabel('Usage rights').fill('Brand may repost on its Instagram');
  for (const [index, milestone] of deal.milestones.entries()) {
    if (index > 0) await page.getByRole('button', { name: 'Add milestone' }).click();
    const row = page.getByRole('group', { name: `Milestone ${String(index + 1)}` });
    await row.getByLabel('Milestone name').fill(milestone.name);
    await row.getByLabel('What releases it').fill(`${milestone.name} is done`);
    await row.getByLabel('Amount (₹)').fill(milestone.rupees);
    await row.getByLabel('Due date').fill(dayAhead(10 + index));
  }
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('heading', { level: 1, name: deal.title })).toBeVisible();
  await expect(page.getByText('Draft', { exact: true }).first()).toBeVisible();
}

/**
 * Sends the open draft; the brand (another person: a browser of its own) follows the e-mailed
 * link to the review page.
 */
async function sendAndOpenReview(
  page: Page,
  browser: Browser,
  brandEmail: string,
  scheme: 'light' | 'dark' = 'light',
): Promise<Page> {
  // Sending needs a verified payout profile (#26).
  await saveVerifiedPayoutProfile(page, running());
  await page.getByRole('button', { name: 'Send to the brand' }).click();
  await expect(page.getByText('Awaiting brand', { exact: true }).first()).toBeVisible();
  const mail = await waitForMail(running().mail, brandEmail);
  const brand = await (
    await browser.newContext({
      colorScheme: scheme,
      reducedMotion: 'reduce',
      viewport: page.viewportSize(),
    })
  ).newPage();
  await brand.goto(linkIn(mail, /\/deal-review\?token=/));
  // The token leaves the address bar at once.
  await expect(brand).toHaveURL(/\/deal-review$/);
  return brand;
}

test('a creator sets out a deal with 3 milestones, the brand accepts it, and it is active', async ({
  page,
  browser,
}) => {
  await signUpNewAccount(page, running());
  await expect(page.getByRole('heading', { name: 'Start your first deal' })).toBeVisible();

  const brandEmail = uniqueBrandEmail();
  await page.goto(new URL('/creator/contracts/new', running().baseURL).toString());
  // The total adds up live as the amounts are typed.
  await createDeal(page, {
    title: 'Diwali reel',
    brandEmail,
    milestones: [
      { name: 'Script approved', rupees: '25,000' },
      { name: 'Reel live', rupees: '75000' },
      { name: 'Stories live', rupees: '25,000.50' },
    ],
  });
  await expect(page.getByRole('main')).toContainText('₹1,25,000.50');

  const brand = await sendAndOpenReview(page, browser, brandEmail);
  await expect(brand.getByRole('heading', { level: 1, name: 'Diwali reel' })).toBeVisible();
  await expect(brand.getByRole('main')).toContainText('₹1,25,000.50');
  await expect(
    brand.frameLocator('iframe[title="Contract: Diwali reel"]').locator('body'),
  ).toContainText('Chai Point');

  await brand.getByRole('button', { name: 'Accept' }).click();
  await brand.getByRole('button', { name: 'Accept and sign' }).click();
  await expect(brand.getByLabel('Your full name')).toHaveAccessibleDescription(
    'Type your full name to sign',
  );
  await brand.getByLabel('Your full name').fill('Meera Iyer');
  await brand.getByLabel('I agree to the contract above').check();
  await brand.getByRole('button', { name: 'Accept and sign' }).click();
  await expect(brand.getByRole('heading', { level: 1, name: 'Contract accepted' })).toBeVisible();

  await page.goto(new URL('/creator/contracts/active', running().baseURL).toString());
  const table = page.getByRole('table', { name: 'Active contracts' });
  const row = table.getByRole('row').filter({ hasText: 'Diwali reel' });
  await expect(row).toContainText('Active', { timeout: 15_000 });
  await expect(row).toContainText('₹1,25,000.50');

  // The overview now counts it under contract (reached from the sidebar, as a person would).
  await page
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('link', { name: 'Paylock dashboard' })
    .click();
  await expect(page).toHaveURL(/\/creator\/dashboard\/overview$/);
  await expect(page.getByRole('main')).toContainText('₹1,25,000.50');
});

test('the brand asks for changes: the deal comes back to the creator with the comment', async ({
  page,
  browser,
}) => {
  await signUpNewAccount(page, running());
  const brandEmail = uniqueBrandEmail();
  await createDeal(page, {
    title: 'Launch video',
    brandEmail,
    milestones: [{ name: 'Video live', rupees: '50,000' }],
  });
  const brand = await sendAndOpenReview(page, browser, brandEmail);
  await brand.getByRole('button', { name: 'Request changes' }).click();
  await brand.getByLabel('What should change?').fill('Please move the video to the 20th.');
  await brand.getByRole('button', { name: 'Send back for changes' }).click();
  await expect(
    brand.getByRole('heading', { level: 1, name: 'Sent back for changes' }),
  ).toBeVisible();

  await page.goto(new URL('/creator/collaborations/proposals', running().baseURL).toString());
  await page.getByRole('link', { name: 'Launch video' }).click();
  await expect(page.getByText('Changes requested', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Please move the video to the 20th.');
  await expect(page.getByRole('link', { name: 'Edit draft' })).toBeVisible();
});

test('the brand declines; the link then says the deal was answered', async ({ page, browser }) => {
  await signUpNewAccount(page, running());
  const brandEmail = uniqueBrandEmail();
  await createDeal(page, {
    title: 'Story pack',
    brandEmail,
    milestones: [{ name: 'Stories live', rupees: '10,000' }],
  });
  const brand = await sendAndOpenReview(page, browser, brandEmail);
  await brand.getByRole('button', { name: 'Decline' }).click();
  await brand.getByLabel('Reason (optional)').fill('Budget moved to next quarter.');
  await brand.getByRole('button', { name: 'Decline the deal' }).click();
  await expect(brand.getByRole('heading', { level: 1, name: 'Deal declined' })).toBeVisible();

  const mail = await waitForMail(running().mail, brandEmail);
  await brand.goto(linkIn(mail, /\/deal-review\?token=/));
  await expect(
    brand.getByRole('heading', { level: 1, name: 'This deal has already been answered' }),
  ).toBeVisible();

  await page.goto(new URL('/creator/collaborations/archive', running().baseURL).toString());
  await expect(
    page.getByRole('table', { name: 'Archive' }).getByRole('row').filter({ hasText: 'Story pack' }),
  ).toContainText('Declined');
});

const schemes = ['light', 'dark'] as const;
const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

for (const scheme of schemes) {
  for (const [name, viewport] of Object.entries(viewports)) {
    test(`every deal screen has no accessibility violations, ${scheme} theme on a ${name}`, async ({
      page,
      browser,
    }) => {
      // Eleven axe runs, some over a page with a framed contract.
      test.setTimeout(240_000);
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await signUpNewAccount(page, running());
      const at = (route: string) => new URL(route, running().baseURL).toString();

      // The empty overview and an empty list.
      await expect(page.getByRole('heading', { name: 'Start your first deal' })).toBeVisible();
      await expectNoAccessibilityViolations(page);
      await page.goto(at('/creator/contracts'));
      await expect(page.getByRole('heading', { name: 'No deals yet' })).toBeVisible();
      await expectNoAccessibilityViolations(page);

      // The form with its errors shown.
      await page.goto(at('/creator/contracts/new'));
      await page.getByRole('button', { name: 'Save draft' }).click();
      await expect(page.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
      await expectNoAccessibilityViolations(page);

      const brandEmail = uniqueBrandEmail();
      await createDeal(page, {
        title: 'Festive reel',
        brandEmail,
        milestones: [{ name: 'Reel live', rupees: '40,000' }],
      });
      await expect(page.frameLocator('iframe').locator('body')).toContainText('Chai Point');
      await expectNoAccessibilityViolations(page, { frames: false });

      for (const [route, heading] of [
        ['/creator/dashboard/overview', 'Dashboard'],
        ['/creator/contracts', 'Contracts'],
        ['/creator/contracts/templates', 'Contract template'],
        ['/creator/collaborations', 'Brand collaborations'],
        ['/creator/collaborations/proposals', 'Proposals'],
        ['/creator/campaigns', 'Campaigns'],
      ] as const) {
        await page.goto(at(route));
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
        await expectNoAccessibilityViolations(page);
      }

      await page.goto(at('/creator/contracts'));
      await page.getByRole('link', { name: 'Festive reel' }).click();
      const brand = await sendAndOpenReview(page, browser, brandEmail, scheme);
      await expect(brand.getByRole('heading', { level: 1, name: 'Festive reel' })).toBeVisible();
      await brand.getByRole('button', { name: 'Accept' }).click();
      await expectNoAccessibilityViolations(brand, { frames: false });
    });
  }
}
