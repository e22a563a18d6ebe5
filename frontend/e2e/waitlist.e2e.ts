import { expect, test, type Locator, type Page } from '@playwright/test';
import path from 'node:path';
import { linkIn, waitForMail } from './support/mail';
import { startStack, type Stack } from './support/stack';
import { appReady } from './support/hydration';

let stack: Stack | undefined;

test.beforeAll(async () => {
  stack = await startStack();
});

test.afterAll(async () => {
  await stack?.stop();
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(import.meta.dirname, '../test-results/screenshots', name) });

const successSentence =
  "You've successfully joined our waitlist. We'll reach out with updates soon!";

// Every test joins with its own phone number and e-mail: the stack's database is shared.
let people = 0;
function newPerson() {
  people += 1;
  return {
    fullName: `Asha Rao ${String(people)}`,
    email: `asha.${String(people)}.${String(Date.now())}@example.com`,
    phoneNumber: `98765 ${String(43210 + people)}`,
    instagramHandle: `@asha.creates${String(people)}`,
  };
}
type Person = ReturnType<typeof newPerson>;

async function openWaitlist(page: Page) {
  if (!stack) throw new Error('stack not started');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // React reports a prerendered page that does not match its first render on the console.
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat/i.test(message.text())) errors.push(message.text());
  });
  await page.goto(new URL('/waitlist', stack.baseURL).toString());
  await appReady(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Join Waitlist' })).toBeVisible();
  return errors;
}

const field = (page: Page) => ({
  userType: page.getByLabel("I'm a..."),
  fullName: page.getByLabel('Full Name'),
  email: page.getByLabel('Email Address'),
  phoneNumber: page.getByLabel('Phone Number'),
  instagramHandle: page.getByLabel('Instagram Username'),
});

async function fill(page: Page, person: Person) {
  const fields = field(page);
  await fields.userType.selectOption({ label: 'Influencer' });
  await fields.fullName.fill(person.fullName);
  await fields.email.fill(person.email);
  await fields.phoneNumber.fill(person.phoneNumber);
  await fields.instagramHandle.fill(person.instagramHandle);
}

const borderColor = (control: Locator) =>
  control.evaluate((element) => getComputedStyle(element).borderTopColor);

const submit = (page: Page) => page.getByRole('button', { name: 'Join Waitlist' }).click();

async function join(page: Page, person: Person) {
  await fill(page, person);
  await submit(page);
  const modal = page.getByRole('dialog');
  await expect(modal).toContainText(successSentence);
  return modal;
}

const slotsLeftOnLanding = (page: Page) =>
  page.getByText(/of 1,000 early-access slots left for trusted influencers$/);
const countOf = async (text: Locator) =>
  Number((await text.textContent())?.split(' ')[0]?.replace(/,/g, ''));

test('a visitor joins, confirms from the e-mail, sees their seat, and the count goes down by one', async ({
  page,
}) => {
  if (!stack) throw new Error('stack not started');
  await page.goto(stack.baseURL);
  await appReady(page);
  await expect(slotsLeftOnLanding(page)).toBeVisible();
  const before = await countOf(slotsLeftOnLanding(page));

  const errors = await openWaitlist(page);
  const person = newPerson();
  const modal = await join(page, person);
  const masked = `a•••${person.email.split('@')[0]?.at(-1) ?? ''}@example.com`;
  await expect(modal).toContainText(
    `To keep your place, open the link we've sent to ${masked}. The link works for 72 hours.`,
  );
  await expect(page.getByText('Form submitted successfully')).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Go Back Home' })).toBeFocused();
  await shot(page, 'waitlist-joined.png');
  await expect(field(page).fullName).toBeHidden();
  // Joining holds no slot until the address is confirmed.
  await expect(page.getByText(/of 1,000 early-access slots left$/)).toHaveText(
    `${before.toLocaleString('en-IN')} of 1,000 early-access slots left`,
  );

  const mail = await waitForMail(stack.mail, person.email, {
    subject: 'Confirm your place on the Paylock waitlist',
  });
  const link = linkIn(mail, /\/waitlist\/confirm\?token=/);
  expect(new URL(link).origin).toBe(new URL(stack.baseURL).origin);
  await page.goto(link);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your place is confirmed' }),
  ).toBeVisible();
  await expect(page.getByText(/^#\d+$/)).toBeVisible();
  await expect(page.getByText(/^Yes: early-access slot \d+ of 1,000$/)).toBeVisible();
  await expect(page.getByText(/of 1,000 early-access slots left$/)).toHaveText(
    `${(before - 1).toLocaleString('en-IN')} of 1,000 early-access slots left`,
  );
  await shot(page, 'waitlist-confirmed.png');

  // The same link again: the same place, nothing new.
  await page.reload();
  await expect(
    page.getByText('You had already confirmed your place: it is yours, nothing more to do.'),
  ).toBeVisible();

  await page.getByRole('link', { name: 'Go Back Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(slotsLeftOnLanding(page)).toHaveText(
    `${(before - 1).toLocaleString('en-IN')} of 1,000 early-access slots left for trusted influencers`,
  );
  expect(errors).toEqual([]);
});

test('a link cut short or unknown gets a clear page and a way to ask for a new one', async ({
  page,
}) => {
  if (!stack) throw new Error('stack not started');
  await page.goto(new URL('/waitlist/confirm?token=abc', stack.baseURL).toString());
  await expect(page.getByRole('heading', { name: 'This link is incomplete' })).toBeVisible();
  await page.goto(new URL(`/waitlist/confirm?token=${'A'.repeat(43)}`, stack.baseURL).toString());
  await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Get a new confirmation link' })).toBeVisible();
  await shot(page, 'waitlist-confirm-invalid.png');
});

test('before the app has hydrated, the prerendered form cannot be sent', async ({ page }) => {
  if (!stack) throw new Error('stack not started');
  // The scripts never arrive: the page stays as prerendered (they are requested after the paint).
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url());
  });
  await page.goto(new URL('/waitlist', stack.baseURL).toString());
  const join = page.getByRole('button', { name: 'Join Waitlist' });
  await expect(join).toHaveAttribute('type', 'button');
  await page.getByLabel('Full Name').fill('Asha Verma');
  await join.click();
  await page.getByLabel('Full Name').press('Enter');
  await page.waitForLoadState('load');
  expect(posts).toEqual([]);
  expect(new URL(page.url()).pathname).toBe('/waitlist');
  await expect(page.getByLabel('Full Name')).toHaveValue('Asha Verma');
});

