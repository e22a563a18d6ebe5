import { expect, type Page, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { expectAccessibleInBothThemesAndWidths } from './support/accessibility';
import { signUpNewAccount } from './support/sign-in';
import { startStack, type Stack } from './support/stack';

/*
 * The media kit as a creator makes it (#42): name and photo in Settings, then the edit page's
 * fields (bio, a platform with its audience, a package), a handle and Publish, all through the
 * screens; a brand's fresh browser opens /@handle and reads what was typed, with the uploaded
 * photo. axe finds nothing on the four creator pages in either theme on a phone or a laptop.
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

// No dot: a handle without one looks like any page address (no file extension) to the server.
const handle = `priya${randomUUID().slice(0, 8)}`;
const bio = 'Street food and monsoon travel across Kerala, in Malayalam and English.';

const open = (page: Page, path: string) => page.goto(new URL(path, running().baseURL).toString());

// A 1×1 PNG, uploaded as the account's photo.
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNk+A8AAQUBAScY42YAAAAASUVORK5CYII=',
  'base64',
);

/** Settings → Profile: the name and photo the public page shows. */
async function nameYourselfWithPhoto(page: Page, name: string): Promise<void> {
  await open(page, '/creator/settings');
  await page.getByLabel('Display name').fill(name);
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Your name is saved.')).toBeVisible();
  await page
    .getByLabel('Your photo')
    .setInputFiles({ name: 'priya.png', mimeType: 'image/png', buffer: PHOTO });
  await expect(page.getByRole('img', { name: 'Your photo' })).toBeVisible();
}

async function fillKit(page: Page): Promise<void> {
  await open(page, '/creator/media-kit/edit');
  await expect(page.getByRole('heading', { level: 1, name: 'Edit your media kit' })).toBeVisible();
  await page.getByLabel('Bio').fill(bio);
  await page.getByLabel('City').fill('Kochi');

  const platforms = page.getByRole('region', { name: 'Platforms and audience' });
  await platforms.getByRole('button', { name: 'Add Instagram' }).click();
  const instagram = platforms.getByRole('group', { name: 'Instagram' });
  await instagram.getByLabel('Your handle on Instagram').fill('priya.eats.kochi');
  await instagram.getByLabel('Followers (self-reported)').fill('54000');
  await instagram.getByLabel('Median views of recent posts (self-reported)').fill('21000');

  const rateCard = page.getByRole('region', { name: 'Rate card' });
  await rateCard.getByRole('button', { name: 'Add a package' }).click();
  const reel = rateCard.getByRole('group');
  await reel.getByLabel('Title').fill('Two Reels and a Story');
  await reel.getByLabel('Quantity').fill('2');
  await reel.getByRole('textbox', { name: 'Price' }).fill('42,000');
  await reel.getByLabel('Turnaround (days)').fill('12');

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
}

async function chooseHandleAndPublish(page: Page): Promise<void> {
  await open(page, '/creator/media-kit');
  await page.getByLabel('Your handle (your page is /@handle)').fill(handle);
  await page.getByRole('button', { name: 'Choose handle' }).click();
  await expect(page.getByRole('button', { name: 'Change handle' })).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(`/@${handle}$`) })).toBeVisible();
}

test('a creator edits and publishes the kit on screen; a brand reads it at /@handle; the four pages pass axe', async ({
  browser,
  page,
}) => {
  await signUpNewAccount(page, running(), 'Asha Rao');
  await nameYourselfWithPhoto(page, 'Priya Menon');
  await fillKit(page);
  await chooseHandleAndPublish(page);

  const brand = await browser.newContext();
  try {
    const visitor = await brand.newPage();
    const answer = await visitor.goto(new URL(`/@${handle}`, running().baseURL).toString());
    expect(answer?.status()).toBe(200);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Priya Menon' })).toBeVisible();
    await expect(visitor.getByText(`@${handle} · Kochi`)).toBeVisible();
    await expect(visitor.getByText(bio)).toBeVisible();
    // The uploaded photo, from the page's own origin (its CSP allows img-src 'self'), loads.
    const photo = visitor.locator('header img');
    await expect(photo).toHaveAttribute('src', /^\/api\/v1\/profile-photos\//);
    expect(await photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(
      0,
    );
    const src = (await photo.getAttribute('src')) ?? '';
    await expect(visitor.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      new URL(src, running().baseURL).toString(),
    );
    await expect(
      visitor.getByRole('heading', { name: 'Instagram · @priya.eats.kochi' }),
    ).toBeVisible();
    await expect(visitor.getByText('54,000 followers · median 21,000 views')).toBeVisible();
    const rateCard = visitor.getByRole('listitem').filter({ hasText: 'Two Reels and a Story' });
    await expect(rateCard.getByText('2 × reel on Instagram · delivered in 12 days')).toBeVisible();
    await expect(rateCard.getByText('₹42,000.00')).toBeVisible();
    await expect(rateCard.getByRole('link', { name: 'Request this package' })).toBeVisible();
  } finally {
    await brand.close();
  }

  const creatorPages = [
    ['/creator/media-kit', 'Media kit'],
    ['/creator/media-kit/edit', 'Edit your media kit'],
    ['/creator/media-kit/share', 'Share your media kit'],
    ['/creator/media-kit/analytics', 'Media kit analytics'],
  ] as const;
  for (const [path, title] of creatorPages) {
    await open(page, path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expectAccessibleInBothThemesAndWidths(page);
  }
});
