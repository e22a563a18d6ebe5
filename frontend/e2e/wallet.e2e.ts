import { readFile } from 'node:fs/promises';
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { MongoClient } from 'mongodb';
import { formatMoney } from '../src/utils/format-money';
import { accessibilityViolations } from './support/accessibility';
import { parseCsv } from './support/csv';
import {
  approve,
  type Brand,
  createDeal,
  dealIdOf,
  deliver,
  dispute,
  expectCreatorMilestone,
  fund,
  type MilestoneDraft,
  REEL_LIVE,
  RELEASED,
  sendAndAccept,
  type StoredLedgerTransaction,
  uniqueBrandEmail,
} from './support/money';
import { saveVerifiedPayoutProfile } from './support/payouts';
import { signUpNewAccount } from './support/sign-in';
import { newMobileNumber, waitForCode } from './support/sms';
import { ADMIN_IDENTITY, startStack, type Stack } from './support/stack';

/**
 * The wallet after money moved (#27), in the browser. One data set for the whole file, made as
 * people make it (beforeAll): a creator with a verified payout profile sends two deals to one
 * brand. "Diwali reel" is funded through the local checkout, delivered and approved: released.
 * "Monsoon story" has a milestone delivered and awaiting approval, one in dispute and one not yet
 * funded. The brand also has an account (its mobile number), and an admin sees the dispute.
 *
 * Then: the wallet's figures, the transactions and their CSV agree with the stored ledger; the
 * withdraw page says where and when, and moves nothing; and axe finds nothing on every screen the
 * money and wallet work added, in both themes at 390 and 1280 px (one visit per screen; the
 * theme and width change in place).
 */
let stack: Stack | undefined;
const contexts: BrowserContext[] = [];

function running(): Stack {
  if (!stack) throw new Error('stack not started');
  return stack;
}

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const url = (path: string) => new URL(path, running().baseURL).toString();

const RELEASED_DEAL = 'Diwali reel';
const RELEASED_MILESTONE = REEL_LIVE.name;
const OPEN_DEAL = 'Monsoon story';
const TEASER: MilestoneDraft = { name: 'Teaser', rupees: '25,000' };
const BEHIND_THE_SCENES: MilestoneDraft = { name: 'Behind the scenes', rupees: '10,000' };

/** What beforeAll made: each party's browser, on its own session. */
interface World {
  creator: Page;
  creatorId: string;
  releasedDealUrl: string;
  openDealUrl: string;
  /** The brand on the open deal's review page (Approve for the teaser, Fund for the reel). */
  brandReview: Brand;
  /** The brand's account (its mobile number), in /brand. */
  brandAccount: Page;
  admin: Page;
}
let world: World | undefined;

