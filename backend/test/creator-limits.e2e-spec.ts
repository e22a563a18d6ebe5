import request from 'supertest';
import { NotificationsWorker } from '../src/notifications/index.js';
import { eventually } from './support/eventually.js';
import type { TestApp } from './support/create-test-app.js';
import { acceptedDeal, DEAL_BRAND_EMAIL, dealTerms } from './support/deal-fixtures.js';
import type { InMemoryOutbox } from './support/in-memory-outbox.js';
import { bearer as as, type LocalMoneyApp, startLocalMoneyApp } from './support/local-money-app.js';

const DEALS = '/api/v1/deals';
const DAY_SECONDS = 86_400;

interface ErrorBody {
  statusCode: number;
  code: string;
}

/**
 * Issue #36 L4: what one creator makes Paylock mail is limited per creator (deals sent a day,
 * deals sent to one brand contact a day, a cool-down after withdrawing a cancellation proposal),
 * refused with 429 and Retry-After, and nobody else's limit is touched.
 */
describe("a creator's limits on the mail it makes Paylock send (#36 L4)", () => {
  let local: LocalMoneyApp;
  let testApp: TestApp;
  let outbox: InMemoryOutbox;
  let asha: string;
  let ravi: string;
  let cara: string;

  /** A draft of `creator`'s to `contactEmail`, then its send: the send's answer. */
  async function send(creator: string, contactEmail: string): Promise<request.Response> {
    const terms = dealTerms();
    const created = await request(testApp.server)
      .post(DEALS)
      .set(as(creator))
      .send({ ...terms, brand: { ...(terms.brand as object), contactEmail } })
      .expect(201);
    const dealId = (created.body as { id: string }).id;
    return request(testApp.server).post(`${DEALS}/${dealId}/send`).set(as(creator));
  }

  function expectLimited(response: request.Response, code: string, atMostSeconds: number): void {
    expect(response.status).toBe(429);
    expect((response.body as ErrorBody).code).toBe(code);
    const retryAfter = Number(response.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(atMostSeconds);
  }

  const reviewRequestsTo = (email: string) =>
    outbox.messagesTo(email).filter(({ kind }) => kind === 'deal-review-request').length;

  beforeAll(async () => {
    local = await startLocalMoneyApp({
      DEAL_SENDS_PER_DAY: '3',
      DEAL_SENDS_PER_RECIPIENT_PER_DAY: '2',
      DEAL_CANCELLATION_PROPOSALS_PER_DAY: '5',
      DEAL_CANCELLATION_COOLDOWN_MINUTES: '60',
    });
    ({ testApp, outbox } = local);
    asha = await local.signUp('limits-asha', 'asha.limits@gmail.com', 'Asha Rao');
    ravi = await local.signUp('limits-ravi', 'ravi.limits@gmail.com', 'Ravi Kumar');
    cara = await local.signUp('limits-cara', 'cara.limits@gmail.com', 'Cara Dsouza');
    for (const [token, name] of [
      [asha, 'Asha Rao'],
      [ravi, 'Ravi Kumar'],
      [cara, 'Cara Dsouza'],
    ] as const) {
      await local.verifiedPayoutProfile(token, name);
    }
  }, 120_000);

  afterAll(async () => {
    await local.stop();
  }, 60_000);

  it('refuses the third deal to one brand contact and the fourth of the day; another creator sends on', async () => {
    const other = 'buyer@othershop.in';
    expect((await send(asha, DEAL_BRAND_EMAIL)).status).toBe(200);
    expect((await send(asha, DEAL_BRAND_EMAIL.toUpperCase())).status).toBe(200);
    const toSameContact = await send(asha, DEAL_BRAND_EMAIL);
    expectLimited(toSameContact, 'TOO_MANY_DEALS_TO_RECIPIENT', DAY_SECONDS);
    expect(reviewRequestsTo(DEAL_BRAND_EMAIL)).toBe(2);

    // Refused per contact, the day's budget was not spent: a third deal goes to another contact.
    expect((await send(asha, other)).status).toBe(200);
    const fourth = await send(asha, 'someone@thirdshop.in');
    expectLimited(fourth, 'TOO_MANY_DEALS_SENT', DAY_SECONDS);
    expect(reviewRequestsTo('someone@thirdshop.in')).toBe(0);

    // Another creator's limits are its own: Ravi sends to the same brand contact.
    expect((await send(ravi, DEAL_BRAND_EMAIL)).status).toBe(200);
    expect((await send(ravi, DEAL_BRAND_EMAIL)).status).toBe(200);
    expect(reviewRequestsTo(DEAL_BRAND_EMAIL)).toBe(4);
  });

  it('refuses a new cancellation proposal for an hour after the creator withdrew one', async () => {
    const { dealId } = await acceptedDeal(testApp.server, outbox, cara);
    const cancellation = `${DEALS}/${dealId}/cancellation`;
    await request(testApp.server)
      .post(cancellation)
      .set(as(cara))
      .send({ reason: 'The launch was called off.' })
      .expect(200);
    await request(testApp.server).delete(cancellation).set(as(cara)).expect(200);
    const again = await request(testApp.server)
      .post(cancellation)
      .set(as(cara))
      .send({ reason: 'The launch was called off again.' });
    expectLimited(again, 'CANCELLATION_COOLDOWN', 3_600);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(3_500);
    // The notifications tell the brand of the one proposal that was made, once. The worker's own
    // timer may have claimed the change first: wait for its notice rather than for this pass.
    const proposals = () =>
      outbox
        .messagesTo(DEAL_BRAND_EMAIL)
        .filter(
          ({ kind, key }) =>
            kind === 'notification' &&
            key.includes(':cancellation_proposed:') &&
            key.startsWith(`ntf:${dealId}:`),
        );
    await eventually(
      async () => {
        await testApp.app.get(NotificationsWorker).runOnce();
        return proposals().length > 0;
      },
      { what: 'the proposal notice' },
    );
    await testApp.app.get(NotificationsWorker).runOnce();
    expect(proposals()).toHaveLength(1);
  });
});
