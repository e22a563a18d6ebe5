import request from 'supertest';
import type { App } from 'supertest/types.js';
import type { InMemoryOutbox } from './in-memory-outbox.js';

/** A deal's terms as a creator would send them: 3 milestones adding up to ₹1,25,000. */
export function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export function dealTerms(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Diwali glow serum <b>launch</b>',
    brief: 'One reel and three stories.\nTag @glownaturals.',
    campaign: 'Diwali 2026 launch',
    brand: {
      companyName: 'Glow Naturals Pvt Ltd',
      contactName: 'Priya Mehta',
      contactEmail: 'priya@glownaturals.in',
      contactMobile: '98765 43210',
    },
    deliverables: [
      {
        platform: 'instagram',
        kind: 'reel',
        quantity: 1,
        dueDate: dayFromNow(20),
        usageRights: 'Organic posting and paid ads on Meta',
        usagePeriodDays: 90,
      },
    ],
    milestones: [
      {
        name: 'Signing',
        releaseCondition: 'Contract signed',
        amountPaise: 2500000,
        dueDate: dayFromNow(5),
      },
      {
        name: 'Draft',
        releaseCondition: 'Draft reel approved',
        amountPaise: 5000000,
        dueDate: dayFromNow(15),
      },
      {
        name: 'Live',
        releaseCondition: 'Reel live on Instagram',
        amountPaise: 5000000,
        dueDate: dayFromNow(20),
      },
    ],
    totalPaise: 12500000,
    approvalWindowDays: 7,
    ...overrides,
  };
}

/** The token of the review link in a brand's e-mail. */
export function reviewTokenIn(text: string | undefined): string {
  const match = /token=([A-Za-z0-9_-]{43})/.exec(text ?? '');
  if (!match?.[1]) throw new Error('no review link in the e-mail');
  return match[1];
}

/** The brand's e-mail in `dealTerms()`. */
export const DEAL_BRAND_EMAIL = 'priya@glownaturals.in';

/** A deal of the creator's, created and sent: its id and the review token mailed to the brand. */
export async function sentDeal(
  server: App,
  outbox: InMemoryOutbox,
  creatorToken: string,
  overrides: Record<string, unknown> = {},
): Promise<{ dealId: string; token: string }> {
  const auth = { Authorization: `Bearer ${creatorToken}` };
  const created = await request(server)
    .post('/api/v1/deals')
    .set(auth)
    .send(dealTerms(overrides))
    .expect(201);
  const dealId = (created.body as { id: string }).id;
  await request(server).post(`/api/v1/deals/${dealId}/send`).set(auth).expect(200);
  const mail = outbox
    .messagesTo(DEAL_BRAND_EMAIL)
    .find((item) => item.key.startsWith(`deal-review-request:${dealId}:`));
  return { dealId, token: reviewTokenIn(mail?.data.reviewUrl) };
}

/** A deal of the creator's, sent and accepted by the brand: its id and the brand's review token. */
export async function acceptedDeal(
  server: App,
  outbox: InMemoryOutbox,
  creatorToken: string,
  overrides: Record<string, unknown> = {},
): Promise<{ dealId: string; token: string }> {
  const sent = await sentDeal(server, outbox, creatorToken, overrides);
  await request(server)
    .post('/api/v1/deal-review/accept')
    .send({ token: sent.token, fullName: 'Priya Mehta', agreed: true })
    .expect(200);
  return sent;
}
