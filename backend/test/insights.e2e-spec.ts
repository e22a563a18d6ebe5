import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';
import request from 'supertest';
import { DealRepository } from '../src/deals/application/ports/deal.repository.js';
import type { Deal, HistoryEntry, Milestone } from '../src/deals/deals.contract.js';
import { InsightsWorker } from '../src/insights/index.js';
import { indiaDayKey } from '../src/insights/domain/india-time.js';
import { AUTH, authTestEnv, type ErrorBody, type SessionBody } from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { dealTerms } from './support/deal-fixtures.js';

const DEALS = '/api/v1/deals';
const INSIGHTS = '/api/v1/insights';
const DAY = 86_400_000;

interface Money {
  fundedPaise: number;
  releasedPaise: number;
  settledPaise: number;
  heldPaise: number;
}
interface Comparison {
  current: {
    money: Money;
    speed: { acceptanceToFunding: { count: number; medianDays: number | null } };
  };
}
interface AnalyticsBody {
  overall: Comparison;
  brands: (Comparison & { brandName: string })[];
}
interface InsightsBody {
  insights: {
    kind: string;
    sentence: string;
    evidence: { dealId: string; milestoneId: string }[];
  }[];
  coming: { date: string; amountPaise: number; items: { dealId: string }[] }[];
}

/**
 * Analytics and insights (#40) over HTTP, from the read model its follower keeps: two creators
 * with deals of the same brand each see their own figures only; bad ranges are 400s naming the
 * field.
 */
