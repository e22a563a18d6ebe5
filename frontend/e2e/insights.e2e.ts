import { expect, test, type Page } from '@playwright/test';
import { MongoClient } from 'mongodb';
import { accessibilityViolations } from './support/accessibility';
import { signUpNewAccount } from './support/sign-in';
import { startStack, type Stack } from './support/stack';

/**
 * Analytics and insights (#40) in the browser. A creator signs up with no deal: both pages say so
 * honestly and offer a new deal. Then one accepted deal arrives the way every deal change does,
 * through the deals' claim log (written here with the driver: a funded, a submitted and an
 * unfunded milestone), and the follower brings it to the pages: the chart with its table, a range
 * switch, the sentences with their evidence, what's coming. axe finds nothing on either page in
 * both themes at 390 and 1280 px.
 */
let stack: Stack | undefined;
let page: Page | undefined;
/** The creator's Google address (the first test signs them up). */
let creatorEmail = '';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const DAY = 86_400_000;

function running(): { stack: Stack; page: Page } {
  if (!stack || !page) throw new Error('stack not started');
  return { stack, page };
}

const url = (path: string) => new URL(path, running().stack.baseURL).toString();

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  stack = await startStack();
  const context = await browser.newContext({
    reducedMotion: 'reduce',
    viewport: DESKTOP,
    timezoneId: 'Asia/Kolkata',
  });
  await context.route('https://example.com/**', (route) => route.abort());
  page = await context.newPage();
});

test.afterAll(async () => {
  await page?.context().close();
  await stack?.stop();
});

/** An accepted deal of the creator, as a claim of the deals' log holds it (see MongoDealRepository). */
function acceptedDeal(creatorId: string) {
  const now = Date.now();
  const at = (days: number) => new Date(now - days * DAY);
  const milestone = (id: string, name: string, amountPaise: number) => ({
    id,
    name,
    releaseCondition: 'Live',
    amountPaise,
    dueDate: new Date(now + 10 * DAY).toISOString().slice(0, 10),
    state: 'pending',
    fundedAt: null,
    submission: null,
    revisionsUsed: 0,
    approvalDueAt: null,
    approvedAt: null,
    releasedAt: null,
    settledAt: null,
    refundedAt: null,
    dispute: null,
    funding: null,
  });
  const moveOf = (
    days: number,
    by: string,
    id: string,
    action: string,
    from: string,
    to: string,
  ) => ({
    at: at(days),
    by,
    actor: by,
    from: 'accepted',
    to: 'accepted',
    version: 1,
    milestone: { id, action, from, to },
  });
  return {
    _id: `e2e-insights-${creatorId}`,
    creatorId,
    state: 'accepted',
    version: 1,
    revision: 3,
    title: 'Monsoon reel',
    brief: '',
    campaign: null,
    brand: {
      companyName: 'Chai Point',
      contactName: 'Meera Iyer',
      contactEmail: 'meera@chaipoint.in',
      contactMobile: '9876543210',
    },
    brandKey: 'chai point',
    deliverables: [],
    milestones: [
      { ...milestone('m1', 'Signing', 25_000_00), state: 'funded', fundedAt: at(4) },
      {
        ...milestone('m2', 'Draft', 50_000_00),
        state: 'submitted',
        fundedAt: at(4),
        submission: { links: [], note: '', at: at(1) },
        approvalDueAt: new Date(now + 6 * DAY),
      },
      milestone('m3', 'Live', 50_000_00),
    ],
    totalPaise: 1_25_000_00,
    approvalWindowDays: 7,
    revisionRounds: 2,
    gstApplies: false,
    gstin: null,
    createdAt: at(12),
    updatedAt: new Date(now),
    sentAt: at(11),
    linkExpiresAt: null,
    history: [
      { at: at(10), by: 'brand', actor: 'brand', from: 'sent', to: 'accepted', version: 1 },
      moveOf(4, 'system', 'm1', 'fund', 'pending', 'funded'),
      moveOf(4, 'system', 'm2', 'fund', 'pending', 'funded'),
      moveOf(1, 'creator', 'm2', 'submit', 'funded', 'submitted'),
    ],
    contracts: [],
    lastError: null,
  };
}

