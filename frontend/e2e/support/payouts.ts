import { expect, type Page } from '@playwright/test';
import type { Stack } from './stack';

/**
 * Gives the signed-in creator on `page` a verified payout profile, which sending a deal needs,
 * through the API Wallet → Settings calls, with the creator's own session (the bearer token the
 * app sends): the local gateway creates and activates the Route linked account exactly as it does
 * behind the screen. The screen itself is driven in payout-profile.e2e.ts.
 */
export async function saveVerifiedPayoutProfile(page: Page, stack: Stack): Promise<void> {
  const api = (path: string) => new URL(path, stack.baseURL).toString();
  const authorized = page.waitForRequest(
    (request) =>
      request.url().includes('/api/v1/') && request.headers().authorization !== undefined,
  );
  await page.reload();
  const headers = { authorization: (await authorized).headers().authorization ?? '' };
  const saved = await page.request.put(api('/api/v1/payout-profile'), {
    headers,
    data: {
      legalName: 'Asha Rao',
      pan: 'ABCPE1234F',
      phone: '9876543210',
      accountNumber: '50100123456789',
      accountNumberConfirmation: '50100123456789',
      ifsc: 'HDFC0000001',
      upiId: null,
      gstin: null,
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  await expect
    .poll(async () => {
      const read = await page.request.get(api('/api/v1/payout-profile'), { headers });
      return ((await read.json()) as { status?: string }).status;
    })
    .toBe('verified');
}