describe('Creator analytics and insights (#40)', () => {
  let idp: IdentityProvider;
  let testApp: TestApp;
  let asha: string;
  let ravi: string;
  let ashaDeal: string;
  let raviDeal: string;
  const now = Date.now();
  const ago = (days: number) => new Date(now - days * DAY);

  async function signUp(sub: string, email: string, name: string): Promise<string> {
    const credential = await idp.issueIdToken({ sub, email, name });
    const response = await request(testApp.server)
      .post(`${AUTH}/register`)
      .send({ credential })
      .expect(201);
    return (response.body as SessionBody).accessToken;
  }

  const entry = (
    at: Date,
    by: HistoryEntry['by'],
    move?: HistoryEntry['milestone'],
  ): HistoryEntry => ({
    at,
    by,
    actor: by,
    from: move ? 'accepted' : 'sent',
    to: 'accepted',
    version: 1,
    ...(move && { milestone: move }),
  });

  /** The creator's deal, accepted 12 days ago, its milestones moved as `money` says (one claim). */
  async function acceptedWithMoney(
    token: string,
    money: (milestones: readonly Milestone[]) => {
      milestones: Milestone[];
      history: HistoryEntry[];
    },
  ): Promise<string> {
    const created = await request(testApp.server)
      .post(DEALS)
      .set({ Authorization: `Bearer ${token}` })
      .send(dealTerms())
      .expect(201);
    const id = (created.body as { id: string }).id;
    const deals = testApp.app.get(DealRepository);
    const deal = (await deals.findById(id)) as Deal;
    const { milestones, history } = money(deal.milestones);
    const next: Deal = {
      ...deal,
      state: 'accepted',
      revision: deal.revision + 1,
      updatedAt: new Date(now),
      milestones,
      history: [...deal.history, entry(ago(12), 'brand'), ...history],
    };
    expect(await deals.claim(deal, next)).toBe(true);
    return id;
  }

  const read = async <T>(token: string, path: string, status = 200) =>
    (
      await request(testApp.server)
        .get(`${INSIGHTS}${path}`)
        .set({ Authorization: `Bearer ${token}` })
        .expect(status)
    ).body as T;

  const lastMonth = `period=custom&from=${indiaDayKey(now - 30 * DAY)}&to=${indiaDayKey(now)}`;

  beforeAll(async () => {
    idp = await startIdentityProvider();
    testApp = await createTestApp({ env: authTestEnv(idp) });
    asha = await signUp('google-asha-insights', 'asha.insights@gmail.com', 'Asha Rao');
    ravi = await signUp('google-ravi-insights', 'ravi.insights@gmail.com', 'Ravi Kumar');
    ashaDeal = await acceptedWithMoney(asha, ([signing, draft, live]) => ({
      milestones: [
        {
          ...(signing as Milestone),
          state: 'settled',
          fundedAt: ago(10),
          submission: { links: [], note: '', at: ago(8) },
          approvedAt: ago(7),
          releasedAt: ago(6),
          settledAt: ago(5),
        },
        {
          ...(draft as Milestone),
          state: 'submitted',
          fundedAt: ago(10),
          submission: { links: [], note: '', at: ago(1) },
          approvalDueAt: ago(-6),
        },
        live as Milestone,
      ],
      history: [
        entry(ago(10), 'system', {
          id: signing?.id ?? '',
          action: 'fund',
          from: 'pending',
          to: 'funded',
        }),
        entry(ago(10), 'system', {
          id: draft?.id ?? '',
          action: 'fund',
          from: 'pending',
          to: 'funded',
        }),
        entry(ago(8), 'creator', {
          id: signing?.id ?? '',
          action: 'submit',
          from: 'funded',
          to: 'submitted',
        }),
        entry(ago(7), 'brand', {
          id: signing?.id ?? '',
          action: 'approve',
          from: 'submitted',
          to: 'approved',
        }),
        entry(ago(1), 'creator', {
          id: draft?.id ?? '',
          action: 'submit',
          from: 'funded',
          to: 'submitted',
        }),
      ],
    }));
    raviDeal = await acceptedWithMoney(ravi, ([signing, ...rest]) => ({
      milestones: [{ ...(signing as Milestone), state: 'funded', fundedAt: ago(3) }, ...rest],
      history: [
        entry(ago(3), 'system', {
          id: signing?.id ?? '',
          action: 'fund',
          from: 'pending',
          to: 'funded',
        }),
      ],
    }));
    // The follower's pass, as its timer would run it.
    await testApp.app.get(InsightsWorker).runOnce();
  }, 60_000);

  afterAll(async () => {
    await testApp.close();
    await idp.stop();
  });

  it("shows each creator their own figures of a brand they share, never the other's", async () => {
    const ashas = await read<AnalyticsBody>(asha, `/analytics?${lastMonth}`);
    expect(ashas.overall.current.money).toMatchObject({
      fundedPaise: 7_500_000,
      releasedPaise: 2_500_000,
      settledPaise: 2_500_000,
      heldPaise: 5_000_000,
    });
    expect(ashas.overall.current.speed.acceptanceToFunding).toEqual({
      count: 2,
      medianDays: 2,
      p90Days: 2,
    });
    expect(ashas.brands.map((brand) => brand.brandName)).toEqual(['Glow Naturals Pvt Ltd']);

    const ravis = await read<AnalyticsBody>(ravi, `/analytics?${lastMonth}`);
    expect(ravis.overall.current.money).toMatchObject({
      fundedPaise: 2_500_000,
      releasedPaise: 0,
      heldPaise: 2_500_000,
    });
    expect(ravis.brands[0]?.current.speed.acceptanceToFunding).toEqual({
      count: 1,
      medianDays: 9,
      p90Days: 9,
    });
  });

  it('says what is due and what waits, with evidence from the creator’s own deals only', async () => {
    const ashas = await read<InsightsBody>(asha, `?${lastMonth}`);
    const due = ashas.insights.find((insight) => insight.kind === 'due_for_release');
    expect(due?.sentence).toMatch(
      /^₹50,000 is due to be released by \d{1,2} \w+ if nothing is disputed\.$/,
    );
    expect(due?.evidence.map((item) => item.dealId)).toEqual([ashaDeal]);
    expect(ashas.coming.flatMap((day) => day.items.map((item) => item.dealId))).not.toContain(
      raviDeal,
    );
    const ravis = await read<InsightsBody>(ravi, '');
    const waiting = ravis.insights.find((insight) => insight.kind === 'waiting_for_funding');
    expect(waiting?.sentence).toBe('2 milestones wait for funding longer than 7 days.');
    expect(waiting?.evidence.every((item) => item.dealId === raviDeal)).toBe(true);
  });

  it.each([
    ['period=custom&from=2026-02-10&to=2026-02-01', 'to', /before from/],
    ['period=custom&from=2019-01-01&to=2025-01-01', 'to', /at most 5 years/],
    ['period=custom&from=2025-01-01&to=2999-01-01', 'to', /future/],
    ['period=custom&from=01-02-2025&to=2025-03-01', 'from', /YYYY-MM-DD/],
    ['period=custom&from=2025-01-01', 'to', /required/],
    ['period=next_year', 'period', /must be one of/],
  ])('answers 400 naming the field for %s', async (query, field, message) => {
    for (const path of ['/analytics', '']) {
      const body = await read<ErrorBody>(asha, `${path}?${query}`, 400);
      expect(body.errors?.[field]).toMatch(message);
    }
  });

  it('starts a creator with no deals at honest zeros', async () => {
    const nobody = await signUp('google-new-insights', 'new.insights@gmail.com', 'New Creator');
    const body = await read<AnalyticsBody>(nobody, '/analytics');
    expect(body.brands).toEqual([]);
    expect(body.overall.current.money.fundedPaise).toBe(0);
    expect((await read<InsightsBody>(nobody, '')).insights).toEqual([]);
  });
});
