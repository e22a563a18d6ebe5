import { randomUUID } from 'node:crypto';
import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';
import { type SmsInbox, startSmsInbox } from '@paylock/sms-inbox';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import request from 'supertest';
import { DealRepository } from '../src/deals/application/ports/deal.repository.js';
import type { Deal, Milestone, MilestoneState } from '../src/deals/domain/deal.js';
import { NoticeDelivery } from '../src/notifications/application/notice-delivery.js';
import { InAppInbox } from '../src/notifications/application/ports/notification-ports.js';
import { creatorRecipientOf } from '../src/notifications/domain/recipients.js';
import { PaymentGateway } from '../src/payment-gateway/index.js';
import { PayoutAccounts } from '../src/payouts/payouts.contract.js';
import { AccountErasureGate } from '../src/users/users.contract.js';
import {
  APP_ORIGIN,
  AUTH,
  authTestEnv,
  cookieValue,
  CSRF_HEADERS,
  type ErrorBody,
  type SessionBody,
  type BrandSignedUp,
  signUpBrandByPhone,
} from './support/auth-flow.js';
import {
  askForDataExport,
  DATA_EXPORTS,
  downloadDataExport,
  expectRefused,
  exportedArchive,
} from './support/data-export.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { dealTerms } from './support/deal-fixtures.js';
import { acceptedDealRecord, milestoneRecord } from './support/deal-records.js';
import { eventually } from './support/eventually.js';
import { FakePaymentGateway, FakePayoutAccounts } from './support/fake-payment-gateway.js';
import { type MailDevServer, startMailDev } from './support/maildev.js';
import { settled } from './support/settled.js';

const ERASURE = '/api/v1/account/erasure';
const NOMINEE = '/api/v1/account/nominee';
const KIT = '/api/v1/media-kit';
const PUBLIC_KIT = '/api/v1/public/media-kits';
const DEALS = '/api/v1/deals';
const BRAND_DEALS = '/api/v1/brand/deals';
const MONEY = '/api/v1/deal-review/milestones';
const WEBHOOK = '/api/v1/payments/webhooks/razorpay';
const SUPPORT = '/api/v1/account/support-requests';
const ADMIN_SUPPORT = '/api/v1/admin/support-requests';
const KIT_REQUESTS = `${KIT}/requests`;
const ADMIN_EMAIL = 'ops.erasure@paylock.in';
const CONFIRM = { confirmation: 'erase my account' };
const SLOW = 60_000;

/**
 * Collections that may still name an erased account's id: the kept records (deals, their claims
 * and list read models, ledger lines), and the erasure's own records.
 */
const KEEPS_THE_ACCOUNT_ID = new Set([
  'deals',
  'deal_claims',
  'deal_list_rows',
  'ledger_transactions',
  'account_erasure_claims',
  'account_erasure_decisions',
  'account_erasure_receipts',
  'notification_forgotten_recipients',
  // A sent message's record, redacted (kind and time; its key names the account), for 30 days.
  'outbox',
  // Daily counters keyed by the id (support requests sent, package requests received): swept
  // when their window ends.
  'rate_limit_hits',
]);
const keepsTheAccountId = (collection: string) =>
  KEEPS_THE_ACCOUNT_ID.has(collection) ||
  collection.startsWith('deal_list') ||
  // A ledger transaction on its way to a follower (the journal keeps it anyway): gone once taken.
  collection.startsWith('ledger_feed.');

interface Receipt {
  erasedAt: string;
  kept: { what: string; why: string; until: string | null }[];
}

/**
 * "Erase my account" and the nominee over HTTP on the real database (#41): every refusal, the
 * race with a payment, and the happy path checked against every collection (the waitlist's
 * erasure test is the model).
 */
