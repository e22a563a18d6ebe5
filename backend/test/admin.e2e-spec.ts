import { Types } from 'mongoose';
import request from 'supertest';
import { AUTH, authTestEnv, type ErrorBody, type SessionBody } from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';

const ADMIN = '/api/v1/admin';
const JWT_SECRET = 'an-e2e-secret-shared-by-both-apps-000000';
const OPS = { sub: 'google-sub-ops', email: 'Ops@Paylock.in', name: 'Ops Person' };
const CREATOR = { sub: 'google-sub-asha', email: 'asha@gmail.com', name: 'Asha Verma' };
const DAY_MS = 86_400_000;

/** Every admin operation, as a client calls it. */
const ADMIN_ROUTES = [
  `${ADMIN}/waitlist`,
  `${ADMIN}/waitlist/overview`,
  `${ADMIN}/waitlist/export`,
  `${ADMIN}/waitlist/${new Types.ObjectId().toHexString()}`,
  `${ADMIN}/audit-log`,
  `${ADMIN}/invites/waves`,
];

interface EntryBody {
  id: string;
  fullName: string;
  email: string;
  phone: string;
  status: string;
  seat: number | null;
  earlyAccess: boolean;
  userType: string;
}
interface PageBody {
  items: EntryBody[];
  total: number;
  page: number;
  pageSize: number;
}
interface AuditBody {
  items: {
    action: string;
    actor: { userId: string; email: string };
    details: { filter?: string; rowCount?: number; completed?: boolean };
  }[];
  total: number;
}

const now = Date.now();
const daysAgo = (days: number) => new Date(now - days * DAY_MS);

/** Entries as `confirm` stores them, plus legacy ones (no status: confirmed, with a seat). */
function seedEntries() {
  const entry = (index: number, fields: Record<string, unknown>) => ({
    _id: new Types.ObjectId(),
    fullName: `Creator ${index}`,
    email: `creator${index}@example.com`,
    phone: `98765${String(index).padStart(5, '0')}`,
    phoneE164: `+9198765${String(index).padStart(5, '0')}`,
    instagramHandle: `creator_${index}`,
    userType: 'influencer',
    privacyNoticeVersion: '2026-11-01',
    consentedAt: daysAgo(index),
    ...fields,
  });
  return [
    // Legacy: no status, createdAt or history.
    entry(1, { seat: 1, fullName: 'Asha Verma', email: 'asha.verma@gmail.com' }),
    entry(2, { seat: 2, userType: 'brand', fullName: '=HYPERLINK("http://evil.example")' }),
    entry(3, {
      status: 'confirmed',
      seat: 3,
      createdAt: daysAgo(3),
      confirmedAt: daysAgo(2),
      instagramHandle: 'meera.creates',
      fullName: 'Meera K',
      history: [
        { at: daysAgo(3), event: 'submitted' },
        { at: daysAgo(2), event: 'confirmed' },
      ],
    }),
    entry(4, { status: 'awaiting_confirmation', createdAt: daysAgo(4), userType: 'agency' }),
    entry(5, { status: 'invited', seat: 1001, createdAt: daysAgo(40), consentedAt: daysAgo(40) }),
    entry(6, { status: 'joined', seat: 4, createdAt: daysAgo(6), userType: 'talent_manager' }),
    entry(7, {
      status: 'awaiting_confirmation',
      createdAt: daysAgo(0),
      consentedAt: daysAgo(0),
      fullName: '+SUM(A1)',
    }),
  ];
}

