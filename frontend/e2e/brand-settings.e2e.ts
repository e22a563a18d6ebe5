import { expect, test, type Page } from '@playwright/test';
import { expectAccessibleInBothThemesAndWidths } from './support/accessibility';
import { linkIn, waitForMail } from './support/mail';
import { newMobileNumber, waitForCode } from './support/sms';
import { startStack, type Stack } from './support/stack';

/**
 * A brand's own settings (#41), end to end: a workspace signed in by SMS code gives a contact
 * e-mail (confirmed through the link MailDev receives), asks support a question and sees it
 * listed, and asks for its data; axe finds nothing on the page in both themes at 390 and 1280 px.
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

const at = (path: string) => new URL(path, running().baseURL).toString();

async function signUpBrand(page: Page): Promise<void> {
  const mobile = newMobileNumber();
  await page.goto(at('/register?as=brand'));
  await page.getByLabel('Mobile Number').fill(mobile);
  await page.getByRole('button', { name: 'Get OTP' }).click();
  await page.getByLabel('Enter the code').fill(await waitForCode(running().sms, mobile));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Paylock' })).toBeVisible();
  await page.getByLabel('Company name').fill('Chai Point Media');
  await page.getByLabel('Contact name').fill('Meera Iyer');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/brand\/deals$/);
}

test('a brand confirms a contact e-mail, asks support a question and asks for its data', async ({
  page,
}) => {
  await signUpBrand(page);
  await page.goto(at('/brand/settings'));
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(
    page.getByText('You have no contact e-mail yet: notices come in the app and by SMS.'),
  ).toBeVisible();
  await expectAccessibleInBothThemesAndWidths(page);

  // The contact e-mail: used only once the link mailed to it is opened.
  const address = `meera.${String(Date.now())}@chaipoint.example`;
  await page.getByLabel('New contact e-mail').fill(address);
  await page.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(page.getByText(/^Waiting for you to open the link we sent to/)).toBeVisible();
  const mail = await waitForMail(running().mail, address, {
    subject: 'Confirm your new contact e-mail for Paylock',
  });
  await page.goto(linkIn(mail, /\/account\/contact-email\?token=/));
  await expect(
    page.getByText(`Paylock sends your notices to ${address} from now on.`),
  ).toBeVisible();
  await expectAccessibleInBothThemesAndWidths(page);

  // A question to support: listed with its reference, waiting for an answer.
  await page.goto(at('/brand/settings#help'));
  const form = page.getByRole('form', { name: 'Ask our support team' });
  await form.getByLabel('Subject').fill('Invoice address');
  await form.getByLabel('Your question').fill('Which address goes on our invoices?');
  await form.getByRole('button', { name: 'Send question' }).click();
  const mine = page.getByRole('region', { name: 'Your questions' });
  await expect(mine.getByText('Invoice address')).toBeVisible();
  await expect(mine.getByText(/reference .+ · Waiting for an answer/)).toBeVisible();

  // Its data: asked for, prepared in the background, then offered.
  await page.getByRole('button', { name: 'Download my data' }).click();
  await expect(page.getByText(/^Your data is ready \(/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Download the ZIP' })).toBeVisible();
  await expectAccessibleInBothThemesAndWidths(page);
});
