import { expect, test, type Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/accessibility';
import { startStack, type Stack } from './support/stack';
import { appReady } from './support/hydration';

let stack: Stack | undefined;

test.beforeAll(async () => {
  stack = await startStack();
});

test.afterAll(async () => {
  await stack?.stop();
});

const schemes = ['light', 'dark'] as const;
type Scheme = (typeof schemes)[number];
const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/**
 * Opens `route` in `scheme` (the stored theme stays 'system', so the page follows the emulated OS
 * preference) and waits until the page and the preview banner have settled: axe then sees what a
 * visitor sees, not a half-hydrated page.
 */
async function open(
  page: Page,
  route: string,
  scheme: Scheme,
  reducedMotion: 'reduce' | 'no-preference' = 'reduce',
) {
  if (!stack) throw new Error('stack not started');
  // Still slides by default; the carousel's turn is checked on its own below.
  await page.emulateMedia({ colorScheme: scheme, reducedMotion });
  await page.goto(new URL(route, stack.baseURL).toString());
  await appReady(page);
  await expect(page.locator('html')).toHaveClass(scheme);
  await expect(page.getByText('Preview backend running in this workspace.')).toBeVisible();
}

for (const scheme of schemes) {
  test.describe(`${scheme} theme`, () => {
    for (const [name, viewport] of Object.entries(viewports)) {
      test(`the landing page on a ${name}`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await open(page, '/', scheme);
        // Only the hydrated page fetches the live count.
        await expect(page.getByText(/early-access slots left/)).toBeVisible();
        await expectNoAccessibilityViolations(page);

        // Scrolled: the top bar turns opaque over the content.
        await page.evaluate(() => {
          window.scrollTo(0, 600);
        });
        await expect(page.getByRole('banner')).toHaveAttribute('data-opaque', 'true');
        await expectNoAccessibilityViolations(page);
      });
    }

    test('the landing page with a slide half-way through its turn', async ({ page }) => {
      await page.setViewportSize(viewports.phone);
      await open(page, '/', scheme, 'no-preference');
      await expect(page.getByText(/early-access slots left/)).toBeVisible();
      const carousel = page.getByRole('region', { name: 'Chats with brands' });
      const next = carousel.getByRole('button', { name: 'Next slide' });
      await expect(next).toBeEnabled();
      // Every transition the turn started, held at its middle: the frame axe then measures is
      // one a visitor sees (Lighthouse's audit can land on any frame of a turn). The click, the
      // style flush that starts the transitions and the pause run in one task of the page, so a
      // loaded machine cannot let the turn end before it is held.
      const held = await next.evaluate(async (button) => {
        (button as HTMLButtonElement).click();
        await Promise.resolve();
        document.body.getBoundingClientRect();
        const turning = document.getAnimations().filter((item) => item instanceof CSSTransition);
        for (const transition of turning) {
          transition.pause();
          transition.currentTime = 250;
        }
        return turning.length;
      });
      expect(held).toBeGreaterThan(0);
      await expect(carousel.getByRole('group', { name: '2 of 3' })).toBeVisible();
      await expectNoAccessibilityViolations(page);
    });

    test('the landing page with the phone menu open', async ({ page }) => {
      await page.setViewportSize(viewports.phone);
      await open(page, '/', scheme);
      await expect(page.getByText(/early-access slots left/)).toBeVisible();
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      await expectNoAccessibilityViolations(page);
    });

    test('the waitlist page: empty, with errors, and with the success modal open', async ({
      page,
    }) => {
      await open(page, '/waitlist', scheme);
      await expect(page.getByText(/of 1,000 early-access slots left$/)).toBeVisible();
      await expectNoAccessibilityViolations(page);

      const submit = page.getByRole('button', { name: 'Join Waitlist' });
      await submit.click();
      await expect(page.getByLabel('Full Name')).toHaveAccessibleDescription(
        'Full name is required',
      );
      await expect(page.getByText('Please fix the form errors and try again!')).toBeVisible();
      await expectNoAccessibilityViolations(page);

      const unique = `${String(Date.now()).slice(-8)}${scheme === 'light' ? 1 : 2}`;
      await page.getByLabel("I'm a...").selectOption({ label: 'Influencer' });
      await page.getByLabel('Full Name').fill('Asha Rao');
      await page.getByLabel('Email Address').fill(`asha.${unique}@example.com`);
      await page.getByLabel('Phone Number').fill(`9${unique.slice(-9)}`);
      await page.getByLabel('Instagram Username').fill(`@asha_${unique}`);
      await submit.click();
      const modal = page.getByRole('dialog');
      await expect(modal.getByRole('button', { name: 'Go Back Home' })).toBeFocused();
      await expect(page.getByText('Form submitted successfully')).toBeVisible();
      await expectNoAccessibilityViolations(page);
    });

    test('the sign-in page', async ({ page }) => {
      await open(page, '/login', scheme);
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
      await expect(page.getByRole('note')).toBeVisible();
      await expectNoAccessibilityViolations(page);
    });

    test('the sign-up page, for both account types', async ({ page }) => {
      await open(page, '/register', scheme);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Create your account' }),
      ).toBeVisible();
      await expect(page.getByRole('note')).toBeVisible();
      await expectNoAccessibilityViolations(page);

      // The radios are visually hidden inside their cards: a visitor clicks the card.
      await page.locator('label').filter({ hasText: 'talent management' }).click();
      await expect(page.getByRole('radio', { name: /Brand/ })).toBeChecked();
      // Get OTP without a number: the field's message (the code step: brand-accounts.e2e.ts).
      await page.getByRole('button', { name: 'Get OTP' }).click();
      await expect(page.getByText('Phone number is required')).toBeVisible();
      await expectNoAccessibilityViolations(page);
    });
  });
}