function made(): World {
  if (!world) throw new Error('the data set was not made');
  return world;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  stack = await startStack({ backendEnv: { PAYMENTS_WORKER_INTERVAL_MS: '500' } });
  const newPage = async (viewport = DESKTOP) => {
    const context = await browser.newContext({
      reducedMotion: 'reduce',
      viewport,
      // The dates on screen are India's; the test reads them in the same zone.
      timezoneId: 'Asia/Kolkata',
      acceptDownloads: true,
    });
    contexts.push(context);
    // The identity provider's profile photo host is not reachable from here.
    await context.route('https://example.com/**', (route) => route.abort());
    return context.newPage();
  };
  const creator = await newPage();
  await signUpNewAccount(creator, running(), 'Asha Rao');
  await saveVerifiedPayoutProfile(creator, running());
  const mobile = newMobileNumber();

  // Released: funded through the checkout, delivered, approved.
  const releasedEmail = uniqueBrandEmail();
  await createDeal(creator, running(), {
    title: RELEASED_DEAL,
    brandEmail: releasedEmail,
    brandMobile: mobile,
    windowDays: 30,
  });
  const releasedDealUrl = creator.url();
  const releasedBrand = await sendAndAccept(creator, browser, running(), releasedEmail);
  contexts.push(releasedBrand.page.context());
  await fund(releasedBrand.page);
  await creator.goto(releasedDealUrl);
  await expectCreatorMilestone(creator, 'Payment secured');
  await deliver(creator);
  await approve(releasedBrand);
  await expectCreatorMilestone(creator, RELEASED);

  // Open: a delivery awaiting approval, a dispute, a milestone not yet funded.
  const openEmail = uniqueBrandEmail();
  await createDeal(creator, running(), {
    title: OPEN_DEAL,
    brandEmail: openEmail,
    brandMobile: mobile,
    windowDays: 30,
    milestones: [TEASER, BEHIND_THE_SCENES, REEL_LIVE],
  });
  const openDealUrl = creator.url();
  const brandReview = await sendAndAccept(creator, browser, running(), openEmail);
  contexts.push(brandReview.page.context());
  await fund(brandReview.page, TEASER);
  await fund(brandReview.page, BEHIND_THE_SCENES);
  await creator.goto(openDealUrl);
  await expectCreatorMilestone(creator, 'Payment secured', TEASER.name);
  await expectCreatorMilestone(creator, 'Payment secured', BEHIND_THE_SCENES.name);
  await deliver(creator, TEASER.name);
  await dispute(creator, BEHIND_THE_SCENES.name, 'The brand asked for a second shoot unpaid');
  await brandReview.page.goto(brandReview.link);
  await expect(
    brandReview.page
      .getByRole('listitem', { name: TEASER.name })
      .getByRole('button', { name: 'Approve' }),
  ).toBeVisible();

  // The brand's account: the number both deals were sent to.
  const brandAccount = await newPage();
  await brandAccount.goto(url('/register?as=brand'));
  await brandAccount.getByLabel('Mobile Number').fill(mobile);
  await brandAccount.getByRole('button', { name: 'Get OTP' }).click();
  await brandAccount.getByLabel('Enter the code').fill(await waitForCode(running().sms, mobile));
  await brandAccount.getByRole('button', { name: 'Verify' }).click();
  await brandAccount.getByLabel('Company name').fill('Chai Point');
  await brandAccount.getByLabel('Contact name').fill('Meera Iyer');
  await brandAccount.getByRole('button', { name: 'Continue' }).click();
  await expect(brandAccount).toHaveURL(/\/brand\/deals$/);

  // The admin (ADMIN_EMAILS makes the account an admin at sign-up).
  const admin = await newPage();
  running().identityProvider.setNextIdentity(ADMIN_IDENTITY);
  await admin.goto(url('/register'));
  await admin.getByRole('button', { name: 'Sign up with Google' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  const creatorId = (await ledgerOf(dealIdOf(releasedDealUrl)))[0]?.creatorId ?? '';
  world = {
    creator,
    creatorId,
    releasedDealUrl,
    openDealUrl,
    brandReview,
    brandAccount,
    admin,
  };
});

test.afterAll(async () => {
  for (const context of contexts) await context.close();
  await stack?.stop();
});

/** The stored ledger transactions matching `filter`, in the order they were written. */
async function ledgerWhere(filter: Partial<StoredLedgerTransaction>) {
  const client = new MongoClient(running().databaseUri);
  try {
    await client.connect();
    return await client
      .db()
      .collection<StoredLedgerTransaction>('ledger_transactions')
      .find(filter)
      .sort({ at: 1, _id: 1 })
      .toArray();
  } finally {
    await client.close();
  }
}

const ledgerOf = (dealId: string) => ledgerWhere({ dealId });

interface ExpectedLine {
  at: Date;
  dealId: string;
  milestoneId: string;
  kind: string;
  account: 'held' | 'releasing' | 'paid_out';
  amountPaise: number;
  balanceAfterPaise: number;
}

/**
 * The creator's lines as the ledger defines them: each line on one of the creator's accounts
 * (`creator:<id>:<account>`), with that account's balance after it over all of the creator's
 * transactions, newest first.
 */
function creatorLines(transactions: StoredLedgerTransaction[], creatorId: string): ExpectedLine[] {
  const balances = new Map<string, number>();
  const lines: ExpectedLine[] = [];
  for (const transaction of transactions) {
    for (const line of transaction.lines) {
      const [owner, id, account] = line.account.split(':');
      if (owner !== 'creator' || id !== creatorId) continue;
      const balanceAfterPaise = (balances.get(line.account) ?? 0) + line.amountPaise;
      balances.set(line.account, balanceAfterPaise);
      lines.push({
        at: transaction.at,
        dealId: transaction.dealId,
        milestoneId: transaction.milestoneId,
        kind: transaction.kind,
        account: account as ExpectedLine['account'],
        amountPaise: line.amountPaise,
        balanceAfterPaise,
      });
    }
  }
  return lines.reverse();
}

/** Each creator account's balance over the whole ledger, as the wallet's three figures. */
function figuresOf(lines: ExpectedLine[]) {
  const total = (account: ExpectedLine['account']) =>
    lines.filter((line) => line.account === account).reduce((sum, l) => sum + l.amountPaise, 0);
  return { Held: total('held'), Releasing: total('releasing'), 'Paid out': total('paid_out') };
}

const figure = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function expectFigures(page: Page, expected: Record<string, number>) {
  for (const [name, paise] of Object.entries(expected)) {
    // The figure's total comes first, then its deals.
    await expect(figure(page, name).getByRole('paragraph').first()).toHaveText(formatMoney(paise));
  }
}

const KIND_LABELS: Record<string, string> = {
  funded: 'Funded by the brand',
  released: 'Released',
  settled: 'Settled to your bank',
  refunded: 'Refunded to the brand',
};
const ACCOUNT_LABELS: Record<string, string> = {
  held: 'Held',
  releasing: 'Releasing',
  paid_out: 'Paid out',
};
const dateTime = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});
/** Paise as the CSV writes rupees: two decimals, no grouping. */
const rupees = (paise: number) => (paise / 100).toFixed(2);
/** A CSV cell a spreadsheet would read as a formula starts with an apostrophe (as the API writes it). */
const asCsvCell = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

