import { randomUUID } from 'node:crypto';
import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';
import { type SmsInbox, startSmsInbox } from '@paylock/sms-inbox';
import request from 'supertest';
import { DealRepository } from '../src/deals/application/ports/deal.repository.js';
import type { Deal } from '../src/deals/domain/deal.js';
import {
  APP_ORIGIN,
  AUTH,
  authTestEnv,
  type ErrorBody,
  type SessionBody,
  type BrandSignedUp,
  signUpBrandByPhone,
} from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { acceptedDealRecord, milestoneRecord } from './support/deal-records.js';
import { type MailDevServer, startMailDev } from './support/maildev.js';

const SUPPORT = '/api/v1/account/support-requests';
const ADMIN_LIST = '/api/v1/admin/support-requests';
const NOTIFICATIONS = '/api/v1/notifications';
const ADMIN_EMAIL = 'ops.brand-support@paylock.in';

interface AdminItem {
  id: string;
  party: string;
  name: string;
  email: string | null;
  answerBy: string;
  dealId: string | null;
  deal: { title: string; state: string; recent: { by: string; what: string }[] } | null;
}

interface MineItem {
  id: string;
  kind: string;
  status: string;
  answer: { text: string } | null;
}

/**
 * Help & support for brand workspaces (#41): a brand signed in by phone asks about a deal it
 * accepted (the request carries the deal's latest history), files a grievance, and gets the
 * back-office's answer in its bell and by SMS (no contact e-mail); foreign deals are 404.
 */
