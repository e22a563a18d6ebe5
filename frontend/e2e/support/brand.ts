/**
 * A brand workspace in the browser (#25): a mobile number a creator sent a deal to signs up by SMS
 * code, then opens that deal from its workspace and accepts it there (so the deal's notices go to
 * the workspace's bell).
 */
import { expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { waitForCode } from './sms';
import type { Stack } from './stack';

/** The brand signs up, in a browser of its own, with `mobile`; it lands in its deals. */
export async function signUpBrand(
  browser: Browser,
  stack: Stack,
  mobile: string,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({
    reducedMotion: 'reduce',
    viewport: { width: 1280, height: 900 },
    ...options,
  });
  const brand = await context.newPage();
  await brand.goto(new URL('/register?as=brand', stack.baseURL).toString());
  await brand.getByLabel('Mobile Number').fill(mobile);
  await brand.getByRole('button', { name: 'Get OTP' }).click();
  await brand.getByLabel('Enter the code').fill(await waitForCode(stack.sms, mobile));
  await brand.getByRole('button', { name: 'Verify' }).click();
  await expect(brand.getByRole('heading', { level: 1, name: 'Welcome to Paylock' })).toBeVisible();
  await brand.getByLabel('Company name').fill('Chai Point');
  await brand.getByLabel('Contact name').fill('Meera Iyer');
  await brand.getByRole('button', { name: 'Continue' }).click();
  await expect(brand).toHaveURL(/\/brand\/deals$/);
  return brand;
}

/** The deal's card in the workspace, clicking its one button (review, or open payments). */
export async function openFromWorkspace(
  brand: Page,
  stack: Stack,
  title: string,
  button: 'Review and respond' | 'Open payments',
): Promise<void> {
  await brand.goto(new URL('/brand/deals', stack.baseURL).toString());
  await brand
    .getByRole('list', { name: 'Deals sent to you' })
    .getByRole('listitem')
    .filter({ hasText: title })
    .getByRole('button', { name: button })
    .click();
  await expect(brand).toHaveURL(/\/deal-review$/);
}

/** From the workspace's deals, the brand reviews the deal titled `title` and accepts it. */
export async function acceptFromWorkspace(brand: Page, stack: Stack, title: string): Promise<void> {
  await openFromWorkspace(brand, stack, title, 'Review and respond');
  await brand.getByRole('button', { name: 'Accept' }).click();
  await brand.getByLabel('Your full name').fill('Meera Iyer');
  await brand.getByLabel('I agree to the contract above').check();
  await brand.getByRole('button', { name: 'Accept and sign' }).click();
  await expect(brand.getByRole('heading', { level: 1, name: 'Contract accepted' })).toBeVisible();
}
