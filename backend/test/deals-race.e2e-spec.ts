import { type LocalPaymentGateway, startPaymentGateway } from '@paylock/payment-gateway';
import type { Connection } from 'mongoose';
import type { IdentityProvider } from '@paylock/identity-provider';
import { dealTerms, reviewTokenIn } from './support/deal-fixtures.js';
import { eventually } from './support/eventually.js';
import { bankPayoutProfile } from './support/local-money-app.js';
import type { RunningServer } from './support/server-process.js';
import { postJson, startTwoInstances, type TwoInstances } from './support/two-instances.js';

const RACERS = 20;

interface AnswerBody {
  code?: string;
  state?: string;
  id?: string;
  accessToken?: string;
}

/**
 * The brand accepts while the creator cancels: twenty such requests at once, alternately on two
 * compiled API processes sharing one database. Exactly one transition wins; every other request
 * is told clearly why it lost, and the history records one move out of `sent`.
 */
describe('one sent deal, ten accepts and ten cancels at once over two API instances', () => {
  let harness: TwoInstances;
  let database: Connection;
  let idp: IdentityProvider;
  let gateway: LocalPaymentGateway;

  const call = (instance: RunningServer, path: string, body?: object, token?: string) =>
    postJson<AnswerBody>(instance, path, body, token);
  const instance = (index: number) => harness.instance(index);

  beforeAll(async () => {
    // Sending needs the creator's verified payout profile (#26): a linked account at the local
    // payment gateway, activated at once.
    gateway = await startPaymentGateway();
    harness = await startTwoInstances('deal_race', {
      ...gateway.backendEnv,
      PAYOUT_WORKER_INTERVAL_MS: '200',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PERSONAL_PAGE_PER_MINUTE: '1000',
    });
    ({ database, idp } = harness);
  }, 180_000);

  afterAll(async () => {
    await harness.stop();
    await gateway.stop();
  });

  it('exactly one winner; the others get 409 or 410 with a clear code', async () => {
    idp.setNextIdentity({ sub: 'google-race', email: 'race@gmail.com', name: 'Race Creator' });
    const signUp = await call(instance(0), '/auth/register', {
      credential: await idp.issueIdToken({
        sub: 'google-race',
        email: 'race@gmail.com',
        name: 'Race Creator',
      }),
    });
    expect(signUp.status).toBe(201);
    const creator = signUp.body.accessToken ?? '';
    const profile = await fetch(`${instance(0).api}/payout-profile`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${creator}` },
      body: JSON.stringify(bankPayoutProfile('Race Creator')),
    });
    expect(profile.status).toBe(200);
    await eventually(
      async () => {
        const response = await fetch(`${instance(1).api}/payout-profile`, {
          headers: { authorization: `Bearer ${creator}` },
        });
        return ((await response.json()) as { status?: string }).status === 'verified';
      },
      { what: 'the payout profile verified', timeoutMs: 30_000 },
    );
    const created = await call(instance(0), '/deals', dealTerms(), creator);
    expect(created.status).toBe(201);
    const dealId = created.body.id ?? '';
    const sent = await call(instance(1), `/deals/${dealId}/send`, undefined, creator);
    expect(sent.status).toBe(200);
    const mail = await database
      .collection('outbox')
      .findOne({ kind: 'deal-review-request', 'to.email': 'priya@glownaturals.in' });
    const token = reviewTokenIn((mail?.data as { reviewUrl: string }).reviewUrl);

    const answers = await Promise.all(
      Array.from({ length: RACERS }, (_, index) =>
        index % 2 === 0
          ? call(instance(index / 2), '/deal-review/accept', {
              token,
              fullName: 'Priya Mehta',
              agreed: true,
            })
          : call(instance((index - 1) / 2), `/deals/${dealId}/cancel`, undefined, creator),
      ),
    );

    const winners = answers.filter(({ status }) => status === 200);
    expect(winners).toHaveLength(1);
    for (const loser of answers.filter(({ status }) => status !== 200)) {
      expect([409, 410]).toContain(loser.status);
      expect([
        'DEAL_CHANGED_CONCURRENTLY',
        'DEAL_TRANSITION_REFUSED',
        'DEAL_LINK_CLOSED',
      ]).toContain(loser.body.code);
    }
    const deal = await database.collection('deals').findOne({ _id: dealId as never });
    expect(deal?.state).toBe(winners[0]?.body.state);
    const history = deal?.history as { from: string | null; to: string }[];
    expect(history.filter(({ from }) => from === 'sent')).toHaveLength(1);
    expect(await database.collection('deal_claims').countDocuments({ dealId, revision: 1 })).toBe(
      1,
    );
  }, 120_000);
});