describe('Your account: erase my account, and the nominee (HTTP)', () => {
  let idp: IdentityProvider;
  let inbox: SmsInbox;
  let mailDev: MailDevServer;
  let app: TestApp;
  const gateway = new FakePaymentGateway();
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  let serial = 0;

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
        RATE_LIMIT_PERSONAL_PAGE_PER_MINUTE: '1000',
      }),
      configure: (builder) => {
        builder.overrideProvider(PaymentGateway).useValue(gateway);
        builder.overrideProvider(PayoutAccounts).useValue(new FakePayoutAccounts());
      },
    });
  }, SLOW);

  afterAll(async () => {
    await app.close();
    await Promise.all([idp.stop(), inbox.stop(), mailDev.stop()]);
  });

  interface Creator {
    token: string;
    refreshCookie: string;
    id: string;
    email: string;
    name: string;
    sub: string;
  }

  async function creator(label: string): Promise<Creator> {
    serial += 1;
    const sub = `sub-erase-${label}-${String(serial)}`;
    const email = `${label}.${String(serial)}@erase.example`;
    const name = `Creator ${label} ${String(serial)}`;
    idp.setNextIdentity({ sub, email, name });
    const answer = await request(app.server)
      .post(`${AUTH}/register`)
      .set('Origin', APP_ORIGIN)
      .send({ credential: await idp.issueIdToken() })
      .expect(201);
    const stored = await app.connection.collection('users').findOne({ email });
    return {
      token: (answer.body as SessionBody).accessToken,
      refreshCookie: `paylock_refresh=${cookieValue(answer, 'paylock_refresh') ?? ''}`,
      id: String(stored?._id),
      email,
      name,
      sub,
    };
  }

  async function brand(): Promise<BrandSignedUp> {
    serial += 1;
    const national = `94${String(Date.now() % 1000).padStart(3, '0')}${String(serial).padStart(5, '0')}`;
    return signUpBrandByPhone(app, inbox, national, `203.0.113.${String(20 + serial)}`);
  }

  /** A deal of the creator stored as accepted, its milestones in the states given. */
  async function dealWith(
    creatorId: string,
    states: readonly MilestoneState[],
    overrides: Partial<Deal> = {},
  ): Promise<Deal> {
    const at = new Date('2026-05-01T06:00:00Z');
    const milestones: Milestone[] = states.map((state, index) =>
      milestoneRecord({
        id: randomUUID(),
        name: `Reel ${String(index + 1)}`,
        state,
        fundedAt: state === 'pending' ? null : at,
        releasedAt: ['released', 'settled'].includes(state) ? at : null,
      }),
    );
    const deal = acceptedDealRecord(at, {
      id: randomUUID(),
      creatorId,
      title: `Deal ${String((serial += 1))}`,
      milestones,
      history: [
        { at, by: 'brand', actor: 'priya@glow.in', from: 'sent', to: 'accepted', version: 1 },
      ],
      ...overrides,
    });
    await app.app.get(DealRepository, { strict: false }).insert(deal);
    return deal;
  }

  /** The creator's kit published with one package (a reel); the package's id. */
  async function publishedPackage(token: string, handle: string): Promise<string> {
    const reel = {
      title: 'Instagram Reel',
      platform: 'instagram',
      kind: 'reel',
      quantity: 1,
      usageRights: 'Organic use',
      usagePeriodDays: 90,
      pricePaise: 2_500_000,
      priceIsFrom: false,
      turnaroundDays: 10,
      milestoneSplit: [50, 50],
      visible: true,
    };
    const saved = await request(app.server)
      .put(KIT)
      .set(as(token))
      .send({
        bio: 'Beauty and travel.',
        niches: ['beauty'],
        languages: ['Hindi'],
        city: 'Pune',
        portfolioLinks: [],
        platforms: [],
        packages: [reel],
        allowIndexing: false,
        showTrackRecord: false,
      })
      .expect(200);
    await request(app.server).put(`${KIT}/handle`).set(as(token)).send({ handle }).expect(200);
    await request(app.server)
      .put(`${KIT}/publication`)
      .set(as(token))
      .send({ published: true })
      .expect(200);
    return (saved.body as { packages: { id: string }[] }).packages[0]?.id ?? '';
  }

  /** A signed-in brand asks for the package; the creator declines it (its answer is stored). */
  async function declinedPackageRequest(
    creatorToken: string,
    brandToken: string,
    handle: string,
    packageId: string,
  ): Promise<string> {
    const day = (days: number) =>
      new Date(Date.now() + 5.5 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
    const sent = await request(app.server)
      .post(`${PUBLIC_KIT}/${handle}/packages/${packageId}/requests`)
      .set(CSRF_HEADERS)
      .set('X-Forwarded-For', `198.51.100.${String(serial % 250)}`)
      .set(as(brandToken))
      .send({
        companyName: 'Glow Naturals',
        contactName: 'Meera Of Glow',
        contactEmail: 'meera.of.glow@example.com',
        brief: 'Our Diwali serum launch: one reel.',
        startDate: day(3),
        endDate: day(20),
      })
      .expect(201);
    const id = (sent.body as { id: string }).id;
    await request(app.server)
      .post(`${KIT_REQUESTS}/${id}/decline`)
      .set(as(creatorToken))
      .send({ reason: 'Booked that week' })
      .expect(200);
    return id;
  }

  /** The package request and its answer are both gone. */
  async function packageRequestGone(id: string): Promise<void> {
    expect(
      await app.connection.collection('media_kit_package_requests').countDocuments({ id }),
    ).toBe(0);
    expect(
      await app.connection
        .collection('media_kit_package_request_answers')
        .countDocuments({ _id: id as never }),
    ).toBe(0);
  }

  /** A support request of the creator, answered by an admin; its id. */
  async function answeredSupportRequest(token: string): Promise<string> {
    const asked = await request(app.server)
      .post(SUPPORT)
      .set(as(token))
      .set('Origin', APP_ORIGIN)
      .send({ subject: 'Where is my payout?', message: 'Support Message Of The Erased' })
      .expect(201);
    const id = (asked.body as { id: string }).id;
    const adminToken = await admin();
    await request(app.server)
      .post(`${ADMIN_SUPPORT}/${id}/answer`)
      .set(as(adminToken))
      .set('Origin', APP_ORIGIN)
      .send({ answer: 'Support Answer For The Erased' })
      .expect(201);
    return id;
  }

  /** An administrator (by ADMIN_EMAILS), signed up on first use; a fresh access token. */
  async function admin(): Promise<string> {
    const sign = async (path: 'login' | 'register') => {
      idp.setNextIdentity({ sub: 'sub-erase-ops', email: ADMIN_EMAIL, name: 'Ops' });
      return request(app.server)
        .post(`${AUTH}/${path}`)
        .set('Origin', APP_ORIGIN)
        .send({ credential: await idp.issueIdToken() });
    };
    const login = await sign('login');
    const session = login.status === 200 ? login : await sign('register');
    return (session.body as SessionBody).accessToken;
  }

  const erase = (token: string, body: object = CONFIRM) =>
    request(app.server).post(ERASURE).set(as(token)).set('Origin', APP_ORIGIN).send(body);

  /** Every document of every collection, as JSON text, that mentions one of the needles. */
  /** Uploads a small JPEG as the account's photo; its address on this origin. */
  async function uploadedPhotoPath(token: string): Promise<string> {
    const jpeg = await sharp({
      create: { width: 32, height: 32, channels: 3, background: '#0f766e' },
    })
      .jpeg()
      .toBuffer();
    const answer = await request(app.server)
      .put('/api/v1/account/photo')
      .set(as(token))
      .set('Origin', APP_ORIGIN)
      .set('Content-Type', 'image/jpeg')
      .send(jpeg)
      .expect(200);
    const path = (answer.body as { photoUrl: string }).photoUrl.slice(APP_ORIGIN.length);
    await request(app.server).get(path).expect(200);
    return path;
  }

  async function tracesOf(...needles: string[]): Promise<string[]> {
    await settled(app.app);
    const found: string[] = [];
    const database = app.connection.db;
    if (!database) throw new Error('not connected');
    for (const { name } of await database.listCollections().toArray()) {
      for (const document of await app.connection.collection(name).find({}).toArray()) {
        const text = JSON.stringify(document);
        if (needles.some((needle) => text.includes(needle))) found.push(`${name}: ${text}`);
      }
    }
    return found;
  }

  describe('refusals', () => {
    it.each<MilestoneState>([
      'funded',
      'submitted',
      'changes_requested',
      'approved',
      'released',
      'disputed',
    ])(
      'a creator with a milestone %s: 409 naming the deal, milestone and state; nothing erased',
      async (state) => {
        const asha = await creator(`refused-${state}`);
        const deal = await dealWith(asha.id, ['settled', state]);
        const preview = await request(app.server).get(ERASURE).set(as(asha.token)).expect(200);
        expect(preview.body).toMatchObject({
          confirmationPhrase: 'ERASE MY ACCOUNT',
          blockers: [{ dealId: deal.id, dealTitle: deal.title, milestoneName: 'Reel 2', state }],
        });

        const refused = await erase(asha.token).expect(409);
        const body = refused.body as ErrorBody;
        expect(body.code).toBe('ACCOUNT_MONEY_IN_FLIGHT');
        expect(body.message).toContain(`“Reel 2” of “${deal.title}” is`);
        await request(app.server).get(`${AUTH}/me`).set(as(asha.token)).expect(200);
        expect(
          await app.connection
            .collection('account_erasure_claims')
            .countDocuments({ _id: asha.id as never }),
        ).toBe(0);
      },
    );

    it('a brand whose workspace accepted a deal with money held: 409 naming it', async () => {
      const glow = await brand();
      const deal = await dealWith('some-creator', ['funded'], {
        brandParty: { channel: 'account', brandId: glow.id, mobile: glow.national },
      });
      const refused = await erase(glow.token).expect(409);
      expect(refused.body).toMatchObject({ code: 'ACCOUNT_MONEY_IN_FLIGHT' });
      expect((refused.body as ErrorBody).message).toContain(
        `“Reel 1” of “${deal.title}” is funded`,
      );
    });

    it('without the phrase typed: 400 on the field; from another site: 403; without a session: 401', async () => {
      const ravi = await creator('unconfirmed');
      const wrong = await erase(ravi.token, { confirmation: 'yes' }).expect(400);
      expect((wrong.body as ErrorBody).errors).toEqual({
        confirmation: 'Type ERASE MY ACCOUNT to confirm',
      });
      await erase(ravi.token, {}).expect(400);
      await request(app.server)
        .post(ERASURE)
        .set(as(ravi.token))
        .set('Origin', 'https://evil.example')
        .send(CONFIRM)
        .expect(403);
      await request(app.server).post(ERASURE).send(CONFIRM).expect(401);
      await request(app.server).get(`${AUTH}/me`).set(as(ravi.token)).expect(200);
    });

    it('a payment or release being recorded at that moment wins: 409 ACCOUNT_MONEY_MOVING, then the money is named', async () => {
      const meera = await creator('moving');
      const gate = app.app.get(AccountErasureGate, { strict: false });
      const during = await gate.duringMoneyMove([meera.id], () => erase(meera.token));
      expect(during.status).toBe(409);
      expect(during.body).toMatchObject({ code: 'ACCOUNT_MONEY_MOVING' });
      await dealWith(meera.id, ['funded']);
      await erase(meera.token).expect(409, /ACCOUNT_MONEY_IN_FLIGHT/);
    });

    it('the export of an account being erased answers 404', async () => {
      const dev = await creator('export-404');
      const { id } = await askForDataExport(app, dev.token);
      // The erasure decided, its steps not yet done (the session still open).
      await app.connection
        .collection('account_erasure_claims')
        .insertOne({ _id: dev.id as never, attempt: 'a-404', claimedAt: new Date() });
      await app.connection
        .collection('account_erasure_decisions')
        .insertOne({ _id: 'a-404' as never, decision: 'erase', at: new Date() });
      await request(app.server)
        .post(DATA_EXPORTS)
        .set(as(dev.token))
        .set('Origin', APP_ORIGIN)
        .expect(404, /ACCOUNT_ERASED/);
      await expectRefused(downloadDataExport(app, dev.token, id), 404, 'ACCOUNT_ERASED');
    });
  });

  describe('the nominee', () => {
    it('is named, shown, changed, in the export, and removed; bad input answers each field', async () => {
      const kavya = await creator('nominee');
      expect(
        (await request(app.server).get(NOMINEE).set(as(kavya.token)).expect(200)).body,
      ).toEqual({ nominee: null });
      const bad = await request(app.server)
        .put(NOMINEE)
        .set(as(kavya.token))
        .send({ name: ' ', email: 'nope' })
        .expect(400);
      expect((bad.body as ErrorBody).errors).toEqual({
        name: 'Enter your nominee’s name',
        email: 'Enter an e-mail address like name@example.com',
      });
      await request(app.server)
        .put(NOMINEE)
        .set(as(kavya.token))
        .send({ name: 'Meera', email: 'meera@example.com' })
        .expect(200);
      const changed = await request(app.server)
        .put(NOMINEE)
        .set(as(kavya.token))
        .send({ name: ' Meera  Iyer ', email: 'Meera.Iyer@Example.com' })
        .expect(200);
      expect(changed.body).toMatchObject({
        nominee: { name: 'Meera Iyer', email: 'meera.iyer@example.com' },
      });
      expect(
        (await request(app.server).get(NOMINEE).set(as(kavya.token)).expect(200)).body,
      ).toEqual(changed.body);
      expect(unzipSync(await exportedArchive(app, kavya.token))['nominee.json']).toBeDefined();
      await request(app.server).delete(NOMINEE).set(as(kavya.token)).expect(204);
      await request(app.server).delete(NOMINEE).set(as(kavya.token)).expect(404);
      await request(app.server)
        .put(NOMINEE)
        .set('Origin', 'https://evil.example')
        .set(as(kavya.token))
        .send({ name: 'X', email: 'x@example.com' })
        .expect(403);
    });
  });

  describe('the erasure', () => {
    it(
      'erases a creator: every session ends, the kit and handle go, what stays is answered and mailed, and no collection holds anything personal',
      async () => {
        const asha = await creator('asha');
        const kept = await dealWith(asha.id, ['settled', 'refunded', 'pending']);
        // Offers never accepted (no money, no signed contract): deleted with the account.
        const offerBrand = {
          companyName: 'Offer Brand Co',
          contactName: 'Tara Offer',
          contactEmail: 'tara.offer@example.com',
          contactMobile: '9811122233',
        };
        const offers = await Promise.all(
          (['sent', 'declined', 'expired'] as const).map((state) =>
            dealWith(asha.id, ['pending'], {
              state,
              title: `Offer never accepted (${state})`,
              brand: offerBrand,
              history: [
                {
                  at: new Date('2026-05-01T06:00:00Z'),
                  by: 'creator',
                  actor: asha.id,
                  from: 'draft',
                  to: 'sent',
                  version: 1,
                },
              ],
            }),
          ),
        );
        const draft = await request(app.server)
          .post(DEALS)
          .set(as(asha.token))
          .send(dealTerms({ title: 'Draft never sent' }))
          .expect(201);
        const offerIds = [...offers.map(({ id }) => id), (draft.body as { id: string }).id];
        await request(app.server)
          .put(NOMINEE)
          .set(as(asha.token))
          .send({ name: 'Nominee Of Asha', email: 'nominee.asha@example.com' })
          .expect(200);
        await request(app.server)
          .put(`${KIT}/handle`)
          .set(as(asha.token))
          .send({ handle: `asha.erased${String(serial)}` })
          .expect(200);
        const handle = `asha.erased${String(serial)}`;
        const supportId = await answeredSupportRequest(asha.token);
        const packageId = await publishedPackage(asha.token, handle);
        const glow = await brand();
        const packageRequest = await declinedPackageRequest(
          asha.token,
          glow.token,
          handle,
          packageId,
        );
        await app.app.get(InAppInbox, { strict: false }).add({
          id: `user:${asha.id}:2026-11-01T00:00:00.000Z:e1`,
          recipient: `user:${asha.id}`,
          kind: 'released',
          eventId: 'e1',
          dealId: kept.id,
          milestoneId: null,
          title: 'Money released',
          body: 'for Asha',
          actionPath: '/creator',
          actionLabel: 'Open',
          at: new Date(),
          readAt: null,
        });
        // A second session (another browser): it ends too.
        idp.setNextIdentity({ sub: asha.sub, email: asha.email, name: asha.name });
        const second = await request(app.server)
          .post(`${AUTH}/login`)
          .send({ credential: await idp.issueIdToken() })
          .expect(200);
        const otherBrowser = (second.body as SessionBody).accessToken;
        // A copy of the data prepared for download goes with the account.
        await exportedArchive(app, asha.token);
        // Her uploaded photo (shown on her public page): its address answers 404 after.
        const photoPath = await uploadedPhotoPath(asha.token);
        // The decline's e-mail sent first: a message marked sent while the erasure redacts it can
        // lose the redaction on FerretDB (a read then a write each: docs/reliability.md, finding 5).
        await settled(app.app);

        const answer = await erase(asha.token).expect(200);
        const receipt = answer.body as Receipt;
        expect(cookieValue(answer, 'paylock_refresh')).toBe('');
        expect(receipt.kept).toEqual([
          {
            what: expect.stringContaining(
              `“${kept.title}”: its signed contract, milestones, history, invoices`,
            ) as string,
            why: expect.stringContaining('72 months') as string,
            until: '2033-12-31',
          },
          expect.objectContaining({
            until: '2033-12-31',
            what: expect.stringContaining('account id was erased') as string,
          }),
        ]);

        // Every session, on its very next call and refresh.
        await request(app.server).get(`${AUTH}/me`).set(as(asha.token)).expect(401);
        await request(app.server).get(`${AUTH}/me`).set(as(otherBrowser)).expect(401);
        await request(app.server)
          .post(`${AUTH}/refresh-token`)
          .set('Cookie', asha.refreshCookie)
          .set(CSRF_HEADERS)
          .expect(401);
        await request(app.server).get(`${DATA_EXPORTS}/latest`).set(as(asha.token)).expect(401);
        // The public page is gone and the handle is free for anyone.
        await request(app.server).get(`${PUBLIC_KIT}/${handle}`).expect(404);
        await request(app.server).get(photoPath).expect(404);
        const ravi = await creator('ravi-takes-handle');
        await request(app.server)
          .put(`${KIT}/handle`)
          .set(as(ravi.token))
          .send({ handle })
          .expect(200);

        // No notice reaches the erased account any more, even one handed its old address.
        await app.app.get(NoticeDelivery, { strict: false }).deliver({
          eventId: 'after-erasure',
          kind: 'released',
          deal: kept,
          milestoneId: kept.milestones[0]?.id ?? null,
          at: new Date(),
          recipient: creatorRecipientOf(kept, { name: asha.name, email: asha.email }),
        });
        expect(
          await app.connection
            .collection('notifications')
            .countDocuments({ recipient: `user:${asha.id}` }),
        ).toBe(0);

        // The receipt was mailed to the account's address before it was erased.
        const mail = await mailDev.inbox.waitForMailTo(asha.email, {
          subject: 'Your Paylock account was erased',
        });
        expect(mail.text).toContain('until 2033-12-31');

        // Nothing personal anywhere; the id only in the kept records and the erasure's own.
        const personal = [
          asha.email,
          asha.name,
          asha.sub,
          'nominee.asha@example.com',
          'Nominee Of Asha',
          'Support Message Of The Erased',
          'Support Answer For The Erased',
          // The brand's contact details in a request for her package go with her kit.
          'meera.of.glow@example.com',
          // Her offers never accepted, with the brand contact they named, are deleted.
          'tara.offer@example.com',
          'Tara Offer',
          'Offer never accepted',
          'Draft never sent',
        ];
        // The receipt's stored copy forgets its recipient once delivered: wait for that record.
        await eventually(async () => (await tracesOf(...personal)).length === 0, {
          what: 'no trace of the person',
        }).catch(() => undefined);
        expect(await tracesOf(...personal)).toEqual([]);
        const withId = await tracesOf(asha.id);
        expect(
          withId.map((line) => line.split(':')[0]).filter((name) => !keepsTheAccountId(name ?? '')),
        ).toEqual([]);
        expect(
          await app.connection.collection('deals').countDocuments({ _id: kept.id as never }),
        ).toBe(1);
        expect(
          await app.connection
            .collection('deals')
            .countDocuments({ _id: { $in: offerIds } as never }),
        ).toBe(0);
        expect(
          await app.connection
            .collection('deal_documents')
            .countDocuments({ dealId: { $in: offerIds } }),
        ).toBe(0);
        // Her support request and its answer, her kit's package requests and their answers.
        expect(
          await app.connection
            .collection('support_requests')
            .countDocuments({ _id: supportId as never }),
        ).toBe(0);
        expect(
          await app.connection
            .collection('support_answers')
            .countDocuments({ _id: supportId as never }),
        ).toBe(0);
        await packageRequestGone(packageRequest);

        // Signing in again with the same Google account starts fresh: a new, empty account.
        idp.setNextIdentity({ sub: asha.sub, email: asha.email, name: asha.name });
        await request(app.server)
          .post(`${AUTH}/login`)
          .send({ credential: await idp.issueIdToken() })
          .expect(404);
        idp.setNextIdentity({ sub: asha.sub, email: asha.email, name: asha.name });
        const fresh = await request(app.server)
          .post(`${AUTH}/register`)
          .send({ credential: await idp.issueIdToken() })
          .expect(201);
        const deals = await request(app.server)
          .get(DEALS)
          .set(as((fresh.body as SessionBody).accessToken))
          .expect(200);
        expect(deals.body).toMatchObject({ total: 0 });
      },
      SLOW,
    );

    it('a brand downloads its data, then erases: its number is free again, its nominee, sessions and package requests are gone', async () => {
      const glow = await brand();
      const kitOwner = await creator('kit-owner');
      const handle = `kit.owner${String(serial)}`;
      const packageId = await publishedPackage(kitOwner.token, handle);
      const packageRequest = await declinedPackageRequest(
        kitOwner.token,
        glow.token,
        handle,
        packageId,
      );
      await request(app.server)
        .put(NOMINEE)
        .set(as(glow.token))
        .send({ name: 'Nominee Of Glow', email: 'nominee.glow@example.com' })
        .expect(200);
      const files = unzipSync(await exportedArchive(app, glow.token));
      const table = (name: string) =>
        JSON.parse(strFromU8(files[`${name}.json`] ?? new Uint8Array())) as unknown;
      expect(table('profile')).toEqual([
        expect.objectContaining({ accountType: 'brand', phone: glow.e164 }),
      ]);
      expect(table('nominee')).toEqual([
        expect.objectContaining({ email: 'nominee.glow@example.com' }),
      ]);
      expect(files['ledger.json']).toBeUndefined();
      // The decline's e-mail sent first: a message marked sent while the erasure redacts it can
      // lose the redaction on FerretDB (a read then a write each: docs/reliability.md, finding 5).
      await settled(app.app);
      const answer = await erase(glow.token).expect(200);
      expect((answer.body as Receipt).kept).toHaveLength(1);
      await request(app.server).get(`${AUTH}/me`).set(as(glow.token)).expect(401);
      expect(
        await tracesOf('nominee.glow@example.com', 'Nominee Of Glow', glow.id).then((lines) =>
          lines.map((line) => line.split(':')[0]).filter((name) => !keepsTheAccountId(name ?? '')),
        ),
      ).toEqual([]);
      expect(
        await app.connection.collection('brand_accounts').countDocuments({ phone: glow.e164 }),
      ).toBe(0);
      await packageRequestGone(packageRequest);
      expect(await tracesOf('meera.of.glow@example.com')).toEqual([]);
    });
  });

  describe('an erasure that stopped half-way', () => {
    it('is finished by asking again: the decision stands, the remaining steps run', async () => {
      const dev = await creator('resumed');
      await request(app.server)
        .put(NOMINEE)
        .set(as(dev.token))
        .send({ name: 'Nominee Of Dev', email: 'nominee.dev@example.com' })
        .expect(200);
      // The crash: the erasure was decided, and nothing more happened.
      await app.connection
        .collection('account_erasure_claims')
        .insertOne({ _id: dev.id as never, attempt: 'a-resumed', claimedAt: new Date() });
      await app.connection
        .collection('account_erasure_decisions')
        .insertOne({ _id: 'a-resumed' as never, decision: 'erase', at: new Date() });
      await erase(dev.token).expect(200);
      await request(app.server).get(`${AUTH}/me`).set(as(dev.token)).expect(401);
      expect(await tracesOf(dev.email, 'nominee.dev@example.com')).toEqual([]);
    });
  });

  describe('racing a payment webhook', () => {
    /** A deal sent to a brand's number, accepted from its workspace, its first checkout opened. */
    async function checkoutOpened(creatorToken: string, brandToken: string, mobile: string) {
      const terms = dealTerms({ title: `Race ${String((serial += 1))}` });
      const created = await request(app.server)
        .post(DEALS)
        .set(as(creatorToken))
        .send({
          ...terms,
          brand: { ...(terms.brand as Record<string, string>), contactMobile: mobile },
        })
        .expect(201);
      const dealId = (created.body as { id: string }).id;
      await request(app.server).post(`${DEALS}/${dealId}/send`).set(as(creatorToken)).expect(200);
      const link = await request(app.server)
        .post(`${BRAND_DEALS}/${dealId}/review-link`)
        .set(as(brandToken))
        .set(CSRF_HEADERS)
        .expect(200);
      const { token } = link.body as { token: string };
      await request(app.server)
        .post('/api/v1/deal-review/accept')
        .send({ token, fullName: 'Priya Mehta', agreed: true })
        .expect(200);
      const money = await request(app.server).post(MONEY).send({ token }).expect(200);
      const milestoneId = (money.body as { milestones: { id: string }[] }).milestones[0]?.id ?? '';
      const checkout = await request(app.server)
        .post(`${MONEY}/funding`)
        .send({ token, milestoneId })
        .expect(200);
      const orderId = (checkout.body as { fields: Record<string, string> }).fields.order_id ?? '';
      return { dealId, milestoneId, orderId };
    }

    it(
      'the erasure and the payment’s webhook at once: never both — either the money is held and the erasure refused, or the account is erased and the payment goes back',
      async () => {
        const asha = await creator('race');
        const glow = await brand();
        const { dealId, milestoneId, orderId } = await checkoutOpened(
          asha.token,
          glow.token,
          glow.national,
        );
        const hooks = gateway.paymentWebhooks(gateway.pay(orderId));
        const deliver = async () => {
          for (const hook of hooks) {
            await request(app.server)
              .post(WEBHOOK)
              .set('Content-Type', 'application/json')
              .set('X-Razorpay-Signature', hook.signature)
              .set('X-Razorpay-Event-Id', hook.id)
              .send(hook.body.toString('utf8'))
              .expect(200);
          }
        };
        const [erasure] = await Promise.all([erase(asha.token), deliver()]);
        await settled(app.app);
        const deal = await app.app.get(DealRepository, { strict: false }).findById(dealId);
        const state = deal?.milestones.find(({ id }) => id === milestoneId)?.state;
        if (erasure.status === 409) {
          expect(erasure.body).toMatchObject({
            code: expect.stringMatching(/^ACCOUNT_MONEY_(IN_FLIGHT|MOVING)$/) as string,
          });
          expect(state).toBe('funded');
        } else {
          expect(erasure.status).toBe(200);
          expect(state).toBe('pending');
          const refunds = await app.connection
            .collection('payment_intents')
            .countDocuments({ dealId, kind: 'refund_payment' });
          expect(refunds).toBe(1);
        }
      },
      SLOW,
    );

    it(
      'a payment whose webhook comes after the creator was erased goes back to the brand: nothing is held for an erased account',
      async () => {
        const ravi = await creator('paid-late');
        const glow = await brand();
        const { dealId, milestoneId, orderId } = await checkoutOpened(
          ravi.token,
          glow.token,
          glow.national,
        );
        await erase(ravi.token).expect(200);
        for (const hook of gateway.paymentWebhooks(gateway.pay(orderId))) {
          await request(app.server)
            .post(WEBHOOK)
            .set('Content-Type', 'application/json')
            .set('X-Razorpay-Signature', hook.signature)
            .set('X-Razorpay-Event-Id', hook.id)
            .send(hook.body.toString('utf8'))
            .expect(200);
        }
        await settled(app.app);
        const deal = await app.app.get(DealRepository, { strict: false }).findById(dealId);
        expect(deal?.milestones.find(({ id }) => id === milestoneId)?.state).toBe('pending');
        expect(
          await app.connection
            .collection('payment_intents')
            .countDocuments({ dealId, kind: 'refund_payment' }),
        ).toBe(1);
        expect(
          await app.connection
            .collection('ledger_transactions')
            .countDocuments({ dealId, kind: 'funded' }),
        ).toBe(0);
      },
      SLOW,
    );
  });
});
