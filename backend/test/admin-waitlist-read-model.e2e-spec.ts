import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';
import { Types } from 'mongoose';
import request from 'supertest';
import { AUTH, authTestEnv, type SessionBody } from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { waitlistSubmission } from './support/waitlist-submission.js';

/**
 * The admin waitlist table's unfiltered pages and its counts come from a read model (#38): these
 * check them against the truth, the database's own sort and counts over `waitlist_entries`
 * (a filter on every status takes the table's query path, which reads the entries themselves).
 */
const ADMIN = '/api/v1/admin';
const JWT_SECRET = 'an-e2e-secret-for-the-waitlist-tables-000';
const OPS = { sub: 'google-sub-ops', email: 'ops@paylock.in', name: 'Ops Person' };
const ALL_STATUSES = 'awaiting_confirmation,confirmed,invited,joined';
const DAY_MS = 86_400_000;
const T0 = Date.now() - 50 * DAY_MS;

interface EntryBody {
  id: string;
  status: string;
  seat: number | null;
  userType: string;
  fullName: string;
}
interface PageBody {
  items: EntryBody[];
  total: number;
}
interface OverviewBody {
  entries: number;
  awaitingConfirmation: number;
  confirmed: number;
  invited: number;
  joined: number;
  byUserType: { userType: string; count: number }[];
  signUpsPerDay: { day: string; count: number }[];
}

const USER_TYPES = ['influencer', 'brand', 'agency', 'talent_manager'];
const STATUSES = ['awaiting_confirmation', 'confirmed', 'invited', 'joined', undefined];

/** 45 entries: ties in names and submission times, seats and none, every status and type. */
function seed() {
  return Array.from({ length: 45 }, (_, index) => {
    const status = STATUSES[index % STATUSES.length];
    const seated = status !== 'awaiting_confirmation' && index % 7 !== 3;
    return {
      _id: new Types.ObjectId(),
      fullName: `Person ${String(index % 9)}`,
      email: `person${String(index)}@example.com`,
      phone: `97000${String(index).padStart(5, '0')}`,
      phoneE164: `+9197000${String(index).padStart(5, '0')}`,
      instagramHandle: `person_${String(index)}`,
      userType: USER_TYPES[index % USER_TYPES.length],
      privacyNoticeVersion: '2026-11-01',
      consentedAt: new Date(T0 + Math.floor(index / 3) * DAY_MS),
      ...(status && { status }),
      ...(seated && { seat: index + 1 }),
      ...(index === 44 && { trapped: true }),
    };
  });
}

describe('Admin waitlist table from its read model', () => {
  let idp: IdentityProvider;
  let app: TestApp;
  let token: string;

  const admin = (path: string) =>
    request(app.server).get(`${ADMIN}${path}`).set('Authorization', `Bearer ${token}`);

  async function everyPage(query: string, pageSize: number): Promise<EntryBody[]> {
    const rows: EntryBody[] = [];
    for (let page = 1; ; page += 1) {
      const response = await admin(
        `/waitlist?${query}&page=${String(page)}&pageSize=${String(pageSize)}`,
      ).expect(200);
      const body = response.body as PageBody;
      if (body.items.length === 0) return rows;
      rows.push(...body.items);
    }
  }

  /** The people the database holds, and their counts, read from the entries themselves. */
  async function truth() {
    const entries = await app.connection
      .collection<{ status?: string; userType: string }>('waitlist_entries')
      .find({ trapped: { $ne: true } })
      .toArray();
    const byStatus: Record<string, number> = {};
    const byUserType: Record<string, number> = {};
    for (const { status, userType } of entries) {
      const shown = status ?? 'confirmed';
      byStatus[shown] = (byStatus[shown] ?? 0) + 1;
      byUserType[userType] = (byUserType[userType] ?? 0) + 1;
    }
    return { entries: entries.length, byStatus, byUserType };
  }

  async function expectPagesAsTheDatabaseSorts() {
    const { entries } = await truth();
    for (const sort of ['joinedAt', 'seat', 'name']) {
      for (const order of ['asc', 'desc']) {
        const query = `sort=${sort}&order=${order}`;
        const fromModel = await everyPage(query, 7);
        const fromEntries = await everyPage(`${query}&status=${ALL_STATUSES}`, 100);
        expect({ query, ids: fromModel.map(({ id }) => id) }).toEqual({
          query,
          ids: fromEntries.map(({ id }) => id),
        });
        expect(new Set(fromModel.map(({ id }) => id)).size).toBe(entries);
        const first = await admin(`/waitlist?${query}&pageSize=7`).expect(200);
        expect((first.body as PageBody).total).toBe(entries);
      }
    }
  }

  async function expectCountsAsTheDatabaseCounts() {
    const expected = await truth();
    const overview = (await admin('/waitlist/overview').expect(200)).body as OverviewBody;
    expect(overview).toMatchObject({
      entries: expected.entries,
      awaitingConfirmation: expected.byStatus.awaiting_confirmation ?? 0,
      confirmed: expected.byStatus.confirmed ?? 0,
      invited: expected.byStatus.invited ?? 0,
      joined: expected.byStatus.joined ?? 0,
    });
    for (const type of USER_TYPES) {
      const count = overview.byUserType.find(({ userType }) => userType === type)?.count;
      expect({ type, count }).toEqual({
        type,
        count: expected.byUserType[type] ?? 0,
      });
    }
  }

  beforeAll(async () => {
    idp = await startIdentityProvider();
    app = await createTestApp({ env: authTestEnv(idp, { JWT_SECRET, ADMIN_EMAILS: OPS.email }) });
    idp.setNextIdentity(OPS);
    const credential = await idp.issueIdToken();
    const session = await request(app.server)
      .post(`${AUTH}/register`)
      .send({ credential })
      .expect(201);
    token = (session.body as SessionBody).accessToken;
    // Entries from before the read model existed: its first read builds it from them.
    await app.connection.collection('waitlist_entries').insertMany(seed());
  });

  afterAll(async () => {
    await app.close();
    await idp.stop();
  });

  it('pages every entry once, in the order the database sorts, in every order', async () => {
    await expectPagesAsTheDatabaseSorts();
  });

  it('counts as the database counts: total, per status and per user type', async () => {
    await expectCountsAsTheDatabaseCounts();
  });

  it('shows sign-ups and invitations as soon as they are answered', async () => {
    for (const index of [1, 2, 3]) {
      await request(app.server)
        .post('/api/v1/extra/waitlist')
        .send(waitlistSubmission(900 + index, { userType: index === 2 ? 'brand' : 'influencer' }))
        .expect(201);
    }
    await request(app.server)
      .post(`${ADMIN}/invites/next`)
      .set('Authorization', `Bearer ${token}`)
      .send({ count: 3 })
      .expect(200);
    const newest = (await admin('/waitlist?pageSize=3').expect(200)).body as PageBody;
    expect(newest.items.map(({ fullName }) => fullName).sort()).toEqual([
      'Creator 901',
      'Creator 902',
      'Creator 903',
    ]);
    await expectCountsAsTheDatabaseCounts();
    await expectPagesAsTheDatabaseSorts();
    const overview = (await admin('/waitlist/overview').expect(200)).body as OverviewBody;
    const today = new Date().toISOString().slice(0, 10);
    expect(overview.signUpsPerDay.find(({ day }) => day === today)?.count).toBe(3);
  });
});
