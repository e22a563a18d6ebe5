/**
 * Driving milestone money through the browser (#26, #27), shared by the money and wallet specs: a
 * creator writes a deal and sends it, the brand accepts it on the e-mailed review page and funds
 * milestones through the local gateway's hosted checkout, the creator delivers, the brand approves.
 */
import { expect, type Browser, type Page } from '@playwright/test';
import { MongoClient } from 'mongodb';
import { linkIn, waitForMail } from './mail';
import type { Stack } from './stack';

const IST_OFFSET_MS = 330 * 60_000;

/** A day `days` after today in India, YYYY-MM-DD (the API refuses days in the past). */
export const dayAhead = (days: number) =>
  new Date(Date.now() + IST_OFFSET_MS + days * 86_400_000).toISOString().slice(0, 10);

let counter = 0;
/** A brand contact address no other deal of the run uses. */
export const uniqueBrandEmail = () => {
  counter += 1;
  return `meera.${String(Date.now())}.${String(counter)}@brand.example`;
};

export interface MilestoneDraft {
  readonly name: string;
  /** As typed in the form, e.g. '1,25,000'. */
  readonly rupees: string;
}

export interface DealDraft {
  readonly title: string;
  readonly brandEmail: string;
  readonly brandMobile?: string;
  /** The approval window in days; the form's default (7) unless given. */
  readonly windowDays?: number;
  readonly milestones?: readonly MilestoneDraft[];
  /** GST applies to the deal, charged under the creator's GSTIN. */
  readonly gst?: { readonly gstin: string };
}

export const REEL_LIVE: MilestoneDraft = { name: 'Reel live', rupees: '1,25,000' };

/** Saves a deal as a draft (one milestone, REEL_LIVE, unless told); the page becomes the deal's. */
export async function createDeal(page: Page, stack: Stack, deal: DealDraft): Promise<void> {
  await page.goto(new URL('/creator/contracts/new', stack.baseURL).toString());
  await expect(page.getByRole('heading', { level: 1, name: 'New deal' })).toBeVisible();
  await page.getByLabel('Company name').fill('Chai Point');
  await page.getByLabel('Contact name').fill('Meera Iyer');
  await page.getByLabel('Contact e-mail').fill(deal.brandEmail);
  await page.getByLabel('Contact mobile').fill(deal.brandMobile ?? '9876543210');
  await page.getByLabel('Title').fill(deal.title);
  const deliverable = page.getByRole('group', { name: 'Deliverable 1' });
  await deliverable.getByLabel('Due date').fill(dayAhead(10));
  await deliverable.getByLabel('Usage rights').fill('Brand may repost on its Instagram');
  for (const [index, milestone] of (deal.milestones ?? [REEL_LIVE]).entries()) {
    if (index > 0) await page.getByRole('button', { name: 'Add milestone' }).click();
    const row = page.getByRole('group', { name: `Milestone ${String(index + 1)}` });
    await row.getByLabel('Milestone name').fill(milestone.name);
    await row.getByLabel('What releases it').fill(`${milestone.name}: the reel is live`);
    await row.getByLabel('Amount (₹)').fill(milestone.rupees);
    await row.getByLabel('Due date').fill(dayAhead(12 + index));
  }
  if (deal.windowDays !== undefined) {
    await page.getByLabel('Approval window (days)').fill(String(deal.windowDays));
  }
  await expect(page.getByLabel('Rounds of changes')).toHaveValue('2');
  if (deal.gst) {
    await page.getByLabel('GST applies to this deal').check();
    await page.getByLabel('Your GSTIN').fill(deal.gst.gstin);
  }
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('heading', { level: 1, name: deal.title })).toBeVisible();
}

export interface Brand {
  /** The brand's own browser, on the deal's review page. */
  page: Page;
  /** The e-mailed review link (opening it again shows the accepted deal's payments). */
  link: string;
}