async function tableRows(table: Locator): Promise<string[][]> {
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        [...row.querySelectorAll('td, th')].map((cell) => (cell as HTMLElement).innerText.trim()),
      ),
    );
}

test('the wallet shows a released milestone as releasing, then paid out once settled; the transactions and their CSV agree with the ledger', async () => {
  test.setTimeout(90_000);
  const { creator, creatorId, releasedDealUrl } = made();
  const dealId = dealIdOf(releasedDealUrl);
  const amount = formatMoney(12_500_000);

  // Released, not settled: the ₹1,25,000 is on its way ("Releasing"), under its deal.
  await expect
    .poll(async () => (await ledgerOf(dealId)).map(({ kind }) => kind))
    .toEqual(['funded', 'released']);
  await creator.goto(url('/creator/wallet'));
  await expect(creator.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
  await expectFigures(
    creator,
    figuresOf(creatorLines(await ledgerWhere({ creatorId }), creatorId)),
  );
  const releasing = figure(creator, 'Releasing');
  await expect(releasing.getByRole('listitem').filter({ hasText: RELEASED_DEAL })).toContainText(
    amount,
  );
  await expect(
    figure(creator, 'Paid out').getByRole('listitem').filter({ hasText: RELEASED_DEAL }),
  ).toHaveCount(0);

  // Razorpay settles the transfer (the next working day): the money is paid out.
  // (Once the hold is lifted at the gateway: the one transfer released, the others still held.)
  let settled = 0;
  await expect.poll(() => (settled += running().payments.settle().length)).toBe(1);
  await expect
    .poll(async () => (await ledgerOf(dealId)).map(({ kind }) => kind))
    .toEqual(['funded', 'released', 'settled']);
  await creator.reload();
  const everything = creatorLines(await ledgerWhere({ creatorId }), creatorId);
  await expectFigures(creator, figuresOf(everything));
  await expect(
    figure(creator, 'Paid out').getByRole('listitem').filter({ hasText: RELEASED_DEAL }),
  ).toContainText(amount);
  await expect(releasing.getByRole('listitem').filter({ hasText: RELEASED_DEAL })).toHaveCount(0);

  // The deal's lines: funded into held, released from held to releasing, settled to paid out.
  const expected = everything.filter((line) => line.dealId === dealId);
  expect(expected.map(({ kind, account, amountPaise }) => [kind, account, amountPaise])).toEqual([
    ['settled', 'paid_out', 12_500_000],
    ['settled', 'releasing', -12_500_000],
    ['released', 'releasing', 12_500_000],
    ['released', 'held', -12_500_000],
    ['funded', 'held', 12_500_000],
  ]);
  await creator.goto(url('/creator/wallet/transactions'));
  await creator.getByLabel('Deal').selectOption({ label: RELEASED_DEAL });
  const table = creator.getByRole('table', { name: 'Your transactions' });
  await expect(table.locator('tbody tr')).toHaveCount(expected.length);
  expect(await tableRows(table)).toEqual(
    expected.map((line) => [
      dateTime.format(line.at),
      RELEASED_DEAL,
      RELEASED_MILESTONE,
      KIND_LABELS[line.kind],
      ACCOUNT_LABELS[line.account],
      formatMoney(line.amountPaise),
      formatMoney(line.balanceAfterPaise),
    ]),
  );

  // The CSV the page downloads (the deal's filter applies): the same lines, in rupees, money in
  // and out unsigned in their own columns (as a bank statement prints them).
  const download = creator.waitForEvent('download');
  await creator.getByRole('button', { name: 'Download CSV' }).click();
  const file = await (await download).path();
  const csv = parseCsv(await readFile(file, 'utf8'));
  expect(csv[0]).toEqual([
    'Date (UTC)',
    'Deal',
    'Deal id',
    'Milestone',
    'Milestone id',
    'What happened',
    'Account',
    'Money in (INR)',
    'Money out (INR)',
    'Balance after (INR)',
  ]);
  expect(csv.slice(1)).toEqual(
    expected.map((line) =>
      [
        line.at.toISOString(),
        RELEASED_DEAL,
        dealId,
        RELEASED_MILESTONE,
        line.milestoneId,
        line.kind,
        line.account,
        line.amountPaise > 0 ? rupees(line.amountPaise) : '',
        line.amountPaise < 0 ? rupees(-line.amountPaise) : '',
        rupees(line.balanceAfterPaise),
      ].map(asCsvCell),
    ),
  );
});

test('Withdraw says where the money goes (masked) and when, and has no button that moves money', async () => {
  const { creator } = made();
  await creator.goto(url('/creator/wallet/withdraw'));
  await expect(creator.getByRole('heading', { level: 1, name: 'Withdraw' })).toBeVisible();
  const main = creator.getByRole('main');
  // The verified bank account of saveVerifiedPayoutProfile (50100123456789), masked.
  await expect(main.getByText(/••••6789/)).toBeVisible();
  await expect(main).not.toContainText('50100123456789');
  await expect(main).toContainText(
    'Razorpay Route settles a released transfer to this account automatically on the next working day.',
  );
  await expect(main.getByRole('button')).toHaveCount(0);
});

/** Every screen the money and wallet work added, each with data in it. */
const screens: {
  name: string;
  page: (world: World) => Page;
  /** Where to go; null stays on the page the screen before left (and acts on it in `ready`). */
  path: (world: World) => string | null;
  ready: (page: Page) => Promise<void>;
  frames?: boolean;
}[] = [
  ...(
    [
      [
        '/creator/dashboard/overview',
        'Dashboard',
        (page) => page.getByRole('region', { name: 'Your money' }),
      ],
      ['/creator/wallet', 'Wallet', (page) => page.getByRole('link', { name: RELEASED_DEAL })],
      [
        '/creator/wallet/transactions',
        'Transactions',
        (page) => page.getByRole('cell', { name: 'Released', exact: true }),
      ],
      ['/creator/wallet/withdraw', 'Withdraw', (page) => page.getByText(/••••6789/)],
      [
        '/creator/wallet/settings',
        'Payout settings',
        (page) => page.getByRole('heading', { name: 'Saved details' }),
      ],
      ['/creator/invoices', 'Invoices', (page) => page.getByRole('cell', { name: 'Chai Point' })],
      ['/creator/invoices/pending', 'Pending invoices', null],
      // Paid once the wallet's test above has settled the transfer; pending before.
      ['/creator/invoices/paid', 'Paid invoices', null],
      ['/creator/invoices/overdue', 'Overdue invoices', null],
      ['/creator/invoices/create', 'Create invoice', null],
    ] as const satisfies readonly (readonly [string, string, ((page: Page) => Locator) | null])[]
  ).map(([path, heading, content]) => ({
    name: path,
    page: (world: World) => world.creator,
    path: () => path,
    ready: async (page: Page) => {
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
      if (!content) return;
      // What a background worker writes (the invoice) may come after the page's first load.
      let attempt = 0;
      await expect(async () => {
        if (attempt++ > 0) await page.reload();
        await expect(content(page).first()).toBeVisible({ timeout: 5_000 });
      }).toPass({ timeout: 45_000 });
    },
  })),
  {
    name: 'the creator’s deal page (delivered, disputed and unfunded milestones)',
    page: (world) => world.creator,
    path: (world) => world.openDealUrl,
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: OPEN_DEAL })).toBeVisible();
      await expectCreatorMilestone(page, 'Delivered, awaiting approval', TEASER.name);
    },
    // The contract preview is a sandboxed frame without scripts.
    frames: false,
  },
  {
    name: 'the brand’s review page (Approve and Fund)',
    page: (world) => world.brandReview.page,
    path: (world) => world.brandReview.link,
    ready: async (page) => {
      await expect(
        page.getByRole('listitem', { name: TEASER.name }).getByRole('button', { name: 'Approve' }),
      ).toBeVisible();
      await expect(
        page
          .getByRole('listitem', { name: REEL_LIVE.name })
          .getByRole('button', { name: /^Fund milestone/ }),
      ).toBeVisible();
    },
  },
  {
    name: 'the brand’s review page with the Approve dialog open',
    page: (world) => world.brandReview.page,
    path: () => null,
    ready: async (page) => {
      await page
        .getByRole('listitem', { name: TEASER.name })
        .getByRole('button', { name: 'Approve' })
        .click();
      await expect(page.getByRole('dialog', { name: 'Approve this delivery?' })).toBeVisible();
    },
  },
  {
    name: '/brand (the brand workspace)',
    page: (world) => world.brandAccount,
    path: () => '/brand',
    ready: async (page) => {
      await expect(
        page.getByRole('list', { name: 'Deals sent to you' }).getByRole('listitem'),
      ).toHaveCount(2);
    },
  },
  {
    name: '/admin/disputes',
    page: (world) => world.admin,
    path: () => '/admin/disputes',
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Disputes' })).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: OPEN_DEAL })).toBeVisible();
    },
  },
  {
    name: 'an admin’s dispute page',
    page: (world) => world.admin,
    path: () => null,
    ready: async (page) => {
      await page
        .getByRole('row')
        .filter({ hasText: OPEN_DEAL })
        .getByRole('link', { name: `${OPEN_DEAL}: ${BEHIND_THE_SCENES.name}` })
        .click();
      await expect(page.getByRole('region', { name: 'Both sides' })).toContainText(
        'The brand asked for a second shoot unpaid',
      );
    },
  },
];

test('axe: no violations on any money or wallet screen, in both themes at 390 and 1280 px, none wider than the screen', async () => {
  test.setTimeout(150_000);
  const found: string[] = [];
  for (const screen of screens) {
    const page = screen.page(made());
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
    await page.setViewportSize(DESKTOP);
    const path = screen.path(made());
    if (path !== null) await page.goto(url(path));
    await screen.ready(page);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await expect(page.locator('html')).toHaveClass(scheme);
      for (const viewport of [DESKTOP, PHONE]) {
        await page.setViewportSize(viewport);
        const violations = await accessibilityViolations(page, {
          ...(screen.frames === false && { frames: false }),
        });
        // Nothing wider than the screen: a wide table scrolls inside its own region.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        if (overflow > 0)
          violations.push(`the page is ${String(overflow)} px wider than the screen`);
        found.push(
          ...violations.map(
            (violation) => `${screen.name}, ${scheme}, ${String(viewport.width)} px: ${violation}`,
          ),
        );
      }
    }
  }
  expect(found).toEqual([]);
});
