import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';
import { PDFParse } from 'pdf-parse';
import request from 'supertest';
import { DealRepository } from '../src/deals/application/ports/deal.repository.js';
import type { Deal, HistoryEntry, Milestone } from '../src/deals/deals.contract.js';
import { InsightsWorker, MongoInsights } from '../src/insights/index.js';
import { indiaDayKey } from '../src/insights/domain/india-time.js';
import { AUTH, authTestEnv, type SessionBody } from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { dealTerms } from './support/deal-fixtures.js';

const KIT = '/api/v1/media-kit';
const PUBLIC = '/api/v1/public/media-kits';
const DEALS = '/api/v1/deals';
const DAY = 86_400_000;

const reel = {
  title: 'Instagram Reel',
  platform: 'instagram',
  kind: 'reel',
  quantity: 1,
  usageRights: 'Organic use on the brand’s Instagram',
  usagePeriodDays: 90,
  pricePaise: 2_500_000,
  priceIsFrom: true,
  turnaroundDays: 10,
  milestoneSplit: [50, 50],
  visible: true,
};

const kitBody = {
  bio: 'Beauty and travel in Hindi and English.',
  niches: ['beauty', 'travel'],
  languages: ['Hindi', 'English'],
  city: 'Pune',
  portfolioLinks: ['https://example.com/reel-1'],
  platforms: [
    {
      platform: 'instagram',
      handle: '@asha.record',
      audience: { followers: 120000, medianViews: 40000, note: '64% women, 18–34' },
    },
  ],
  packages: [
    reel,
    { ...reel, title: 'YouTube integration', pricePaise: 1_25_00_000, priceIsFrom: false },
    { ...reel, title: 'Secret bundle', visible: false },
  ],
  allowIndexing: false,
  showTrackRecord: false,
};

interface TrackRecordBody {
  trackRecord: {
    dealsCompleted: number;
    milestonesDelivered: number;
    milestonesOnTime: number;
    paymentsReceived: number;
  } | null;
}

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

function binary(response: request.Response, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => {
    callback(null, Buffer.concat(chunks));
  });
}

/**
 * The media kit's track record (#42) over HTTP: shown only with the creator's consent, counted by
 * the insights' follower from the creator's own deals (completed, on time, paid), never another
 * creator's; and the kit as a PDF.
 */
