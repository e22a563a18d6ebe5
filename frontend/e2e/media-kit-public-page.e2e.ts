import { type Browser, expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { expectNoAccessibilityViolations } from './support/accessibility';
import { startStack, type Stack } from './support/stack';

/*
 * A creator's public media kit at /@handle (#42), as a brand opens it: a fresh browser context with
 * JavaScript turned off still reads the packages and the track record (the page is the backend's
 * server-rendered HTML), and axe-core finds nothing in either theme on a phone or a laptop.
 */

let stack: Stack | undefined;
// No dot: a handle without one looks like any page address (no file extension) to the server.
const handle = `kit${randomUUID().slice(0, 8)}`;

function running(): Stack {
  if (!stack) throw new Error('stack not started');
  return stack;
}

async function api(path: string, method: 'POST' | 'PUT', body: object, token?: string) {
  const response = await fetch(new URL(`/api/v1${path}`, running().baseURL), {
    method,
    headers: {
      'Content-Type': 'application/json',
      'X-Requested-With': 'paylock',
      ...(token && { Authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body),
  });
  expect(response.ok, `${method} ${path} answered ${String(response.status)}`).toBe(true);
  return response;
}

const reel = {
  platform: 'instagram',
  kind: 'reel',
  quantity: 1,
  usageRights: 'Organic posting on the brand’s Instagram',
  usagePeriodDays: 90,
  turnaroundDays: 10,
  milestoneSplit: [50, 50],
};

/** Signs a creator up through the API and publishes their kit, the track record shown. */
async function publishKit(): Promise<void> {
  const credential = await running().identityProvider.issueIdToken({
    sub: `e2e-kit-${handle}`,
    email: `${handle}@example.com`,
    name: 'Meera Iyer',
    email_verified: true,
  });
  const session = await api('/auth/register', 'POST', { credential });
  const { accessToken } = (await session.json()) as { accessToken: string };
  await api(
    '/media-kit',
    'PUT',
    {
      bio: 'Food and festivals from Chennai, in Tamil and English.',
      niches: ['food'],
      languages: ['Tamil', 'English'],
      city: 'Chennai',
      portfolioLinks: ['https://example.com/meera/pongal-reel'],
      platforms: [
        {
          platform: 'instagram',
          handle: 'meera.eats',
          audience: { followers: 98_500, medianViews: 31_000, note: 'Mostly Tamil Nadu, 18–34' },
        },
      ],
      packages: [
        {
          ...reel,
          title: 'One Instagram Reel',
          pricePaise: 35_000_00,
          priceIsFrom: true,
          visible: true,
        },
        {
          ...reel,
          title: 'Festival bundle',
          pricePaise: 1_50_000_00,
          priceIsFrom: false,
          visible: true,
        },
        {
          ...reel,
          title: 'Hidden draft package',
          pricePaise: 10_000_00,
          priceIsFrom: false,
          visible: false,
        },
      ],
      allowIndexing: false,
      showTrackRecord: true,
    },
    accessToken,
  );
  await api('/media-kit/handle', 'PUT', { handle }, accessToken);
  await api('/media-kit/publication', 'PUT', { published: true }, accessToken);
}

test.beforeAll(async () => {
  stack = await startStack();
  await publishKit();
});

test.afterAll(async () => {
  await stack?.stop();
});

const viewports = {
  phone: { width: 390, height: 844 },
  laptop: { width: 1280, height: 800 },
} as const;

/**
 * A brand's browser that never ran this site: with JavaScript turned off to read the page, or on
 * (the page itself has no script: its CSP allows none) for axe-core, which runs as a script.
 */
async function freshContext(
  browser: Browser,
  colorScheme: 'light' | 'dark',
  viewport: { width: number; height: number },
  javaScriptEnabled: boolean,
) {
  return browser.newContext({ javaScriptEnabled, colorScheme, viewport });
}

const pageUrl = () => new URL(`/@${handle}`, running().baseURL).toString();

for (const colorScheme of ['light', 'dark'] as const) {
  for (const [name, viewport] of Object.entries(viewports)) {
    test(`the public page reads without JavaScript, ${colorScheme} theme on a ${name}`, async ({
      browser,
    }) => {
      const withoutScript = await freshContext(browser, colorScheme, viewport, false);
      try {
        const page = await withoutScript.newPage();
        const answer = await page.goto(pageUrl());
        expect(answer?.status()).toBe(200);
        await expect(page.getByRole('heading', { level: 1, name: 'Meera Iyer' })).toBeVisible();
        const rateCard = page.getByRole('list').filter({ hasText: 'One Instagram Reel' });
        await expect(rateCard.getByRole('heading', { name: 'One Instagram Reel' })).toBeVisible();
        await expect(rateCard.getByText('from ₹35,000.00')).toBeVisible();
        await expect(rateCard.getByText('₹1,50,000.00')).toBeVisible();
        await expect(page.getByText('Hidden draft package')).toHaveCount(0);
        await expect(page.getByText(/self-reported on \d{4}-\d{2}-\d{2}/)).toBeVisible();
        await expect(
          page.getByRole('heading', { level: 2, name: 'Track record on Paylock' }),
        ).toBeVisible();
        await expect(page.getByText('0 deals completed through Paylock')).toBeVisible();
        await expect(page.getByText('0 payments received via Paylock')).toBeVisible();
      } finally {
        await withoutScript.close();
      }

      const forAxe = await freshContext(browser, colorScheme, viewport, true);
      try {
        const page = await forAxe.newPage();
        await page.goto(pageUrl());
        await expect(page.getByRole('heading', { level: 1, name: 'Meera Iyer' })).toBeVisible();
        expect(await page.evaluate(() => document.scripts.length)).toBe(0);
        await expectNoAccessibilityViolations(page);
      } finally {
        await forAxe.close();
      }
    });
  }
}
