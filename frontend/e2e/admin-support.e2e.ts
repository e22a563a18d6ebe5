import { expect, test } from '@playwright/test';
import { waitForMail } from './support/mail';
import { signUpNewAccount } from './support/sign-in';
import { ADMIN_IDENTITY, startStack, type Stack } from './support/stack';

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

test('a creator asks support, an admin answers in the back-office, the creator reads the answer', async ({
  browser,
}) => {
  const creatorContext = await browser.newContext();
  const creator = await creatorContext.newPage();
  const account = await signUpNewAccount(creator, running(), 'Asha Rao');
  await creator.goto(new URL('/creator/settings#help', running().baseURL).toString());
  await creator.getByLabel('Subject').fill('Milestone 1 not funded');
  await creator.getByLabel('Your question').fill('It has been a week since the brand accepted.');
  await creator.getByRole('button', { name: 'Send question' }).click();
  await expect(creator.getByText(/Your question is with our support team/)).toBeVisible();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  running().identityProvider.setNextIdentity(ADMIN_IDENTITY);
  await admin.goto(new URL('/register', running().baseURL).toString());
  await admin.getByRole('button', { name: 'Sign up with Google' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await admin.goto(new URL('/admin/support', running().baseURL).toString());
  const table = admin.getByRole('table', { name: 'Support requests' });
  await expect(table.getByText('Milestone 1 not funded')).toBeVisible();
  await admin.getByRole('button', { name: 'Answer Asha Rao: Milestone 1 not funded' }).click();
  await admin.getByLabel('Your answer').fill('The brand funded it this morning.');
  await admin.getByRole('button', { name: 'Send answer' }).click();
  await expect(admin.getByText('Your answer to Asha Rao is on its way')).toBeVisible();
  await expect(admin.getByText('No open requests. Well done.')).toBeVisible();

  const mail = await waitForMail(running().mail, account.email, {
    subject: 'Our answer: Milestone 1 not funded',
  });
  expect(mail.text).toContain('The brand funded it this morning.');

  await creator.reload();
  await expect(creator.getByText('The brand funded it this morning.')).toBeVisible();

  await Promise.all([creatorContext.close(), adminContext.close()]);
});
