import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { expectAccessibleInBothThemesAndWidths } from './support/accessibility';
import { parseCsv } from './support/csv';
import {
  approve,
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
 * The Reports page (#40) in the browser: a creator whose milestone of ₹1,25,000 was released (and
 * so invoiced, a bill of supply) sees it in this financial year's statement, downloads the
 * statement and the ledger extract as CSV and PDF (the files' text checked), and axe finds nothing
 * in both themes at 390 and 1280 px.
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

test('the statement and the ledger extract of a released milestone, on screen and as CSV and PDF', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({
    reducedMotion: 'reduce',
    viewport: { width: 1280, height: 900 },
    timezoneId: 'Asia/Kolkata',
    acceptDownloads: true,
  });
  // The identity provider's profile photo host is not reachable from here.
  await context.route('https://example.com/**', (route) => route.abort());
  const page = await context.newPage();
  await signUpNewAccount(page, running(), 'Asha Rao');

  // Before any deal: an honest empty statement with a way to start one.
  await page.goto(new URL('/creator/dashboard/reports', running().baseURL).toString());
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(page.getByText(/Nothing was invoiced, received or refunded in FY/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start a deal' })).toBeVisible();

  await saveVerifiedPayoutProfile(page, running());
  const brandEmail = uniqueBrandEmail();
  await createDeal(page, running(), { title: 'Diwali reel', brandEmail });
  const dealUrl = page.url();
  const brand = await sendAndAccept(page, browser, running(), brandEmail);
  await fund(brand.page);
  await page.goto(dealUrl);
  await expectCreatorMilestone(page, 'Payment secured');
  await deliver(page);
  await approve(brand);
  await expectCreatorMilestone(page, RELEASED);

  await page.goto(new URL('/creator/dashboard/reports', running().baseURL).toString());
  const table = page.getByRole('table', {
    name: /Statement for FY \d{4}-\d{2}, per brand and month/,
  });
  // The invoice is issued by the worker shortly after the release.
  await expect(async () => {
    await page.reload();
    await expect(table.getByRole('rowheader', { name: 'All brands' })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 90_000 });
  const allBrands = table.getByRole('row').filter({ hasText: 'All brands' });
  await expect(allBrands).toContainText('₹1,25,000.00');
  await expect(allBrands).toContainText('Not recorded');

  const statementCsv = await download(page, /Download the statement for FY .* as CSV/);
  expect(statementCsv.name).toMatch(/^paylock-statement-\d{4}-\d{2}\.csv$/);
  const rows = parseCsv(await readFile(statementCsv.path, 'utf8'));
  expect(rows[0]?.slice(0, 4)).toEqual(['Financial year', 'Brand', 'Month', 'Invoices']);
  expect(rows.at(-1)?.slice(1, 5)).toEqual(['All brands', 'Year', '1', '125000.00']);

  const statementPdf = await download(page, /Download the statement for FY .* as PDF/);
  const statementText = await pdfText(statementPdf.path);
  expect(statementText).toMatch(/Financial-year statement \d{4}-\d{2}/);
  expect(statementText).toContain('₹1,25,000.00');
  expect(statementText).toContain('Chai Point');

  const form = page.getByRole('form', { name: 'Ledger extract range' });
  await form.getByRole('button', { name: 'Show lines' }).click();
  await expect(page.getByRole('table', { name: /Ledger lines from/ })).toContainText('Released');
  const ledgerCsv = await download(page, /ledger extract .* as CSV/);
  const lines = parseCsv(await readFile(ledgerCsv.path, 'utf8'));
  // Funded (+held); released (−held, +releasing): three lines and the header.
  expect(lines).toHaveLength(4);
  const ledgerPdf = await download(page, /ledger extract .* as PDF/);
  expect(await pdfText(ledgerPdf.path)).toContain('Lines: 3');

  await expectAccessibleInBothThemesAndWidths(page);

  // A range that ends before it starts: the server's message, by the field.
  await form.getByLabel('From', { exact: true }).fill('2026-05-01');
  await form.getByLabel('To', { exact: true }).fill('2026-04-30');
  await form.getByRole('button', { name: 'Show lines' }).click();
  await expect(form.getByText('to must not be before from')).toBeVisible();
  await expect(form.getByLabel('To', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await context.close();
  await brand.page.context().close();
});
