import { expect, test, type Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/accessibility';
import { waitForMail } from './support/mail';
import { ADMIN_IDENTITY, startStack, type Stack } from './support/stack';

const REFUSAL = '550 5.1.1 Recipient address rejected: user unknown';
const RECIPIENTS = ['asha@example.com', 'meera@example.com'];

let stack: Stack | undefined;

function running(): Stack {
  if (!stack) throw new Error('stack not started');
  return stack;
}

function gate() {
  const smtpGate = running().smtpGate;
  if (!smtpGate) throw new Error('the stack has no SMTP gate');
  return smtpGate;
}

/**
 * Two people join the waitlist through the public API, as the form sends them; the stack's mail
 * server refuses their confirmation e-mails for real (550, a permanent refusal), so the backend's
 * worker parks both as failed with the server's answer.
 */
test.beforeAll(async () => {
  stack = await startStack({ smtpGate: true });
  gate().refuse(REFUSAL);
  for (const [index, email] of RECIPIENTS.entries()) {
    const response = await fetch(new URL('/api/v1/extra/waitlist', stack.baseURL), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: stack.baseURL },
      body: JSON.stringify({
        fullName: `Person ${String(index)}`,
        email,
        phoneNumber: `98765431${String(index).padStart(2, '0')}`,
        userType: 'influencer',
        instagramHandle: `person_${String(index)}`,
      }),
    });
    expect(response.status).toBe(201);
  }
});

test.afterAll(async () => {
  await stack?.stop();
});

async function open(page: Page, route: string) {
  await page.goto(new URL(route, running().baseURL).toString());
}

let registered = false;

/** The demo admin: signs up the first time, signs in afterwards. */
async function signInAsAdmin(page: Page) {
  running().identityProvider.setNextIdentity(ADMIN_IDENTITY);
  await open(page, registered ? '/login' : '/register');
  await page
    .getByRole('button', { name: registered ? 'Sign in with Google' : 'Sign up with Google' })
    .click();
  registered = true;
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

/**
 * The Mail screen, reloaded until the worker has parked both messages. Each look gives the page
 * 5 s to load its table: on a loaded machine a load alone took more than the 1 s it had (a
 * fresh-clone run beside other builds timed out at 20 s without one look completing).
 */
async function openMailWithFailures(page: Page) {
  await expect(async () => {
    await open(page, '/admin/mail');
    await expect(page.getByRole('table').getByText('Failed', { exact: true })).toHaveCount(2, {
      timeout: 5_000,
    });
  }).toPass({ timeout: 60_000 });
}

test.describe.configure({ mode: 'serial' });

for (const scheme of ['light', 'dark'] as const) {
  test(`the Mail screen has no accessibility violations (${scheme} theme)`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await signInAsAdmin(page);
    await openMailWithFailures(page);
    await expect(page.locator('html')).toHaveClass(scheme);
    await expect(page.getByRole('heading', { level: 1, name: 'Mail' })).toBeVisible();
    await expectNoAccessibilityViolations(page);
  });
}

test('an admin sees a failed mail with the SMTP answer, retries it and sees it sent', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await open(page, '/admin');
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Mail' })
    .click();
  await expect(page).toHaveURL(/\/admin\/mail$/);
  await openMailWithFailures(page);

  const rows = page.getByRole('table').getByRole('row');
  // The filter, by keyboard: only the failed messages, each with the server's answer.
  const status = page.getByRole('combobox', { name: 'Status' });
  await status.focus();
  await status.selectOption('sent');
  await expect(page.getByText('No messages in this status.')).toBeVisible();
  await status.selectOption('failed');
  await expect(rows).toHaveCount(3); // the header and two messages
  const asha = rows.filter({ hasText: 'asha@example.com' });
  await expect(asha).toContainText(REFUSAL);
  await expect(asha).toContainText('Confirm your place on the Paylock waitlist');

  // The server accepts again; the admin retries one message.
  gate().open();
  await page.getByRole('button', { name: 'Retry the e-mail to asha@example.com' }).press('Enter');
  await expect(page.getByText('The e-mail to asha@example.com is queued again')).toBeVisible();
  // The list is read anew: only the other message is still failed.
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('meera@example.com');

  // Delivered for real; the whole list follows the message from queued to sent by itself.
  await status.selectOption('');
  const retried = rows.filter({ hasText: 'asha@example.com' });
  await expect(retried).toContainText(/Queued|Sending|Sent/);
  const mail = await waitForMail(running().mail, 'asha@example.com');
  expect(mail.subject).toBe('Confirm your place on the Paylock waitlist');
  await expect(retried).toContainText(/Sent \d/, { timeout: 15_000 });
  await expect(retried.getByRole('button', { name: /Retry/ })).toHaveCount(0);

  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('table')).toContainText('Retried a failed e-mail');
  await expect(page.getByRole('table')).toContainText(ADMIN_IDENTITY.email);
  await expect(page.getByRole('table')).not.toContainText('asha@example.com');
});
