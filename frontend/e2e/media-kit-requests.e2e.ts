import { expect, test, type Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/accessibility';
import { linkIn, waitForMail } from './support/mail';
import { saveVerifiedPayoutProfile } from './support/payouts';
import { signUpNewAccount } from './support/sign-in';
import { newMobileNumber, waitForCode } from './support/sms';
import { startStack, type Stack } from './support/stack';

/**
 * "Request this package" (#42), end to end in the local stand-ins: a creator's published kit; a
 * brand, in a browser of its own and without an account, opens the public page, follows "Request
 * this package", proves its mobile with the SMS code from the local inbox and sends a brief; the
 * creator accepts the request, lands in the deal editor on the prefilled draft, saves and sends
 * it; the brand accepts it from the e-mailed review link, as any brand does.
 */
let stack: Stack | undefined;

function running(): Stack {
  if (!stack) throw new Error('stack not started');
  return stack;
}

test.beforeAll(async () => {
  stack = await startStack();
});

test.afterAll(async () => {
  await stack?.stop();
});

/** axe in both themes at a phone's and a laptop's width, then back to light. */
async function expectAccessibleEverywhere(page: Page): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await expect(page.locator('html')).toHaveClass(scheme);
      await expectNoAccessibilityViolations(page);
    }
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
}

const IST_OFFSET_MS = 330 * 60_000;
const dayAhead = (days: number) =>
  new Date(Date.now() + IST_OFFSET_MS + days * 86_400_000).toISOString().slice(0, 10);

/** The creator's kit with one package, handle and publication, through the API (the kit's screens have their own specs). */
async function publishKit(page: Page, handle: string): Promise<void> {
  const api = (path: string) => new URL(path, running().baseURL).toString();
  const authorized = page.waitForRequest(
    (request) =>
      request.url().includes('/api/v1/') && request.headers().authorization !== undefined,
  );
  await page.reload();
  const headers = { authorization: (await authorized).headers().authorization ?? '' };
  const saved = await page.request.put(api('/api/v1/media-kit'), {
    headers,
    data: {
      bio: 'Beauty and travel in Hindi and English.',
      niches: ['beauty'],
      languages: ['Hindi'],
      city: 'Pune',
      portfolioLinks: [],
      platforms: [],
      packages: [
        {
          title: 'Instagram Reel',
          platform: 'instagram',
          kind: 'reel',
          quantity: 1,
          usageRights: 'Organic use on the brand’s Instagram',
          usagePeriodDays: 90,
          pricePaise: 2_500_000,
          priceIsFrom: false,
          turnaroundDays: 10,
          milestoneSplit: [50, 50],
          visible: true,
        },
      ],
      allowIndexing: false,
      showTrackRecord: false,
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  for (const [path, data] of [
    ['/api/v1/media-kit/handle', { handle }],
    ['/api/v1/media-kit/publication', { published: true }],
  ] as const) {
    const answer = await page.request.put(api(path), { headers, data });
    expect(answer.ok(), await answer.text()).toBe(true);
  }
}

test('a brand requests a package with an SMS code; the creator turns it into a draft and sends it; the brand accepts', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const handle = `asha.${String(Date.now() % 100_000)}`;
  await signUpNewAccount(page, running(), 'Asha Rao');
  await publishKit(page, handle);

  // The brand: no account, a browser of its own, the server-rendered public page.
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const brand = await context.newPage();
  await brand.goto(new URL(`/@${handle}`, running().baseURL).toString());
  await expect(brand.getByRole('heading', { level: 1, name: 'Asha Rao' })).toBeVisible();
  await brand.getByRole('link', { name: 'Request this package' }).click();
  await expect(
    brand.getByRole('heading', { level: 1, name: 'Request “Instagram Reel” from Asha Rao' }),
  ).toBeVisible();
  await expectAccessibleEverywhere(brand);
  const mobile = newMobileNumber();
  const contactEmail = `meera.${String(Date.now())}@brand.example`;
  await brand.getByLabel('Company').fill('Chai Point');
  await brand.getByLabel('Your name').fill('Meera Iyer');
  await brand.getByLabel('Work e-mail').fill(contactEmail);
  await brand.getByLabel('Brief').fill('One reel for our Diwali launch.');
  await brand.getByLabel('First day').fill(dayAhead(3));
  await brand.getByLabel('Last day').fill(dayAhead(20));
  await brand.getByLabel('Mobile number').fill(mobile);
  await brand.getByRole('button', { name: 'Send code' }).click();
  await brand.getByLabel('Code from the SMS').fill(await waitForCode(running().sms, mobile));
  await brand.getByRole('button', { name: 'Send request' }).click();
  // The request proves the code, stores the request and tells the creator: on a loaded machine,
  // more than the default 10 s.
  await expect(brand.getByRole('heading', { level: 1, name: 'Request sent' })).toBeVisible({
    timeout: 30_000,
  });

  // The creator: told in the bell, answers on the Requests page, lands in the deal editor.
  await page.goto(new URL('/creator/media-kit/requests', running().baseURL).toString());
  await expect(page.getByRole('heading', { name: 'Chai Point: “Instagram Reel”' })).toBeVisible();
  await expectAccessibleEverywhere(page);
  await page.getByRole('button', { name: 'Accept and draft the deal' }).click();
  await expect(page).toHaveURL(/\/creator\/contracts\/[^/]+\/edit$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Edit: Instagram Reel for Chai Point' }),
  ).toBeVisible();
  await expect(page.getByLabel('Contact e-mail')).toHaveValue(contactEmail);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).not.toHaveURL(/\/edit$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Instagram Reel for Chai Point', exact: true }),
  ).toBeVisible();
  await saveVerifiedPayoutProfile(page, running());
  await page.getByRole('button', { name: 'Send to the brand' }).click();
  await expect(page.getByText('Awaiting brand', { exact: true }).first()).toBeVisible();

  // The brand accepts from the e-mailed review link, as any brand does.
  const mail = await waitForMail(running().mail, contactEmail);
  await brand.goto(linkIn(mail, /\/deal-review\?token=/));
  await expect(
    brand.getByRole('heading', { level: 1, name: 'Instagram Reel for Chai Point' }),
  ).toBeVisible();
  await expect(brand.getByRole('main')).toContainText('₹25,000.00');
  await brand.getByRole('button', { name: 'Accept' }).click();
  await brand.getByLabel('Your full name').fill('Meera Iyer');
  await brand.getByLabel('I agree to the contract above').check();
  await brand.getByRole('button', { name: 'Accept and sign' }).click();
  await expect(brand.getByRole('heading', { level: 1, name: 'Contract accepted' })).toBeVisible();

  // The funnel counts it: received, sent, accepted (not funded yet).
  await page.goto(new URL('/creator/media-kit/analytics', running().baseURL).toString());
  const funnel = page.getByRole('region', { name: 'From requests to funded deals' });
  await expect(funnel.getByRole('listitem')).toHaveText([
    '1Requests received',
    '1Deals sent',
    '1Accepted by the brand',
    '0Funded',
  ]);
  await context.close();
});