test('once hydrated, the form’s button submits', async ({ page }) => {
  await openWaitlist(page);
  await expect(page.getByRole('button', { name: 'Join Waitlist' })).toHaveAttribute(
    'type',
    'submit',
  );
});

test('each field shows its own error under it and nothing is sent', async ({ page }) => {
  await openWaitlist(page);
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url());
  });
  const fields = field(page);
  const validBorder = await borderColor(fields.fullName);

  await submit(page);
  await expect(page.getByText('Please fix the form errors and try again!')).toBeVisible();
  await expect(fields.userType).toBeFocused();
  const emptyErrors = [
    [fields.userType, 'Please select your user type'],
    [fields.fullName, 'Full name is required'],
    [fields.email, 'Email is required'],
    [fields.phoneNumber, 'Phone number is required'],
    [fields.instagramHandle, 'Instagram handle is required'],
  ] as const;
  for (const [control, message] of emptyErrors) {
    await expect(control).toHaveAttribute('aria-invalid', 'true');
    await expect(control).toHaveAccessibleDescription(message);
  }
  await expect.poll(() => borderColor(fields.fullName)).not.toBe(validBorder);
  await shot(page, 'waitlist-errors.png');

  await fields.userType.selectOption({ label: 'Brand' });
  await fields.fullName.fill('A');
  await fields.email.fill('asha@example');
  await fields.phoneNumber.fill('5876543210');
  await fields.instagramHandle.fill('asha rao');
  await expect(fields.userType).not.toHaveAttribute('aria-invalid');
  await expect(page.getByText('Full name is required')).toBeHidden();
  await expect.poll(() => borderColor(fields.userType)).toBe(validBorder);

  await submit(page);
  const typedErrors = [
    [fields.fullName, 'Full name must be at least 2 characters'],
    [fields.email, 'Please enter a valid email address'],
    [fields.phoneNumber, 'Please enter a valid 10-digit phone number'],
    [
      fields.instagramHandle,
      'Instagram handle can only contain letters, numbers, periods and underscores',
    ],
  ] as const;
  for (const [control, message] of typedErrors) {
    await expect(control).toHaveAccessibleDescription(message);
  }
  await expect(fields.fullName).toBeFocused();
  await expect(fields.userType).not.toHaveAttribute('aria-invalid');
  expect(posts).toEqual([]);
});

test('a phone number already on the waitlist is refused with a toast', async ({ page }) => {
  await openWaitlist(page);
  const first = newPerson();
  await join(page, first);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  await fill(page, { ...newPerson(), phoneNumber: first.phoneNumber.replace(' ', '') });
  await submit(page);
  await expect(
    page.locator('.Toastify').getByText('This phone number is already registered!'),
  ).toBeVisible();
  await expect(field(page).phoneNumber).toHaveAccessibleDescription(
    'This phone number is already registered!',
  );
  await expect(field(page).fullName).not.toHaveValue('');
});

test('while a slow submission runs, the overlay shows and the fields are disabled', async ({
  page,
}) => {
  await openWaitlist(page);
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/v1/extra/waitlist', async (route) => {
    await released;
    await route.continue();
  });

  await fill(page, newPerson());
  await submit(page);
  await expect(page.getByText('Submitting your request...')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
  for (const control of Object.values(field(page))) await expect(control).toBeDisabled();
  await shot(page, 'waitlist-submitting.png');

  release();
  await expect(page.getByRole('dialog')).toContainText(successSentence);
  await expect(page.getByText('Submitting your request...')).toBeHidden();
});

test('the waitlist page fits phones, tablets and desktops in both themes', async ({ page }) => {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [375, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await openWaitlist(page);
      await expect(page.locator('html')).toHaveClass(scheme);
      await expect(page.getByRole('button', { name: 'Join Waitlist' })).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
      await shot(page, `waitlist-${scheme}-${String(width)}.png`);
    }
  }
});
