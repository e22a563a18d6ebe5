import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { expectAccessibleInBothThemesAndWidths } from './support/accessibility';
import { parseCsv } from './support/csv';
import {
  createDeal,
  deliver,
  expectCreatorMilestone,
  fund,
  RELEASED,
  REEL_LIVE,
  uniqueBrandEmail,
} from './support/money';
import { acceptFromWorkspace, openFromWorkspace, signUpBrand } from './support/brand';
import { saveVerifiedPayoutProfile } from './support/payouts';
import { signUpNewAccount } from './support/sign-in';
import { newMobileNumber } from './support/sms';
import { startStack, type Stack } from './support/stack';

/**
 * The brand's books (#40, item 4) in the browser: a brand workspace accepts a creator's deal of
 * ₹1,25,000, funds it and approves the delivery; the creator's invoice (a bill of supply) then
 * appears in /brand/invoices with its PDF, and /brand/statement shows this financial year's
 * figures (invoiced and paid), downloadable as CSV and PDF (the files' text checked); axe finds
 * nothing on either page in both themes at 390 and 1280 px.
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

const at = (path: string) => new URL(path, running().baseURL).toString();

async function pdfText(path: string): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(await readFile(path)) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

/** Clicks `button` and answers the downloaded file's name and path. */
async function download(page: Page, name: string | RegExp) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name }).click(),
  ]);
  return { name: file.suggestedFilename(), path: await file.path() };
}

test('a brand finds the invoice of a milestone it funded, and its statement on screen and as CSV and PDF', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const context = await browser.newContext({
    reducedMotion: 'reduce',
    viewport: { width: 1280, height: 900 },
    timezoneId: 'Asia/Kolkata',
  });
  // The identity provider's profile photo host is not reachable from here.
  await context.route('https://example.com/**', (route) => route.abort());
  const page = await context.newPage();
  await signUpNewAccount(page, running(), 'Asha Rao');
  await saveVerifiedPayoutProfile(page, running());
  const mobile = newMobileNumber();
  const title = 'Diwali reel for the books';
  await createDeal(page, running(), { title, brandEmail: uniqueBrandEmail(), brandMobile: mobile });
  const dealUrl = page.url();
  await page.getByRole('button', { name: 'Send to the brand' }).click();
  await expect(page.getByText('Awaiting brand', { exact: true }).first()).toBeVisible();

  const brand = await signUpBrand(browser, running(), mobile, {
    timezoneId: 'Asia/Kolkata',
    acceptDownloads: true,
  });
  // Before anything is invoiced: honest empty pages.
  await brand.goto(at('/brand/invoices'));
  await expect(brand.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  await expect(brand.getByText(/No invoices yet/)).toBeVisible();
  await brand.goto(at('/brand/statement'));
  await expect(brand.getByRole('heading', { level: 1, name: 'Statement' })).toBeVisible();
  await expect(brand.getByText(/Nothing was invoiced, paid or refunded in FY/)).toBeVisible();

  await acceptFromWorkspace(brand, running(), title);
  await openFromWorkspace(brand, running(), title, 'Open payments');
  await fund(brand);

  await page.goto(dealUrl);
  await expectCreatorMilestone(page, 'Payment secured');
  await deliver(page);
  await openFromWorkspace(brand, running(), title, 'Open payments');
  const milestone = brand.getByRole('listitem', { name: REEL_LIVE.name });
  await milestone.getByRole('button', { name: 'Approve' }).click();
  await brand
    .getByRole('dialog', { name: 'Approve this delivery?' })
    .getByRole('button', { name: 'Approve and release' })
    .click();
  await expect(milestone.getByText(RELEASED).first()).toBeVisible({ timeout: 20_000 });

  // The invoice: issued by the worker after the release, then taken into the brand's books.
  await brand.goto(at('/brand/invoices'));
  const invoices = brand.getByRole('table', { name: 'Invoices issued to you' });
  await expect(async () => {
    await brand.reload();
    await expect(invoices.getByRole('row').nth(1)).toContainText('₹1,25,000.00', {
      timeout: 2_000,
    });
  }).toPass({ timeout: 120_000 });
  const invoiceRow = invoices.getByRole('row').nth(1);
  await expect(invoiceRow).toContainText('Asha Rao');
  await expect(invoiceRow).toContainText('Not recorded');
  const invoicePdf = await download(brand, /^Download invoice .+ as PDF$/);
  const invoiceText = await pdfText(invoicePdf.path);
  expect(invoiceText).toContain('₹1,25,000.00');
  expect(invoiceText).toContain('Chai Point');
  await expectAccessibleInBothThemesAndWidths(brand);

  // The statement: invoiced at once; paid once the ledger's funding is taken (a minute later).
  await brand.goto(at('/brand/statement'));
  const table = brand.getByRole('table', {
    name: /Statement for FY \d{4}-\d{2}, per creator and month/,
  });
  const allCreators = table.getByRole('row').filter({ hasText: 'All creators' });
  // Invoices 1, taxable ₹1,25,000, no GST (a bill of supply), invoiced and paid ₹1,25,000.
  await expect(async () => {
    await brand.reload();
    await expect(allCreators.getByRole('cell')).toHaveText(
      [
        'Whole year',
        '1',
        '₹1,25,000.00',
        '₹0.00',
        '₹0.00',
        '₹0.00',
        '₹1,25,000.00',
        '₹1,25,000.00',
        '₹0.00',
        'Not recorded',
      ],
      { timeout: 2_000 },
    );
  }).toPass({ timeout: 150_000 });

  const csv = await download(brand, /Download the statement for FY .* as CSV/);
  expect(csv.name).toMatch(/\.csv$/);
  const rows = parseCsv(await readFile(csv.path, 'utf8'));
  expect(rows[0]?.slice(0, 3)).toEqual(['Financial year', 'Creator', 'Month']);
  expect(rows.at(-1)?.slice(1, 5)).toEqual(['All creators', 'Year', '1', '125000.00']);

  const pdf = await download(brand, /Download the statement for FY .* as PDF/);
  const text = await pdfText(pdf.path);
  expect(text).toMatch(/Statement for your books \d{4}-\d{2}/);
  expect(text).toContain('₹1,25,000.00');
  expect(text).toContain('Not recorded');
  await expectAccessibleInBothThemesAndWidths(brand);

  await context.close();
  await brand.context().close();
});
