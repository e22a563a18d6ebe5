import { expect, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import type { Stack } from './stack';

/** A Google account the local identity provider vouches for at the stack's next sign-in. */
export function nextGoogleAccount(stack: Stack, name = 'Asha Rao') {
  const id = randomUUID();
  const account = {
    sub: `e2e-${id}`,
    email: `asha.${id}@example.com`,
    name,
    picture: 'https://example.com/asha.png',
    email_verified: true,
  };
  stack.identityProvider.setNextIdentity(account);
  return account;
}

/** Signs up through /register and the local identity provider; the browser lands on the dashboard. */
export async function signUp(page: Page, stack: Stack): Promise<void> {
  await page.goto(new URL('/register', stack.baseURL).toString());
  await expect(page.getByRole('note')).toContainText('local development identity provider');
  await page.getByRole('button', { name: 'Sign up with Google' }).click();
}

/** Signs a new account up and waits for the dashboard overview. */
export async function signUpNewAccount(page: Page, stack: Stack, name?: string) {
  const account = nextGoogleAccount(stack, name);
  await signUp(page, stack);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  return account;
}

/** Signs out the way a person does: the account card under the avatar, then Sign Out. */
export async function signOutFromAccountCard(page: Page, displayName: string): Promise<void> {
  await page.getByRole('button', { name: displayName }).hover();
  const card = page.getByRole('group', { name: 'Account' });
  await card.getByRole('button', { name: 'Sign Out' }).click();
}
