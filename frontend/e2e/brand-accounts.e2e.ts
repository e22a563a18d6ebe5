import { expect, test, type Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/accessibility';
import { signUpNewAccount } from './support/sign-in';
import { newMobileNumber, waitForCode } from './support/sms';
import { startStack, type Stack } from './support/stack';

/**
 * Brand accounts (#25), end to end: a code requested on /register's Brand tab arrives in the
 * local SMS inbox (the backend's MSG91 adapter speaking to it), the code signs the brand up, the
 * one-time company step leads to the workspace; sign-in again from /login; the brand and creator
 * areas keep to their own accounts; axe on every new screen in both themes at 390 and 1280 px.
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

test.describe.configure({ mode: 'serial' });

const mobile = newMobileNumber();
const spaced = `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`;

async function requestCode(page: Page, route: string, number: string) {
  await page.goto(new URL(route, running().baseURL).toString());
  await page.getByLabel('Mobile Number').fill(number);
  await page.getByRole('button', { name: 'Get OTP' }).click();
  await expect(page.getByLabel('Enter the code')).toBeFocused();
}

test('sign up: Get OTP → the code from the SMS inbox → company and contact → /brand', async ({
  page,
}) => {
  await requestCode(page, '/register?as=brand', spaced);
  await expect(page.getByRole('status').first()).toContainText(
    `+91 ${mobile.slice(0, 2)}XXXXXX${mobile.slice(8)}`,
  );
  await expect(page.getByText(/Resend code in 0:5\d|Resend code in 1:00/)).toBeVisible();

  // A wrong code first: the API's answer, and the field stays.
  const code = await waitForCode(running().sms, mobile);
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('Enter the code').fill(wrong);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText("That code isn't right or has expired.");

  await page.getByLabel('Enter the code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/brand\/welcome$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Paylock' })).toBeVisible();

  await page.getByLabel('Company name').fill('Chai Point Media');
  await page.getByLabel('Contact name').fill('Meera Iyer');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/brand\/deals$/);
  await expect(
    page.getByText('Deals that creators send to your number will appear here.'),
  ).toBeVisible();

  await page.getByRole('link', { name: 'Company profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Company profile' })).toBeVisible();
  await expect(page.getByText('Chai Point Media', { exact: true })).toBeVisible();
});

test('a creator visiting /brand is sent to their dashboard', async ({ page }) => {
  await signUpNewAccount(page, running(), 'Kavya Creator');
  await page.goto(new URL('/brand', running().baseURL).toString());
  await expect(page).toHaveURL(/\/creator\/dashboard\/overview$/);
  await expect(page.getByText('The brand workspace is for brand accounts only.')).toBeVisible();
});

const schemes = ['light', 'dark'] as const;
const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

for (const scheme of schemes) {
  for (const [name, viewport] of Object.entries(viewports)) {
    test(`axe: the new screens in the ${scheme} theme on a ${name}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      const number = newMobileNumber();

      // The phone step (with a validation message), then the code step.
      await page.goto(new URL('/register?as=brand', running().baseURL).toString());
      await expect(page.locator('html')).toHaveClass(scheme);
      await page.getByRole('button', { name: 'Get OTP' }).click();
      await expect(page.getByText('Phone number is required')).toBeVisible();
      await expectNoAccessibilityViolations(page);
      await page.getByLabel('Mobile Number').fill(number);
      await page.getByRole('button', { name: 'Get OTP' }).click();
      await expect(page.getByLabel('Enter the code')).toBeVisible();
      await expectNoAccessibilityViolations(page);

      // /login's brand sign-in.
      const login = await page.context().newPage();
      await login.setViewportSize(viewport);
      await login.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await login.goto(new URL('/login?as=brand', running().baseURL).toString());
      await expect(login.getByLabel('Mobile Number')).toBeVisible();
      await expectNoAccessibilityViolations(login);
      await login.close();

      // The one-time step, the deals and the profile.
      await page.getByLabel('Enter the code').fill(await waitForCode(running().sms, number));
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: 'Welcome to Paylock' }),
      ).toBeVisible();
      await expectNoAccessibilityViolations(page);
      await page.getByLabel('Company name').fill(`Axe ${scheme} ${name}`);
      await page.getByLabel('Contact name').fill('Meera Iyer');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Deals' })).toBeVisible();
      await expectNoAccessibilityViolations(page);
      await page.goto(new URL('/brand/profile', running().baseURL).toString());
      await expect(page.getByRole('heading', { level: 1, name: 'Company profile' })).toBeVisible();
      await expectNoAccessibilityViolations(page);
    });
  }
}

// Last: the sign-up's number is past its resend cooldown by now.
test('sign in from /login, and a brand visiting /creator/dashboard is sent to /brand', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(new URL('/login', running().baseURL).toString());
  await page.getByRole('button', { name: 'Brand? Sign in with your mobile number' }).click();
  await page.getByLabel('Mobile Number').fill(`0${mobile}`);
  const before = running()
    .sms.messages()
    .filter((sms) => sms.to === `+91${mobile}`).length;
  // The number's resend cooldown (60 s) may still run from the sign-up: the page says how long
  // (Retry-After), and Get OTP works once it has passed.
  await expect(async () => {
    await page.getByRole('button', { name: 'Get OTP' }).click();
    await expect(page.getByLabel('Enter the code')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 75_000, intervals: [5_000] });
  const code = await waitForCode(running().sms, mobile, before);
  await page.getByLabel('Enter the code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/brand\/deals$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Deals' })).toBeVisible();

  await page.goto(new URL('/creator/dashboard', running().baseURL).toString());
  await expect(page).toHaveURL(/\/brand\/deals$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Deals' })).toBeVisible();
});