describe('Admin back-office API', () => {
  let idp: IdentityProvider;
  let adminApp: TestApp;
  /** The same database and secret, with nobody in ADMIN_EMAILS: the list after a change. */
  let changedApp: TestApp;
  let adminToken: string;
  let creatorToken: string;

  async function register(app: TestApp, identity: typeof OPS): Promise<SessionBody> {
    idp.setNextIdentity(identity);
    const credential = await idp.issueIdToken();
    const response = await request(app.server)
      .post(`${AUTH}/register`)
      .send({ credential })
      .expect(201);
    return response.body as SessionBody;
  }

  beforeAll(async () => {
    idp = await startIdentityProvider();
    changedApp = await createTestApp({ env: authTestEnv(idp, { JWT_SECRET }) });
    adminApp = await createTestApp({
      env: authTestEnv(idp, {
        JWT_SECRET,
        ADMIN_EMAILS: 'someone@else.in, ops@paylock.in',
        ADMIN_EXPORTS_PER_MINUTE: '4',
      }),
    });
    const admin = await register(adminApp, OPS);
    expect(admin.user.roles).toEqual(['creator', 'admin']);
    adminToken = admin.accessToken;
    const creator = await register(adminApp, CREATOR);
    expect(creator.user.roles).toEqual(['creator']);
    creatorToken = creator.accessToken;
    const entries = seedEntries();
    await adminApp.connection.collection('waitlist_entries').insertMany(entries);
    // The seat rows confirmations write (legacy entries' seats are copied on the first count),
    // and the row of seat 5, whose holder erased their entry: the seat stays, the person does not.
    const seatRows = entries.flatMap((entry) => {
      const { seat, status } = entry as { seat?: number; status?: string };
      return seat && status ? [{ _id: seat, entryId: entry._id, claimedAt: daysAgo(2) }] : [];
    });
    await adminApp.connection
      .collection<{ _id: number; entryId: Types.ObjectId; claimedAt: Date }>('waitlist_seats')
      .insertMany([...seatRows, { _id: 5, entryId: new Types.ObjectId(), claimedAt: daysAgo(1) }]);
  });

  afterAll(async () => {
    await adminApp.close();
    await changedApp.close();
    await idp.stop();
  });

  const asAdmin = (path: string) =>
    request(adminApp.server).get(path).set('Authorization', `Bearer ${adminToken}`);

  describe('access', () => {
    it.each(ADMIN_ROUTES)('answers 401 without a token and 403 to a creator: %s', async (path) => {
      await request(adminApp.server).get(path).expect(401);
      const response = await request(adminApp.server)
        .get(path)
        .set('Authorization', `Bearer ${creatorToken}`)
        .expect(403);
      expect(response.body).toMatchObject({
        statusCode: 403,
        code: 'FORBIDDEN',
        message: 'You do not have access to this area.',
      });
    });

    it('shows the roles in the current user', async () => {
      const response = await request(adminApp.server)
        .get(`${AUTH}/me`)
        .set('Authorization', `Bearer ${adminToken}`)
        .expect(200);
      expect((response.body as { roles: string[] }).roles).toEqual(['creator', 'admin']);
    });

    it('refuses an admin at the next request once the address is off ADMIN_EMAILS', async () => {
      await asAdmin(`${ADMIN}/waitlist`).expect(200);
      // Same session, same database; the other app's ADMIN_EMAILS no longer lists the address.
      const refused = await request(changedApp.server)
        .get(`${ADMIN}/waitlist`)
        .set('Authorization', `Bearer ${adminToken}`)
        .expect(403);
      expect((refused.body as ErrorBody).code).toBe('FORBIDDEN');
      const me = await request(changedApp.server)
        .get(`${AUTH}/me`)
        .set('Authorization', `Bearer ${adminToken}`)
        .expect(200);
      expect((me.body as { roles: string[] }).roles).toEqual(['creator']);
    });
  });

  describe('GET /admin/waitlist', () => {
    const list = async (query: string) =>
      (await asAdmin(`${ADMIN}/waitlist${query}`).expect(200)).body as PageBody;
    const names = (page: PageBody) => page.items.map((item) => item.fullName);

    it('lists every entry, newest first, legacy entries as confirmed', async () => {
      const page = await list('');
      expect(page).toMatchObject({ total: 7, page: 1, pageSize: 25 });
      expect(page.items.map((item) => item.phone)).toEqual([
        '9876500007',
        '9876500001',
        '9876500002',
        '9876500003',
        '9876500004',
        '9876500006',
        '9876500005',
      ]);
      expect(page.items[1]).toMatchObject({
        status: 'confirmed',
        seat: 1,
        earlyAccess: true,
        email: 'asha.verma@gmail.com',
      });
    });

    it('pages and sorts by seat, name and joined date', async () => {
      const bySeat = await list('?sort=seat&order=asc&pageSize=2&page=2');
      expect(bySeat.total).toBe(7);
      expect(bySeat.items.map((item) => item.seat)).toEqual([1, 2]);
      expect(names(await list('?sort=name&order=desc&pageSize=1'))).toEqual(['Meera K']);
      expect((await list('?sort=joinedAt&order=asc&pageSize=1')).items[0]?.status).toBe('invited');
    });

    it('filters by status, user type, early access and date range', async () => {
      expect((await list('?status=confirmed')).total).toBe(3);
      expect((await list('?status=awaiting_confirmation,invited')).total).toBe(3);
      expect((await list('?status=joined&status=invited')).total).toBe(2);
      expect((await list('?userType=brand')).items.map((item) => item.seat)).toEqual([2]);
      expect((await list('?earlyAccess=true')).total).toBe(4);
      expect((await list('?earlyAccess=false')).total).toBe(3);
      const from = daysAgo(4).toISOString().slice(0, 10);
      const to = daysAgo(2).toISOString().slice(0, 10);
      expect((await list(`?from=${from}&to=${to}`)).items.map((item) => item.phone).sort()).toEqual(
        ['9876500002', '9876500003', '9876500004'],
      );
    });

    it('searches names, e-mails, phones and handles as the form normalises them', async () => {
      expect(names(await list('?q=asha'))).toEqual(['Asha Verma']);
      expect(names(await list('?q=ASHA.VERMA%40GMAIL.COM'))).toEqual(['Asha Verma']);
      expect(names(await list(`?q=${encodeURIComponent('+91 98765 00003')}`))).toEqual(['Meera K']);
      expect(names(await list(`?q=${encodeURIComponent('@Meera.Creates')}`))).toEqual(['Meera K']);
      expect(names(await list(`?q=${encodeURIComponent('  meera   k ')}`))).toEqual(['Meera K']);
    });

    it('treats search input as text: no pattern, no operator', async () => {
      expect((await list(`?q=${encodeURIComponent('.*')}`)).total).toBe(0);
      expect((await list(`?q=${encodeURIComponent('^C')}`)).total).toBe(0);
      expect((await list(`?q=${encodeURIComponent('=HYPERLINK(')}`)).total).toBe(1);
      const operator = await asAdmin(`${ADMIN}/waitlist?q[$ne]=x`).expect(400);
      expect((operator.body as ErrorBody).errors).toEqual({
        'q[$ne]': 'q[$ne] is not a known parameter',
      });
    });

    it.each([
      ['?sort=email', { sort: 'sort must be one of seat, joinedAt, name' }],
      ['?order=up', { order: 'order must be one of asc, desc' }],
      ['?color=red', { color: 'color is not a known parameter' }],
      ['?status=deleted', { status: expect.stringContaining('must be one or more of') as unknown }],
      ['?pageSize=101', { pageSize: 'pageSize must be an integer between 1 and 100' }],
      ['?page=0', { page: 'page must be an integer between 1 and 10000' }],
      ['?from=2026-02-30', { from: 'from must be a date like 2026-11-23' }],
      ['?sort=seat&sort=name', { sort: 'sort must be given once' }],
      ['?q=a%00b', { q: 'q must be plain text' }],
    ])('answers 400 with the error body for %s', async (query, errors) => {
      const response = await asAdmin(`${ADMIN}/waitlist${query}`).expect(400);
      expect(response.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', errors });
    });
  });

  describe('GET /admin/waitlist/:id', () => {
    it('answers one entry with its history', async () => {
      const [meera] = ((await asAdmin(`${ADMIN}/waitlist?q=meera`).expect(200)).body as PageBody)
        .items;
      const response = await asAdmin(`${ADMIN}/waitlist/${meera?.id ?? ''}`).expect(200);
      expect(response.body).toMatchObject({
        fullName: 'Meera K',
        status: 'confirmed',
        history: [{ event: 'submitted' }, { event: 'confirmed' }],
      });
    });

    it('answers 404 for an unknown or malformed id', async () => {
      await asAdmin(`${ADMIN}/waitlist/${new Types.ObjectId().toHexString()}`).expect(404);
      const response = await asAdmin(`${ADMIN}/waitlist/not-an-id`).expect(404);
      expect((response.body as ErrorBody).code).toBe('NOT_FOUND');
    });
  });

  describe('GET /admin/waitlist/overview', () => {
    it('counts by status, slots left, the confirmation rate and 30 days of sign-ups', async () => {
      const response = await asAdmin(`${ADMIN}/waitlist/overview`).expect(200);
      const body = response.body as Record<string, unknown> & {
        signUpsPerDay: { day: string; count: number }[];
        byUserType: { userType: string; count: number }[];
      };
      expect(body).toMatchObject({
        entries: 7,
        awaitingConfirmation: 2,
        confirmed: 3,
        invited: 1,
        joined: 1,
        earlyAccessSlots: 1000,
        // Six seat rows, counted as the public page counts them: seat 5's holder erased their
        // entry and the seat stays taken. (Seats are handed out in order, so a real seat 1001
        // means the 1,000 are gone; this seed skips some.)
        earlyAccessSlotsLeft: 994,
        confirmationRate: 5 / 7,
        joinRate: 1 / 5,
      });
      expect(body.signUpsPerDay).toHaveLength(30);
      expect(body.signUpsPerDay.reduce((sum, { count }) => sum + count, 0)).toBe(6);
      expect(body.signUpsPerDay.at(-1)).toEqual({
        day: new Date(now).toISOString().slice(0, 10),
        count: 1,
      });
      expect(body.byUserType).toEqual([
        { userType: 'influencer', count: 4 },
        { userType: 'brand', count: 1 },
        { userType: 'agency', count: 1 },
        { userType: 'talent_manager', count: 1 },
      ]);
    });
  });

  describe('GET /admin/waitlist/export and the audit log', () => {
    const exportCsv = (query: string) =>
      asAdmin(`${ADMIN}/waitlist/export${query}`)
        .buffer(true)
        .parse((response, done) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            done(null, Buffer.concat(chunks));
          });
        });

    it('streams a CSV of the filter: BOM, headers, neutralised cells, audited', async () => {
      const response = await exportCsv('?status=confirmed&sort=seat&q=example.com').expect(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="paylock-waitlist-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(response.headers['cache-control']).toBe('no-store');
      const bytes = response.body as Buffer;
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\n');
      expect(lines[0]).toBe(
        'Seat,Full name,Email,Phone,Instagram,User type,Status,Early access,Joined at,Confirmed at',
      );
      // Entries 2 (legacy) and 3: their e-mails are at example.com, Asha's is not.
      expect(lines).toHaveLength(3);
      expect(lines[1]).toMatch(/^2,"'=HYPERLINK\(""http:\/\/evil\.example""\)",creator2@/);
      expect(lines[2]).toMatch(/^3,Meera K,creator3@example\.com,9876500003,meera\.creates,/);

      const audit = (await asAdmin(`${ADMIN}/audit-log`).expect(200)).body as AuditBody;
      expect(audit.items[0]).toMatchObject({
        action: 'waitlist.exported',
        actor: { email: 'ops@paylock.in' },
        details: {
          filter: 'status=confirmed&q=(11 characters)&sort=seat&order=asc',
          rowCount: 2,
          completed: true,
        },
      });
      expect(JSON.stringify(audit)).not.toContain('creator2');
    });

    it('neutralises every formula-starting cell', async () => {
      const response = await exportCsv('?status=awaiting_confirmation&sort=seat').expect(200);
      const text = (response.body as Buffer).toString('utf8');
      expect(text).toContain(",'+SUM(A1),");
      expect(text).not.toMatch(/,[=+@-]/);
    });

    it('refuses bad filters before streaming, and limits exports per admin per minute', async () => {
      await exportCsv('?page=2').expect(400);
      // The limit is 4 per minute; two exports above (and this minute may have just begun).
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt++) {
        statuses.push((await exportCsv('?userType=brand')).status);
      }
      expect(statuses).toContain(429);
      const limited = await exportCsv('?userType=brand').expect(429);
      expect((limited.body as Buffer).toString('utf8')).toContain('RATE_LIMITED');
      const audit = (await asAdmin(`${ADMIN}/audit-log?pageSize=100`).expect(200))
        .body as AuditBody;
      expect(audit.total).toBe(2 + statuses.filter((status) => status === 200).length);
    });
  });
});
