import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { MongoClient } from 'mongodb';
import { expectNoAccessibilityViolations } from './support/accessibility';
import { linkIn, waitForMail } from './support/mail';
import { startStack, type Stack } from './support/stack';

let stack: Stack | undefined;

test.beforeAll(async () => {
  // Several people join, confirm and open their page within a minute, from one address.
  stack = await startStack({ backendEnv: { RATE_LIMIT_WAITLIST_PER_MINUTE: '100' } });
});

test.afterAll(async () => {
  await stack?.stop();
});

const running = (): Stack => {
  if (!stack) throw new Error('stack not started');
  return stack;
};

let people = 0;
function newPerson() {
  people += 1;
  const stamp = String(Date.now()).slice(-6);
  return {
    fullName: `Meera Iyer ${String(people)}`,
    email: `meera.${String(people)}.${stamp}@example.com`,
    phoneNumber: `9${stamp}${String(people).padStart(3, '0')}`,
    instagramHandle: `meera.makes${String(people)}`,
    userType: 'influencer',
  };
}
type Person = ReturnType<typeof newPerson>;

/** Joins through the API and confirms with the e-mailed link, as a person would. */
async function joinAndConfirm(page: Page, person: Person) {
  const { baseURL, mail } = running();
  const joined = await page.request.post(`${baseURL}/api/v1/extra/waitlist`, { data: person });
  expect(joined.status()).toBe(201);
  const confirmation = await waitForMail(mail, person.email);
  await page.goto(linkIn(confirmation, /\/waitlist\/confirm\?token=/));
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your place is confirmed' }),
  ).toBeVisible();
}

/** Asks for a link on /waitlist/me and opens the one that arrives. */
async function openMyPage(page: Page, person: Person) {
  const { baseURL, mail } = running();
  await page.goto(`${baseURL}/waitlist/me`);
  await page.getByLabel('Email Address').fill(person.email);
  await page.getByRole('button', { name: 'E-mail me a link' }).click();
  await expect(
    page.getByText("If that address is on the list, we've e-mailed you a link."),
  ).toHaveRole('status');

  const message = await waitForMail(mail, person.email, {
    subject: 'Your place on the Paylock waitlist',
  });
  await page.goto(linkIn(message, /\/waitlist\/me\?token=/));
  await expect(
    page.getByRole('heading', { level: 2, name: 'Your place on the list' }),
  ).toBeVisible();
  // The token is gone from the address (and from the history).
  expect(new URL(page.url()).search).toBe('');
}

/** Every document in the stack's database that mentions any of `needles`. */
async function tracesOf(...needles: string[]): Promise<string[]> {
  const client = new MongoClient(running().databaseUri);
  try {
    await client.connect();
    const database = client.db();
    const found: string[] = [];
    for (const { name } of await database.listCollections().toArray()) {
      for (const document of await database.collection(name).find({}).toArray()) {
        const text = JSON.stringify(document);
        if (needles.some((needle) => text.includes(needle))) found.push(`${name}: ${text}`);
      }
    }
    return found;
  } finally {
    await client.close();
  }
}

test('request a link, open the page, correct a field, download, erase: no trace left in the database', async ({
  page,
}) => {
  const person = newPerson();
  await joinAndConfirm(page, person);
  await openMyPage(page, person);

  const details = page.getByRole('region', { name: 'Your place on the list' });
  await expect(details).toContainText(person.email);
  await expect(details).toContainText(person.phoneNumber);
  await expect(details).toContainText(`@${person.instagramHandle}`);
  await expect(details).toContainText('Confirmed');
  await expect(details).toContainText(/#\d+ \(early access: slot \d+ of 1,000\)/);
  await expect(details).toContainText('Privacy notice version 2026-11-23');

  // Correct the name, with the form's rules.
  const form = page.getByRole('form', { name: 'Correct my details' });
  await form.getByLabel('Full Name').fill('M');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByLabel('Full Name')).toHaveAccessibleDescription(
    'Full name must be at least 2 characters',
  );
  await form.getByLabel('Full Name').fill('Meera K. Iyer');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your details are saved.')).toBeVisible();
  await expect(details).toContainText('Meera K. Iyer');

  // Download: the JSON holds the corrected entry.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('paylock-waitlist-my-data.json');
  const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as {
    entry: { fullName: string; email: string; phoneNumber: string };
    history: { event: string; fields?: string[] }[];
  };
  expect(exported.entry).toMatchObject({
    fullName: 'Meera K. Iyer',
    email: person.email,
    phoneNumber: person.phoneNumber,
  });
  expect(exported.history.at(-1)).toMatchObject({ event: 'corrected', fields: ['fullName'] });

  // Erase: one button, one confirmation.
  await page.getByRole('button', { name: 'Erase my data' }).click();
  await page.getByRole('button', { name: 'Yes, erase my data' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your data is erased' })).toBeVisible();
  await waitForMail(running().mail, person.email, {
    subject: 'Your details were erased from the Paylock waitlist',
  });

  // Nothing of the person anywhere: entries, tokens, sessions, outbox (the confirmation redacted
  // once delivered), rate limits, audit log.
  let traces: string[] = [];
  for (let attempt = 0; attempt < 50; attempt += 1) {
    traces = await tracesOf(
      person.email,
      person.phoneNumber,
      'Meera K. Iyer',
      person.instagramHandle,
    );
    if (traces.length === 0) break;
    await page.waitForTimeout(200);
  }
  expect(traces).toEqual([]);

  // The page is closed for good: reloading shows the link request again.
  await page.reload();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Get a link to your page' }),
  ).toBeVisible();
});

test('a used link gets a clear page and a way to ask for a new one', async ({ page }) => {
  const person = newPerson();
  await joinAndConfirm(page, person);
  await openMyPage(page, person);
  const message = await waitForMail(running().mail, person.email, {
    subject: 'Your place on the Paylock waitlist',
  });
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('Your page is closed.')).toBeVisible();
  await page.goto(linkIn(message, /\/waitlist\/me\?token=/));
  await expect(page.getByRole('alert')).toContainText('This link has already been used');
  await expect(page.getByRole('button', { name: 'E-mail me a link' })).toBeVisible();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the personal page passes axe in the ${scheme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    const person = newPerson();
    await joinAndConfirm(page, person);
    await page.goto(`${running().baseURL}/waitlist/me`);
    await expect(page.locator('html')).toHaveClass(scheme);
    await expect(
      page.getByRole('heading', { level: 2, name: 'Get a link to your page' }),
    ).toBeVisible();
    await expectNoAccessibilityViolations(page);

    await openMyPage(page, person);
    await expect(page.locator('html')).toHaveClass(scheme);
    await expectNoAccessibilityViolations(page);
    await page.getByRole('button', { name: 'Erase my data' }).click();
    await expect(page.getByRole('button', { name: 'Yes, erase my data' })).toBeFocused();
    await expectNoAccessibilityViolations(page);

    await page.goto(`${running().baseURL}/privacy`);
    await expect(
      page.getByRole('heading', { level: 2, name: 'If a breach happens' }),
    ).toBeVisible();
    await expectNoAccessibilityViolations(page);
  });
}
