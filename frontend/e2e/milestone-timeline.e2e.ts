import { expect, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/accessibility';
import {
  createDeal,
  deliver,
  expectCreatorMilestone,
  fund,
  RELEASED,
  sendAndAccept,
  uniqueBrandEmail,
} from './support/money';
import { saveVerifiedPayoutProfile } from './support/payouts';
import { signUpNewAccount } from './support/sign-in';
import { startStack, type Stack } from './support/stack';

/**
 * The per-milestone timeline on the creator's deal page (#39): each move of the milestone, read
 * from the deal's history, with its time in IST. An approval-window "day" is two seconds here
 * (PAYMENTS_APPROVAL_DAY_MS), so the window runs out within the test.
 */
let stack: Stack | undefined;

test.beforeAll(async () => {
  stack = await startStack({
    backendEnv: { PAYMENTS_APPROVAL_DAY_MS: '2000', PAYMENTS_WORKER_INTERVAL_MS: '500' },
  });
});

test.afterAll(async () => {
  await stack?.stop();
});

function running(): Stack {
  if (!stack) throw new Error('stack not started');
  return stack;
}

const IST_TIME = String.raw`\d{1,2} \w{3} \d{4}, \d\d:\d\d IST`;

test('a milestone shows its history: funded, submitted, approved automatically, released, in IST', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpNewAccount(page, running(), 'Meher Sethi');
  await saveVerifiedPayoutProfile(page, running());
  const brandEmail = uniqueBrandEmail();
  await createDeal(page, running(), { title: 'Timeline reel', brandEmail, windowDays: 1 });
  const dealUrl = page.url();
  const brand = await sendAndAccept(page, browser, running(), brandEmail);
  await fund(brand.page);
  await page.goto(dealUrl);
  await expectCreatorMilestone(page, 'Payment secured');
  await deliver(page);
  await expectCreatorMilestone(page, RELEASED);

  await page.reload();
  const milestone = page.getByRole('listitem', { name: 'Reel live' });
  await milestone.getByText(/^History \(\d+\)$/).click();
  const steps = milestone.getByRole('list', { name: 'History of Reel live' }).getByRole('listitem');
  const texts = await steps.allTextContents();
  const labels = texts.map((text) => text.replace(new RegExp(`${IST_TIME}$`), ''));
  expect(labels.slice(0, 4)).toEqual(['Funded', 'Submitted', 'Approved automatically', 'Released']);
  for (const text of texts) expect(text).toMatch(new RegExp(`${IST_TIME}$`));
  await expectNoAccessibilityViolations(page, { frames: false });
});