async function axeBothThemesAndWidths(name: string): Promise<string[]> {
  const { page: current } = running();
  const found: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await current.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await expect(current.locator('html')).toHaveClass(scheme);
    for (const viewport of [DESKTOP, PHONE]) {
      await current.setViewportSize(viewport);
      const violations = await accessibilityViolations(current);
      const overflow = await current.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      if (overflow > 0) violations.push(`the page is ${String(overflow)} px wider than the screen`);
      found.push(
        ...violations.map((v) => `${name}, ${scheme}, ${String(viewport.width)} px: ${v}`),
      );
    }
  }
  await current.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await current.setViewportSize(DESKTOP);
  return found;
}

test('a creator with no deal sees honest empty pages with a way to start one', async () => {
  const { stack: started, page: creator } = running();
  creatorEmail = (await signUpNewAccount(creator, started, 'Asha Rao')).email;
  await creator.goto(url('/creator/dashboard/analytics'));
  await expect(creator.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await expect(creator.getByRole('heading', { name: 'No deals yet' })).toBeVisible();
  await expect(creator.getByRole('link', { name: 'New deal' })).toHaveAttribute(
    'href',
    '/creator/contracts/new',
  );
  await creator.goto(url('/creator/dashboard/insights'));
  await expect(creator.getByRole('heading', { name: 'No deals yet' })).toBeVisible();
});

test('shows the figures as a chart and a table, switches the range, and says what is coming', async () => {
  test.setTimeout(120_000);
  const { stack: started, page: creator } = running();
  const client = await new MongoClient(started.databaseUri).connect();
  try {
    const db = client.db();
    const user = await db.collection('users').findOne({ email: creatorEmail });
    const deal = acceptedDeal(String(user?._id));
    await db.collection('deals').insertOne(deal as never);
    await db.collection('deal_claims').insertOne({
      _id: `${deal._id}:2`,
      dealId: deal._id,
      revision: 2,
      next: deal,
      at: new Date(),
    } as never);
  } finally {
    await client.close();
  }
  await creator.goto(url('/creator/dashboard/analytics'));
  // The follower takes the claim within a second or two: the page shows it once reloaded.
  await expect(async () => {
    await creator.reload();
    await expect(creator.getByRole('region', { name: 'Money' })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const money = creator.getByRole('region', { name: 'Money' });
  await expect(money.getByRole('img', { name: 'Money, this period' })).toBeVisible();
  await money.getByText('Money as a table').click();
  await expect(money.getByRole('row', { name: /Funded/ })).toContainText('₹75,000.00');
  await expect(money.getByRole('row', { name: /Held/ })).toContainText('₹75,000.00');

  await creator.getByLabel('Period', { exact: true }).selectOption('custom');
  const indiaDay = (at: number) =>
    new Date(at).toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
  await creator.getByLabel('From', { exact: true }).fill('2020-01-01');
  await creator.getByLabel('To', { exact: true }).fill(indiaDay(Date.now()));
  await creator.getByRole('button', { name: 'Apply' }).click();
  await expect(creator.getByText('the range must be at most 5 years')).toBeVisible();
  await creator.getByLabel('From', { exact: true }).fill(indiaDay(Date.now() - 30 * DAY));
  await creator.getByRole('button', { name: 'Apply' }).click();
  await expect(creator.getByText(/, compared with /)).toBeVisible();
  await expect(creator.getByText('the range must be at most 5 years')).toHaveCount(0);
  await money.getByText('Money as a table').click();
  await expect(money.getByRole('row', { name: /Funded/ })).toContainText('₹75,000.00');
  expect(await axeBothThemesAndWidths('analytics')).toEqual([]);

  await creator.goto(url('/creator/dashboard/insights'));
  const due = creator
    .getByRole('listitem')
    .filter({ hasText: /^₹50,000 is due to be released by \d{1,2} \w+ if nothing is disputed\./ });
  await expect(due).toBeVisible();
  await due.getByText('Evidence (1)').click();
  await expect(due.getByRole('link', { name: 'Monsoon reel: Draft' })).toHaveAttribute(
    'href',
    /^\/creator\/contracts\/e2e-insights-/,
  );
  await expect(
    creator.getByText('1 milestone waits for funding longer than 7 days.'),
  ).toBeVisible();
  await expect(creator.getByRole('table', { name: 'Money expected by day' })).toContainText(
    'approval window ends',
  );
  expect(await axeBothThemesAndWidths('insights')).toEqual([]);
});
