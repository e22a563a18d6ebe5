import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { linkIn, waitForMail } from './support/mail';
import { nextGoogleAccount } from './support/sign-in';
import { ADMIN_IDENTITY, startStack, type Stack } from './support/stack';
import { appReady } from './support/hydration';

/**
 * Early access by invitation, end to end with SIGNUP_MODE=invite: a person joins and confirms
 * from the e-mail, an admin invites them from the back-office, the invite e-mail arrives, and the
 * link creates their account through the local identity provider (with another e-mail than the
 * waitlist's). And a Google sign-up without an invite is refused.
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

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(import.meta.dirname, '../test-results/screenshots', name) });

const INVITE_ONLY =
  "Paylock is invite-only during early access. Join the waitlist and we'll e-mail your invite.";

const person = {
  fullName: 'Priya Invited',
  email: `priya.${String(Date.now())}@example.com`,
  phoneNumber: '98765 11111',
  instagramHandle: 'priya.invited',
};

test('without an invite, a Google sign-up is refused with the invite-only text and a way to the waitlist', async ({
  page,
}) => {
  nextGoogleAccount(running(), 'Uninvited Person');
  await page.goto(new URL('/register', running().baseURL).toString());
  await page.getByRole('button', { name: 'Sign up with Google' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('alert')).toContainText(INVITE_ONLY);
  await page.getByRole('link', { name: 'Join the waitlist' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Join Waitlist' })).toBeVisible();
});

test('join → confirm → admin invites → invite e-mail → register with the link → dashboard', async ({
  page,
  browser,
}) => {
  // Join through the form, confirm from the e-mail.
  await page.goto(new URL('/waitlist', running().baseURL).toString());
  await appReady(page);
  await page.getByLabel("I'm a...").selectOption({ label: 'Influencer' });
  await page.getByLabel('Full Name').fill(person.fullName);
  await page.getByLabel('Email Address').fill(person.email);
  await page.getByLabel('Phone Number').fill(person.phoneNumber);
  await page.getByLabel('Instagram Username').fill(person.instagramHandle);
  await page.getByRole('button', { name: 'Join Waitlist' }).click();
  await expect(page.getByRole('dialog')).toContainText("You've successfully joined our waitlist.");
  const confirmation = await waitForMail(running().mail, person.email, {
    subject: 'Confirm your place on the Paylock waitlist',
  });
  await page.goto(linkIn(confirmation, /\/waitlist\/confirm\?token=/));
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your place is confirmed' }),
  ).toBeVisible();

  // The admin (ADMIN_EMAILS: no invite needed) invites the next confirmed entry.
  const admin = await browser.newPage();
  running().identityProvider.setNextIdentity(ADMIN_IDENTITY);
  await admin.goto(new URL('/register', running().baseURL).toString());
  await admin.getByRole('button', { name: 'Sign up with Google' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await admin.goto(new URL('/admin/waitlist', running().baseURL).toString());
  await expect(admin.getByRole('cell', { name: person.email })).toBeVisible();
  await admin.getByLabel('Invite next').fill('1');
  await admin.getByRole('button', { name: 'Send invites' }).click();
  await expect(admin.getByText('Invited 1')).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: person.email })).toContainText('Invited');

  // The invite e-mail, and its link.
  const invite = await waitForMail(running().mail, person.email, {
    subject: 'Your Paylock early access is ready',
  });
  const link = linkIn(invite, /\/register\?invite=/);
  expect(new URL(link).origin).toBe(new URL(running().baseURL).origin);

  // The register page says who is invited, masked; any Google account may take it.
  await page.goto(link);
  await expect(page.getByText(/You're invited as/)).toContainText('p***');
  await shot(page, 'register-with-invite.png');
  const account = nextGoogleAccount(running(), 'Priya Creates');
  await page.getByRole('button', { name: 'Sign up with Google' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  // The admin sees the entry joined, linked to the account's (different) e-mail.
  await admin.reload();
  const row = admin.getByRole('row').filter({ hasText: person.email });
  await expect(row).toContainText('Joined');
  await row.getByRole('button', { name: person.fullName, exact: true }).click();
  const drawer = admin.getByRole('dialog');
  await expect(drawer).toContainText(account.email);
  await expect(drawer).toContainText('differs from the waitlist e-mail');
  await admin.keyboard.press('Escape');

  // The funnel on the overview.
  await admin.goto(new URL('/admin', running().baseURL).toString());
  const funnel = admin.getByRole('region', { name: 'Invites' });
  await expect(funnel.getByRole('row').nth(1)).toContainText('1');

  // The same link once more, from another browser and Google account: refused, clearly.
  const other = await browser.newPage();
  await other.goto(link);
  await expect(other.getByRole('alert')).toContainText(
    'This invite has already been used to create an account.',
  );
  await admin.close();
  await other.close();
});