/** Sends the deal; the brand (a browser of its own) opens the e-mailed link and accepts. */
export async function sendAndAccept(
  page: Page,
  browser: Browser,
  stack: Stack,
  brandEmail: string,
): Promise<Brand> {
  await page.getByRole('button', { name: 'Send to the brand' }).click();
  await expect(page.getByText('Awaiting brand', { exact: true }).first()).toBeVisible();
  const link = linkIn(await waitForMail(stack.mail, brandEmail), /\/deal-review\?token=/);
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

/** ₹1,25,000 as the fund button and the checkout show it. */
const fundLabel = (rupees: string) => `₹${rupees}.00`;
const checkoutAmount = (rupees: string) => `₹${rupees.replaceAll(',', '')}.00`;

/** The brand pays the milestone through the local gateway's hosted checkout. */
export async function fund(brand: Page, milestone: MilestoneDraft = REEL_LIVE): Promise<void> {
  const item = brand.getByRole('listitem', { name: milestone.name });
  await expect(item.getByText('Awaiting payment')).toBeVisible();
  await item
    .getByRole('button', { name: `Fund milestone (${fundLabel(milestone.rupees)})` })
    .click();
  await expect(brand.getByTestId('checkout-amount')).toHaveText(checkoutAmount(milestone.rupees));
  await brand.getByRole('button', { name: 'Pay', exact: true }).click();
  // Back on the review page, without the token or the outcome in the address.
  await expect(brand).toHaveURL(/\/deal-review$/);
  await expect(brand.getByRole('status').filter({ hasText: milestone.name })).toContainText(
    /Payment received — securing it with Razorpay…|Payment secured with Razorpay/,
  );
  await expect(
    brand.getByText(`Payment secured with Razorpay for “${milestone.name}”.`),
  ).toBeVisible();
  await expect(item.getByText('Payment secured', { exact: true })).toBeVisible();
}

/** Released, or already paid out when the gateway settled it meanwhile. */
export const RELEASED = /^(Released|Paid out)$/;

/** The creator's deal page follows the milestone (it reads the deal again while others act). */
export async function expectCreatorMilestone(
  page: Page,
  state: string | RegExp,
  name = REEL_LIVE.name,
): Promise<void> {
  await expect(
    page
      .getByRole('listitem', { name })
      .getByText(state, { exact: typeof state === 'string' })
      .first(),
  ).toBeVisible({ timeout: 30_000 });
}

/** The creator submits the delivery of a funded milestone. */
export async function deliver(page: Page, name = REEL_LIVE.name): Promise<void> {
  const milestone = page.getByRole('listitem', { name });
  await milestone.getByRole('button', { name: 'Submit delivery' }).click();
  await milestone
    .getByLabel(/Links to the delivered posts/)
    .fill('https://www.instagram.com/reel/abc123/');
  await milestone.getByLabel(/Note for the brand/).fill('Live since noon');
  await milestone.getByRole('button', { name: 'Send the delivery' }).click();
  await expect(milestone.getByText('Delivered, awaiting approval')).toBeVisible();
}

/** The brand opens its link again and approves the delivered milestone; it is released. */
export async function approve(brand: Brand, name = REEL_LIVE.name): Promise<void> {
  await brand.page.goto(brand.link);
  const milestone = brand.page.getByRole('listitem', { name });
  await expect(milestone.getByText('Delivered, awaiting approval')).toBeVisible();
  await milestone.getByRole('button', { name: 'Approve' }).click();
  const dialog = brand.page.getByRole('dialog', { name: 'Approve this delivery?' });
  await dialog.getByRole('button', { name: 'Approve and release' }).click();
  await expect(milestone.getByText(RELEASED).first()).toBeVisible({ timeout: 20_000 });
}

/** The creator opens a dispute on a funded milestone. */
export async function dispute(page: Page, name: string, reason: string): Promise<void> {
  const milestone = page.getByRole('listitem', { name });
  await milestone.getByRole('button', { name: 'Dispute' }).click();
  const dialog = page.getByRole('dialog', { name: 'Open a dispute?' });
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Open the dispute' }).click();
  await expect(milestone.getByText('In dispute')).toBeVisible();
}

/** The deal id of a creator's deal page. */
export const dealIdOf = (dealUrl: string) => new URL(dealUrl).pathname.split('/').pop() ?? '';

export interface StoredLedgerTransaction {
  _id: string;
  kind: string;
  creatorId: string;
  dealId: string;
  milestoneId: string;
  at: Date;
  lines: { account: string; amountPaise: number }[];
}

/** The deal's ledger transactions as the backend stored them, in the order they were written. */
export async function ledgerOf(stack: Stack, dealId: string): Promise<StoredLedgerTransaction[]> {
  const client = new MongoClient(stack.databaseUri);
  try {
    await client.connect();
    return await client
      .db()
      .collection<StoredLedgerTransaction>('ledger_transactions')
      .find({ dealId })
      .sort({ _id: 1 })
      .toArray();
  } finally {
    await client.close();
  }
}