describe('Media kit track record and PDF (#42)', () => {
  let idp: IdentityProvider;
  let testApp: TestApp;
  let asha: string;
  let ravi: string;
  let ashaRunningDeal: string;
  const now = Date.now();
  const ago = (days: number) => new Date(now - days * DAY);
  /** A due date ten days ago: submitted 12 days ago is on time, 8 days ago is late. */
  const dueTenDaysAgo = indiaDayKey(now - 10 * DAY);

  async function signUp(sub: string, email: string, name: string): Promise<string> {
    const credential = await idp.issueIdToken({ sub, email, name });
    const response = await request(testApp.server)
      .post(`${AUTH}/register`)
      .send({ credential })
      .expect(201);
    return (response.body as SessionBody).accessToken;
  }

  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const put = (token: string, path: string, body: object) =>
    request(testApp.server).put(`${KIT}${path}`).set(as(token)).send(body);

  const submit = (id: string, at: Date): HistoryEntry => ({
    at,
    by: 'creator',
    actor: 'creator',
    from: 'accepted',
    to: 'accepted',
    version: 1,
    milestone: { id, action: 'submit', from: 'funded', to: 'submitted' },
  });

  type Outcome = 'on-time-paid' | 'late-paid' | 'late' | 'untouched';

  /** A deal of the creator's, accepted, its milestones delivered and paid as `outcomes` say. */
  async function dealWith(
    token: string,
    state: Deal['state'],
    outcomes: readonly Outcome[],
  ): Promise<string> {
    const created = await request(testApp.server)
      .post(DEALS)
      .set(as(token))
      .send(dealTerms())
      .expect(201);
    const deals = testApp.app.get(DealRepository);
    const deal = (await deals.findById((created.body as { id: string }).id)) as Deal;
    const history: HistoryEntry[] = [];
    const milestones = deal.milestones.map((milestone, index): Milestone => {
      const outcome = outcomes[index] ?? 'untouched';
      if (outcome === 'untouched') return milestone;
      const submittedAt = outcome === 'on-time-paid' ? ago(12) : ago(8);
      history.push(submit(milestone.id, submittedAt));
      const paid = outcome !== 'late';
      return {
        ...milestone,
        dueDate: dueTenDaysAgo,
        state: paid ? 'released' : 'submitted',
        fundedAt: ago(13),
        submission: { links: [], note: '', at: submittedAt },
        ...(paid && { approvedAt: ago(6), releasedAt: ago(5) }),
      };
    });
    const next: Deal = {
      ...deal,
      state,
      revision: deal.revision + 1,
      updatedAt: new Date(now),
      milestones,
      history: [...deal.history, ...history],
    };
    expect(await deals.claim(deal, next)).toBe(true);
    return deal.id;
  }

  async function publish(token: string, handle: string, showTrackRecord: boolean) {
    await put(token, '', { ...kitBody, showTrackRecord }).expect(200);
    await put(token, '/handle', { handle }).expect(200);
    await put(token, '/publication', { published: true }).expect(200);
  }

  const jsonOf = async (handle: string) =>
    (await request(testApp.server).get(`${PUBLIC}/${handle}`).expect(200)).body as TrackRecordBody;
  const pageOf = async (handle: string) =>
    (await request(testApp.server).get(`${PUBLIC}/${handle}/page`).expect(200)).text;

  beforeAll(async () => {
    idp = await startIdentityProvider();
    testApp = await createTestApp({
      env: authTestEnv(idp, { RATE_LIMIT_PERSONAL_PAGE_PER_MINUTE: '1000' }),
    });
    asha = await signUp('google-asha-record', 'asha.record@gmail.com', 'Asha Rao');
    ravi = await signUp('google-ravi-record', 'ravi.record@gmail.com', 'Ravi Kumar');
    // Asha: one deal completed (one milestone on time, one late, both paid), one running with a
    // late delivery not paid yet, one sent and untouched.
    await dealWith(asha, 'completed', ['on-time-paid', 'late-paid']);
    ashaRunningDeal = await dealWith(asha, 'accepted', ['late']);
    await dealWith(asha, 'sent', []);
    // Ravi, with the same brand: two completed deals, everything on time and paid.
    await dealWith(ravi, 'completed', ['on-time-paid', 'on-time-paid', 'on-time-paid']);
    await dealWith(ravi, 'completed', ['on-time-paid']);
    await publish(asha, 'asha.record', false);
    await publish(ravi, 'ravi.record', true);
    // The follower's pass, as its timer would run it.
    await testApp.app.get(InsightsWorker).runOnce();
  }, 60_000);

  afterAll(async () => {
    await testApp.close();
    await idp.stop();
  });

  it('shows no track record without the creator’s consent', async () => {
    expect((await jsonOf('asha.record')).trackRecord).toBeNull();
    const page = await pageOf('asha.record');
    expect(page).not.toContain('Track record');
    expect(page).not.toContain('via Paylock');
  });

  it('with consent, counts the creator’s own completed, on-time and paid milestones only', async () => {
    await put(asha, '', { ...kitBody, showTrackRecord: true }).expect(200);
    expect((await jsonOf('asha.record')).trackRecord).toEqual({
      dealsCompleted: 1,
      milestonesDelivered: 3,
      milestonesOnTime: 1,
      paymentsReceived: 2,
    });
    const page = await pageOf('asha.record');
    expect(page).toContain('<h2>Track record on Paylock</h2>');
    expect(page).toContain('1 deal completed through Paylock');
    expect(page).toContain('33% of milestones delivered on time (1 of 3 milestones)');
    expect(page).toContain('2 payments received via Paylock');
    // Counts only: no brand and no deal's amount.
    expect(page).not.toContain('Glow Naturals');
    expect(page).not.toContain('₹1,25,000.00 ');
    expect(page).not.toMatch(/<script/i);
    // Its CSP allows the one style element by hash: a style attribute would be blocked (and logged).
    expect(page).not.toMatch(/ style="/);

    expect((await jsonOf('ravi.record')).trackRecord).toEqual({
      dealsCompleted: 2,
      milestonesDelivered: 4,
      milestonesOnTime: 4,
      paymentsReceived: 4,
    });
    expect(await pageOf('ravi.record')).toContain(
      '100% of milestones delivered on time (4 of 4 milestones)',
    );
  });

  it('a revised deal is counted once, at its newest revision', async () => {
    const deals = testApp.app.get(DealRepository);
    const running = (await deals.findById(ashaRunningDeal)) as Deal;
    expect(
      await deals.claim(running, {
        ...running,
        state: 'completed',
        revision: running.revision + 1,
      }),
    ).toBe(true);
    await testApp.app.get(InsightsWorker).runOnce();
    expect((await jsonOf('asha.record')).trackRecord).toEqual({
      dealsCompleted: 2,
      milestonesDelivered: 3,
      milestonesOnTime: 1,
      paymentsReceived: 2,
    });
  });

  it('the counts are the same after the insights’ read model is rebuilt from the deals', async () => {
    const before = (await jsonOf('asha.record')).trackRecord;
    await testApp.app.get(MongoInsights).history.rebuild();
    expect((await jsonOf('asha.record')).trackRecord).toEqual(before);
    expect((await jsonOf('ravi.record')).trackRecord).toMatchObject({ dealsCompleted: 2 });
  });

  it('prints the kit as a PDF: bio, dated self-reported figures, published prices in ₹, the record', async () => {
    const pdf = await request(testApp.server)
      .get(`${KIT}/kit.pdf`)
      .set(as(asha))
      .buffer(true)
      .parse(binary)
      .expect('Content-Type', 'application/pdf')
      .expect('Content-Disposition', 'attachment; filename="paylock-media-kit-asha.record.pdf"')
      .expect(200);
    const text = await pdfText(pdf.body as Buffer);
    expect(text).toContain('Asha Rao · Media kit');
    expect(text).toContain('@asha.record · Pune');
    expect(text).toContain('Beauty and travel in Hindi and English.');
    expect(text).toContain('1,20,000 followers · median 40,000 views');
    expect(text).toMatch(/\(self-reported on \d{4}-\d{2}-\d{2}\)/);
    expect(text).toContain('Instagram Reel from ₹25,000.00');
    expect(text).toContain('YouTube integration ₹1,25,000.00');
    expect(text).not.toContain('Secret bundle');
    expect(text).toContain('Track record on Paylock');
    expect(text).toContain('2 deals completed through Paylock');
    expect(text).toContain('33% of milestones delivered on time (1 of 3 milestones)');
    expect(text).not.toContain('Glow Naturals');
  });

  it('prints no track record without consent, and only for the creator signed in', async () => {
    await put(asha, '', kitBody).expect(200);
    const pdf = await request(testApp.server)
      .get(`${KIT}/kit.pdf`)
      .set(as(asha))
      .buffer(true)
      .parse(binary)
      .expect(200);
    const text = await pdfText(pdf.body as Buffer);
    expect(text).toContain('Rate card');
    expect(text).not.toContain('Track record');
    await request(testApp.server).get(`${KIT}/kit.pdf`).expect(401);
  });
});