describe('Your account: help & support requests of brands (HTTP, real database)', () => {
  let idp: IdentityProvider;
  let inbox: SmsInbox;
  let mailDev: MailDevServer;
  let app: TestApp;
  let admin = '';
  let creator = '';
  let serial = 0;
  const as = (token: string) => ({ Authorization: `Bearer ${token}`, Origin: APP_ORIGIN });

  beforeAll(async () => {
    [idp, inbox, mailDev] = await Promise.all([
      startIdentityProvider(),
      startSmsInbox(),
      startMailDev(),
    ]);
    app = await createTestApp({
      env: authTestEnv(idp, {
        ...inbox.backendEnv,
        SIGNUP_MODE: 'open',
        TRUST_PROXY: 'true',
        SMS_HOURLY_BUDGET: '100000',
        SMTP_URL: mailDev.smtpUrl,
        MAIL_POLL_INTERVAL_MS: '50',
        ADMIN_EMAILS: ADMIN_EMAIL,
        RATE_LIMIT_AUTH_PER_MINUTE: '1000',
      }),
    });
    admin = await register('sub-brand-support-ops', ADMIN_EMAIL);
    creator = await register('sub-brand-support-asha', 'asha.brand-support@gmail.com');
  }, 60_000);

  afterAll(async () => {
    await app.close();
    await Promise.all([idp.stop(), inbox.stop(), mailDev.stop()]);
  });

  async function register(sub: string, email: string): Promise<string> {
    idp.setNextIdentity({ sub, email, name: sub });
    const answer = await request(app.server)
      .post(`${AUTH}/register`)
      .set('Origin', APP_ORIGIN)
      .send({ credential: await idp.issueIdToken() })
      .expect(201);
    return (answer.body as SessionBody).accessToken;
  }

  async function brand(): Promise<BrandSignedUp> {
    serial += 1;
    const national = `93${String(Date.now() % 1000).padStart(3, '0')}${String(serial).padStart(5, '0')}`;
    return signUpBrandByPhone(app, inbox, national, `203.0.113.${String(120 + serial)}`);
  }

  /** A deal the brand's workspace accepted, one milestone funded then submitted. */
  async function dealAcceptedBy(glow: { id: string; national: string }): Promise<Deal> {
    const at = new Date('2026-05-01T06:00:00Z');
    const later = new Date('2026-05-03T06:00:00Z');
    const milestoneId = randomUUID();
    const deal = acceptedDealRecord(at, {
      id: randomUUID(),
      creatorId: 'some-creator',
      title: `Diwali reel ${String((serial += 1))}`,
      milestones: [milestoneRecord({ id: milestoneId, name: 'Reel 1', state: 'submitted' })],
      brandParty: { channel: 'account', brandId: glow.id, mobile: glow.national },
      history: [
        { at, by: 'creator', actor: 'some-creator', from: 'draft', to: 'sent', version: 1 },
        { at, by: 'brand', actor: `brand:${glow.id}`, from: 'sent', to: 'accepted', version: 1 },
        {
          at: later,
          by: 'creator',
          actor: 'some-creator',
          from: 'accepted',
          to: 'accepted',
          version: 1,
          milestone: { id: milestoneId, action: 'submit', from: 'funded', to: 'submitted' },
        },
      ],
    });
    await app.app.get(DealRepository, { strict: false }).insert(deal);
    return deal;
  }

  const ask = (token: string, body: object) =>
    request(app.server).post(SUPPORT).set(as(token)).send(body);

  const adminItem = async (id: string): Promise<AdminItem | undefined> => {
    const listed = await request(app.server)
      .get(`${ADMIN_LIST}?pageSize=100`)
      .set(as(admin))
      .expect(200);
    return (listed.body as { items: AdminItem[] }).items.find((item) => item.id === id);
  };

  it('a brand asks about a deal it accepted; the admin sees its history and answers; the brand reads the answer in its bell, on its list and by SMS', async () => {
    const glow = await brand();
    const deal = await dealAcceptedBy(glow);
    const created = await ask(glow.token, {
      subject: 'The reel is late',
      message: 'Can you check?',
      dealId: deal.id,
    }).expect(201);
    const { id } = created.body as { id: string };

    expect(await adminItem(id)).toMatchObject({
      party: 'brand',
      email: null,
      answerBy: 'sms',
      dealId: deal.id,
      deal: {
        title: deal.title,
        state: 'accepted',
        recent: [
          { by: 'creator', what: 'milestone “Reel 1”: funded → submitted' },
          { by: 'brand', what: 'sent → accepted' },
          { by: 'creator', what: 'draft → sent' },
        ],
      },
    });

    await request(app.server)
      .post(`${ADMIN_LIST}/${id}/answer`)
      .set(as(admin))
      .send({ answer: 'The creator submitted it on 3 May; please review it.' })
      .expect(201);

    const mine = await request(app.server).get(SUPPORT).set(as(glow.token)).expect(200);
    expect((mine.body as { items: MineItem[] }).items).toEqual([
      expect.objectContaining({
        id,
        status: 'answered',
        answer: expect.objectContaining({
          text: 'The creator submitted it on 3 May; please review it.',
        }) as unknown,
      }),
    ]);

    const bell = await request(app.server).get(NOTIFICATIONS).set(as(glow.token)).expect(200);
    expect((bell.body as { items: { title: string; actionPath: string }[] }).items[0]).toEqual(
      expect.objectContaining({
        title: 'Support answered: The reel is late',
        actionPath: '/brand/settings#help',
      }),
    );

    const sms = await app.connection
      .collection<{ _id: string; to: string; templateId?: string; variables?: object }>(
        'sms_outbox',
      )
      .findOne({ to: glow.e164, kind: 'notice' });
    expect(sms).toMatchObject({
      templateId: 'local-support_answered',
      variables: { link: expect.stringMatching(/\/brand\/settings#help$/) as unknown },
    });
  });

  it('a brand files a grievance and lists it; a creator never sees it', async () => {
    const glow = await brand();
    const created = await ask(glow.token, {
      kind: 'grievance',
      subject: 'My number was shown',
      message: 'A creator saw our mobile number.',
    }).expect(201);
    const { id } = created.body as { id: string };

    const mine = await request(app.server).get(SUPPORT).set(as(glow.token)).expect(200);
    expect((mine.body as { items: MineItem[] }).items.map((item) => [item.id, item.kind])).toEqual([
      [id, 'grievance'],
    ]);
    const creatorsList = await request(app.server).get(SUPPORT).set(as(creator)).expect(200);
    expect((creatorsList.body as { items: MineItem[] }).items.map((item) => item.id)).not.toContain(
      id,
    );
    expect(await adminItem(id)).toMatchObject({ party: 'brand', deal: null });
  });

  it('a brand cannot attach another brand’s deal, nor an unknown one: 404', async () => {
    const glow = await brand();
    const other = await brand();
    const othersDeal = await dealAcceptedBy(other);
    const foreign = await ask(glow.token, {
      subject: 'x',
      message: 'y',
      dealId: othersDeal.id,
    }).expect(404);
    expect((foreign.body as ErrorBody).code).toBe('SUPPORT_DEAL_NOT_FOUND');
    await ask(glow.token, { subject: 'x', message: 'y', dealId: randomUUID() }).expect(404);
    const list = await request(app.server).get(SUPPORT).set(as(glow.token)).expect(200);
    expect((list.body as { items: MineItem[] }).items).toEqual([]);
  });
});
