import { expect, test } from '@playwright/test';
import { linkIn, waitForMail } from './support/mail';
import { newMobileNumber, waitForCode } from './support/sms';
import { ADMIN_IDENTITY, startStack, type Stack } from './support/stack';
import { appReady } from './support/hydration';

/**
 * Brand accounts under SIGNUP_MODE=invite (#25): an uninvited number is refused (when its code
 * is verified) with the specification's invite-only text and a way to the waitlist; a brand on the waitlist redeems its
 * invite with the mobile number it gave there and lands in the brand workspace.
 */
let stack: Stack | undefined;

function running(): Stack {
  if (!stack) throw new Error('stack not started');
  return stack;
}

test.beforeAll(async () => {
  stack = await startStack({ backendEnv: { SIGNUP_MODE: 'invite' } });
});

test.afterAll(async () => {
  await stack?.stop();
});

test.describe.configure({ mode: 'serial' });

const INVITE_ONLY =
  "Paylock is invite-only during early access. Join the waitlist and we'll e-mail your invite.";

test('an uninvited brand is refused with the invite-only text and a link to the waitlist, once its code is typed', async ({
  page,
}) => {
  // "Get OTP" answers alike for every number (#36 L5): only the phone's holder learns the answer.
  const mobile = newMobileNumber();
  await page.goto(new URL('/register?as=brand', running().baseURL).toString());
  await page.getByLabel('Mobile Number').fill(mobile);
  await page.getByRole('button', { name: 'Get OTP' }).click();
  await page.getByLabel('Enter the code').fill(await waitForCode(running().sms, mobile));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText(INVITE_ONLY);
  await page.getByRole('link', { name: 'Join the waitlist' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Join Waitlist' })).toBeVisible();
});

test('a brand on the waitlist signs up with its invite and its mobile number', async ({
  page,
  browser,
}) => {
  const mobile = newMobileNumber();
  const email = `brand.${String(Date.now())}@example.com`;

  // Join as a Brand with the number, confirm from the e-mail.
  await page.goto(new URL('/waitlist', running().baseURL).toString());
  await appReady(page);
  await page.getByLabel("I'm a...").selectOption({ label: 'Brand' });
  await page.getByLabel('Full Name').fill('Meera Brand');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Phone Number').fill(mobile);
  await page.getByLabel('Instagram Username').fill('chai.point');
  await page.getByRole('button', { name: 'Join Waitlist' }).click();
  await expect(page.getByRole('dialog')).toContainText("You've successfully joined our waitlist.");
  const confirmation = await waitForMail(running().mail, email, {
    subject: 'Confirm your place on the Paylock waitlist',
  });
  await page.goto(linkIn(confirmation, /\/waitlist\/confirm\?token=/));
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your place is confirmed' }),
  ).toBeVisible();

  // The admin invites the next confirmed entry.
  const admin = await browser.newPage();
  running().identityProvider.setNextIdentity(ADMIN_IDENTITY);
  await admin.goto(new URL('/register', running().baseURL).toString());
  await admin.getByRole('button', { name: 'Sign up with Google' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await admin.goto(new URL('/admin/waitlist', running().baseURL).toString());
  await admin.getByLabel('Invite next').fill('1');
  await admin.getByRole('button', { name: 'Send invites' }).click();
  await expect(admin.getByText('Invited 1')).toBeVisible();
  await admin.close();

  // The invite link opens the Brand tab: the code goes to the waitlist's number.
  const invite = await waitForMail(running().mail, email, {
    subject: 'Your Paylock early access is ready',
  });
  // A brand's invite link opens the Brand tab itself (as=brand), and says how to sign up.
  expect(invite.text).toContain('with the mobile number you gave the waitlist');
  const link = new URL(linkIn(invite, /\/register\?invite=/));
  expect(link.searchParams.get('as')).toBe('brand');
  await page.goto(link.toString());
  await expect(page.getByRole('radio', { name: /Brand/ })).toBeChecked();
  await expect(page.getByText(/You're invited as/)).toContainText('mobile number');
  await page.getByLabel('Mobile Number').fill(mobile);
  await page.getByRole('button', { name: 'Get OTP' }).click();
  await page.getByLabel('Enter the code').fill(await waitForCode(running().sms, mobile));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Paylock' })).toBeVisible();
});
