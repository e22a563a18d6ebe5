import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';
import request from 'supertest';
import { AUTH, authTestEnv, type SessionBody } from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { dealTerms } from './support/deal-fixtures.js';
import { FakePayoutAccounts } from './support/fake-payment-gateway.js';
import { PayoutAccounts } from '../src/payouts/payouts.contract.js';

const DEALS = '/api/v1/deals';

interface ListBody {
  items: { id: string; title: string; state: string }[];
  total: number;
  nextCursor: string | null;
}

/**
 * The contracts list read from its read model (#38): pages by number and by opaque cursor agree,
 * and a cursor altered, made up, or given to another creator is a 400, never a page.
 */
describe('The contracts list by keyed pages and cursors (#38)', () => {
  let idp: IdentityProvider;
  let testApp: TestApp;
  let asha: string;
  let ravi: string;

  async function signUp(sub: string, email: string, name: string): Promise<string> {
    const credential = await idp.issueIdToken({ sub, email, name });
    const response = await request(testApp.server)
      .post(`${AUTH}/register`)
      .send({ credential })
      .expect(201);
    return (response.body as SessionBody).accessToken;
  }

  const list = async (token: string, query: string, status = 200) =>
    (
      await request(testApp.server)
        .get(`${DEALS}${query}`)
        .set({ Authorization: `Bearer ${token}` })
        .expect(status)
    ).body as ListBody & { code?: string };

  beforeAll(async () => {
    idp = await startIdentityProvider();
    testApp = await createTestApp({
      env: authTestEnv(idp),
      // Sending needs a verified payout profile (#26): every creator here has one.
      configure: (builder) =>
        builder.overrideProvider(PayoutAccounts).useValue(new FakePayoutAccounts()),
    });
    asha = await signUp('google-asha-lists', 'asha.lists@gmail.com', 'Asha Rao');
    ravi = await signUp('google-ravi-lists', 'ravi.lists@gmail.com', 'Ravi Kumar');
    for (let index = 0; index < 5; index += 1) {
      await request(testApp.server)
        .post(DEALS)
        .set({ Authorization: `Bearer ${asha}` })
        .send(dealTerms({ title: `Deal ${String(index)}` }))
        .expect(201);
    }
    await request(testApp.server)
      .post(DEALS)
      .set({ Authorization: `Bearer ${ravi}` })
      .send(dealTerms({ title: 'Ravi deal' }))
      .expect(201);
  }, 60_000);

  afterAll(async () => {
    await testApp.close();
    await idp.stop();
  });

  it('pages newest first by number and by cursor alike, with the total from the counters', async () => {
    const first = await list(asha, '?pageSize=2');
    expect(first.items.map((item) => item.title)).toEqual(['Deal 4', 'Deal 3']);
    expect(first.total).toBe(5);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await list(asha, `?pageSize=2&cursor=${String(first.nextCursor)}`);
    const byNumber = await list(asha, '?pageSize=2&page=2');
    expect(second.items.map((item) => item.title)).toEqual(['Deal 2', 'Deal 1']);
    expect(byNumber.items).toEqual(second.items);
    const last = await list(asha, `?pageSize=2&cursor=${String(second.nextCursor)}`);
    expect(last.items.map((item) => item.title)).toEqual(['Deal 0']);
    expect(last.nextCursor).toBeNull();
    expect((await list(asha, '?view=proposals')).total).toBe(5);
    expect((await list(asha, '?view=active')).total).toBe(0);
  });

  it('shows the overview from the summary: counts per state, the most recently updated first', async () => {
    const overview = async () =>
      (
        await request(testApp.server)
          .get(`${DEALS}/overview`)
          .set({ Authorization: `Bearer ${asha}` })
          .expect(200)
      ).body as {
        needsAction: { id: string; title: string }[];
        needsActionCount: number;
        awaitingBrand: { id: string; title: string }[];
        awaitingBrandCount: number;
        dealCount: number;
        activeCount: number;
        totalUnderContractPaise: number;
      };
    const drafts = await list(asha, '?view=proposals');
    const dealOne = drafts.items.find((item) => item.title === 'Deal 1');
    const dealThree = drafts.items.find((item) => item.title === 'Deal 3');
    if (!dealOne || !dealThree) throw new Error('the drafts are missing');
    await request(testApp.server)
      .put(`${DEALS}/${dealOne.id}`)
      .set({ Authorization: `Bearer ${asha}` })
      .send(dealTerms({ title: 'Deal 1 edited' }))
      .expect(200);
    await request(testApp.server)
      .post(`${DEALS}/${dealThree.id}/send`)
      .set({ Authorization: `Bearer ${asha}` })
      .expect(200);
    const figures = await overview();
    expect(figures.needsAction.map((item) => item.title)).toEqual([
      'Deal 1 edited',
      'Deal 4',
      'Deal 2',
      'Deal 0',
    ]);
    expect(figures).toMatchObject({
      needsActionCount: (await list(asha, '?view=proposals')).total,
      awaitingBrandCount: (await list(asha, '?view=pending')).total,
      dealCount: (await list(asha, '')).total,
      activeCount: 0,
      totalUnderContractPaise: 0,
    });
    expect(figures.awaitingBrand.map((item) => item.title)).toEqual(['Deal 3']);
    expect(figures.needsActionCount).toBe(4);
  });

  it("refuses a forged cursor, or another creator's, with 400 and never shows a page", async () => {
    const { nextCursor } = await list(asha, '?pageSize=2');
    const cursor = String(nextCursor);
    const [payload, mac] = cursor.split('.') as [string, string];
    const otherKey = Buffer.from('0000000000000000:x').toString('base64url');
    const forged = [
      `${otherKey}.${mac}`, // another position under the old digest
      `${payload}.${'A'.repeat(22)}`, // a made-up digest
      'not-a-cursor',
    ];
    for (const bad of forged) {
      const body = await list(asha, `?pageSize=2&cursor=${encodeURIComponent(bad)}`, 400);
      expect(body.items).toBeUndefined();
    }
    // Asha's cursor, presented by Ravi: bound to Asha's list, refused.
    const theirs = await list(ravi, `?pageSize=2&cursor=${cursor}`, 400);
    expect(theirs.code).toBe('INVALID_PAGE_CURSOR');
    // A cursor on another view of the same creator is refused as well.
    await list(asha, `?view=proposals&pageSize=2&cursor=${cursor}`, 400);
  });
});
