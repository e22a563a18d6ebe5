import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';
import { type SmsInbox, startSmsInbox } from '@paylock/sms-inbox';
import request from 'supertest';
import {
  AUTH,
  authTestEnv,
  CSRF_HEADERS,
  type SessionBody,
  setCookies,
} from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { dealTerms, reviewTokenIn } from './support/deal-fixtures.js';
import { FakePaymentGateway, FakePayoutAccounts } from './support/fake-payment-gateway.js';
import { InMemoryOutbox } from './support/in-memory-outbox.js';
import { type MailDevServer, type ReceivedMail, startMailDev } from './support/maildev.js';
import { hashSecretToken } from '../src/common/domain/secret-token.js';
import { PaymentGateway } from '../src/payment-gateway/index.js';
import { NotificationsWorker } from '../src/notifications/index.js';
import { settled } from './support/settled.js';
import { PayoutAccounts } from '../src/payouts/payouts.contract.js';
import { SweepUnconfirmedEntries } from '../src/waitlist/application/sweep-unconfirmed-entries.js';
import { SweepScheduler } from '../src/waitlist/infrastructure/sweep-scheduler.js';

const DEALS = '/api/v1/deals';
const BRAND_DEALS = '/api/v1/brand/deals';
const REVIEW = '/api/v1/deal-review';
const MONEY = `${REVIEW}/milestones`;
const WEBHOOK = '/api/v1/payments/webhooks/razorpay';
const CREATOR = { sub: 'google-party-asha', email: 'asha@creators.in', name: 'Asha Rao' };
/** A second mailbox the creator controls, typed as the brand's contact e-mail. */
const CREATORS_OTHER_MAILBOX = 'asha.second.inbox@creators.in';
const BRANDS_ADDRESS = 'priya@glownaturals.in';
const SLOW = 60_000;

interface MilestoneBody {
  id: string;
  state: string;
}
interface DealBody {
  state: string;
  history: { by: string; actor: string; to: string; milestone?: { action: string } }[];
  contracts: {
    brandAcceptance: {
      email: string | null;
      channel?: string;
      mobile?: string;
      brandAccountId?: string;
    } | null;
  }[];
}

const DAY_MS = 86_400_000;

let serial = 0;
function nextNumber(): { national: string; e164: string; ip: string } {
  serial += 1;
  const national = `96${String(Date.now() % 1000).padStart(3, '0')}${String(serial).padStart(5, '0')}`;
  return { national, e164: `+91${national}`, ip: `203.0.113.${String(100 + (serial % 150))}` };
}

/**
 * Issue #36, the high finding: the brand of a deal is the party that accepted it, as proven (the
 * e-mailed link, or a phone-verified brand account), not whoever holds a review token of the
 * deal. Real tokens over HTTP, the local SMS inbox, the real database.
 */
describe('The brand of a deal is the party that accepted it (#36)', () => {
  let idp: IdentityProvider;
  let inbox: SmsInbox;
  let app: TestApp;
  let creator: string;
  /** The creator's refresh cookie, as its browser sends it to every route. */
  let creatorCookie: string;
  const outbox = new InMemoryOutbox();
  const gateway = new FakePaymentGateway();

  const as = (token: string) => ({ Authorization: `Bearer ${token}` });

  async function sendDeal(contact: { email: string; mobile: string }) {
    const base = dealTerms();
    const created = await request(app.server)
      .post(DEALS)
      .set(as(creator))
      .send({
        ...base,
        brand: {
          ...(base.brand as Record<string, string>),
          contactEmail: contact.email,
          contactMobile: contact.mobile,
        },
      })
      .expect(201);
    const id = (created.body as { id: string }).id;
    await request(app.server).post(`${DEALS}/${id}/send`).set(as(creator)).expect(200);
    const mail = outbox
      .messagesTo(contact.email)
      .find((item) => item.key.startsWith(`deal-review-request:${id}:`));
    return { id, mailedToken: reviewTokenIn(mail?.data.reviewUrl) };
  }

  async function signUpBrand(number: { national: string; e164: string; ip: string }) {
    await request(app.server)
      .post(`${AUTH}/phone/codes`)
      .set(CSRF_HEADERS)
      .set('X-Forwarded-For', number.ip)
      .send({ phone: number.national, purpose: 'signup' })
      .expect(202);
    const code = (await inbox.nextMessageTo(number.e164)).variables.otp ?? '';
    const session = await request(app.server)
      .post(`${AUTH}/phone/sessions`)
      .set(CSRF_HEADERS)
      .set('X-Forwarded-For', number.ip)
      .send({ phone: number.national, code, purpose: 'signup' })
      .expect(200);
    const account = await app.connection
      .collection<{ _id: unknown; phone: string }>('brand_accounts')
      .findOne({ phone: number.e164 });
    return { token: (session.body as SessionBody).accessToken, id: String(account?._id) };
  }

  const workspaceLink = (brand: string, dealId: string) =>
    request(app.server)
      .post(`${BRAND_DEALS}/${dealId}/review-link`)
      .set(as(brand))
      .set(CSRF_HEADERS);

  async function workspaceToken(brand: string, dealId: string): Promise<string> {
    return ((await workspaceLink(brand, dealId).expect(200)).body as { token: string }).token;
  }

  const accept = (token: string) =>
    request(app.server)
      .post(`${REVIEW}/accept`)
      .send({ token, fullName: 'Priya Mehta', agreed: true });

  async function milestonesOf(token: string): Promise<MilestoneBody[]> {
    const money = await request(app.server).post(MONEY).send({ token }).expect(200);
    return (money.body as { milestones: MilestoneBody[] }).milestones;
  }

  async function fund(token: string, milestoneId: string): Promise<void> {
    const checkout = await request(app.server)
      .post(`${MONEY}/funding`)
      .send({ token, milestoneId })
      .expect(200);
    const orderId = (checkout.body as { fields: Record<string, string> }).fields.order_id ?? '';
    for (const hook of gateway.paymentWebhooks(gateway.pay(orderId))) {
      await request(app.server)
        .post(WEBHOOK)
        .set('Content-Type', 'application/json')
        .set('X-Razorpay-Signature', hook.signature)
        .set('X-Razorpay-Event-Id', hook.id)
        .send(hook.body.toString('utf8'))
        .expect(200);
    }
  }

  async function submit(dealId: string, milestoneId: string): Promise<void> {
    await request(app.server)
      .post(`${DEALS}/${dealId}/milestones/${milestoneId}/submission`)
      .set(as(creator))
      .send({ links: ['https://www.instagram.com/reel/abc/'], note: 'Live now' })
      .expect(200);
  }

  async function creatorsView(dealId: string): Promise<DealBody> {
    return (await request(app.server).get(`${DEALS}/${dealId}`).set(as(creator)).expect(200))
      .body as DealBody;
  }

  /** The brand's acts in the deal's stored history: who the history says acted. */
  async function brandActors(dealId: string): Promise<string[]> {
    const stored = await app.connection
      .collection<{ _id: string; history: DealBody['history'] }>('deals')
      .findOne({ _id: dealId });
    return (stored?.history ?? []).filter(({ by }) => by === 'brand').map(({ actor }) => actor);
  }

  /** Every money move a token might try on a submitted milestone; each must be refused. */
  function moneyMoves(token: string, milestoneId: string) {
    return [
      request(app.server).post(MONEY).send({ token }),
      request(app.server).post(`${MONEY}/approve`).send({ token, milestoneId }),
      request(app.server).post(`${MONEY}/funding`).send({ token, milestoneId }),
      request(app.server)
        .post(`${MONEY}/request-changes`)
        .send({ token, milestoneId, note: 'Redo it' }),
      request(app.server).post(`${MONEY}/dispute`).send({ token, milestoneId, reason: 'Not done' }),
      request(app.server)
        .post(`${MONEY}/dispute-answer`)
        .send({ token, milestoneId, note: 'We disagree' }),
      request(app.server)
        .post(`${REVIEW}/cancellation`)
        .send({ token, reason: 'Changed our plans' }),
      request(app.server).post(`${REVIEW}/invoices`).send({ token }),
    ];
  }

  async function expectNoMoneyRights(token: string, milestoneId: string): Promise<void> {
    for (const call of moneyMoves(token, milestoneId)) {
      const response = await call;
      expect({ status: response.status, code: (response.body as { code?: string }).code }).toEqual({
        status: 403,
        code: 'NOT_THE_DEALS_BRAND',
      });
    }
  }

  beforeAll(async () => {
    [idp, inbox] = await Promise.all([startIdentityProvider(), startSmsInbox()]);
    app = await createTestApp({
      env: authTestEnv(idp, {
        ...inbox.backendEnv,
        TRUST_PROXY: 'true',
        SMS_HOURLY_BUDGET: '100000',
        RATE_LIMIT_PERSONAL_PAGE_PER_MINUTE: '1000',
        PAYMENTS_WORKER_INTERVAL_MS: '200',
      }),
      outbox,
      configure: (builder) => {
        builder.overrideProvider(PaymentGateway).useValue(gateway);
        builder.overrideProvider(PayoutAccounts).useValue(new FakePayoutAccounts());
      },
    });
    const credential = await idp.issueIdToken(CREATOR);
    const response = await request(app.server)
      .post(`${AUTH}/register`)
      .send({ credential })
      .expect(201);
    creator = (response.body as SessionBody).accessToken;
    creatorCookie = (setCookies(response)[0] ?? '').split(';')[0] ?? '';
  }, SLOW);

  afterAll(async () => {
    await app.close();
    await Promise.all([idp.stop(), inbox.stop()]);
  }, SLOW);

  it(
    'refuses a brand’s acceptance or money call that carries the deal creator’s own session (403)',
    async () => {
      const number = nextNumber();
      const deal = await sendDeal({ email: CREATORS_OTHER_MAILBOX, mobile: number.national });
      const asCreator = [{ Cookie: creatorCookie }, as(creator)];
      for (const headers of asCreator) {
        const refused = await accept(deal.mailedToken).set(headers).expect(403);
        expect(refused.body).toMatchObject({ code: 'CREATOR_CANNOT_ACT_AS_BRAND' });
      }
      expect((await creatorsView(deal.id)).state).toBe('sent');

      // Without the creator's session the link answers as usual (whoever holds it).
      await accept(deal.mailedToken).expect(200);
      for (const headers of asCreator) {
        const refused = await request(app.server)
          .post(MONEY)
          .set(headers)
          .send({ token: deal.mailedToken })
          .expect(403);
        expect(refused.body).toMatchObject({ code: 'CREATOR_CANNOT_ACT_AS_BRAND' });
      }
    },
    SLOW,
  );

  it(
    'the reproduction: the real brand accepts and funds from its workspace; the creator’s e-mailed link cannot approve, and the records name the account',
    async () => {
      const number = nextNumber();
      const deal = await sendDeal({ email: CREATORS_OTHER_MAILBOX, mobile: number.national });
      const brand = await signUpBrand(number);

      const reviewToken = await workspaceToken(brand.token, deal.id);
      await accept(reviewToken).expect(200);
      const [first] = await milestonesOf(reviewToken);
      if (!first) throw new Error('no milestone');
      await fund(reviewToken, first.id);
      await submit(deal.id, first.id);

      // The link mailed to the creator's own mailbox lost every money right at acceptance.
      await expectNoMoneyRights(deal.mailedToken, first.id);
      expect((await milestonesOf(reviewToken))[0]?.state).toBe('submitted');

      // The brand approves from its workspace (a fresh workspace link: money, for this account).
      const moneyToken = await workspaceToken(brand.token, deal.id);
      const approved = await request(app.server)
        .post(`${MONEY}/approve`)
        .send({ token: moneyToken, milestoneId: first.id })
        .expect(200);
      expect((approved.body as { milestones: MilestoneBody[] }).milestones[0]?.state).not.toBe(
        'submitted',
      );

      const view = await creatorsView(deal.id);
      expect(view.contracts.at(-1)?.brandAcceptance).toMatchObject({
        email: null,
        channel: 'account',
        mobile: number.national,
        brandAccountId: brand.id,
      });
      expect(await brandActors(deal.id)).toEqual([`brand:${brand.id}`, `brand:${brand.id}`]);
      expect(JSON.stringify(view.contracts)).not.toContain(CREATORS_OTHER_MAILBOX);
    },
    SLOW,
  );

  it(
    'the reverse: accepted by the e-mailed link, a workspace of the typed mobile can neither fund nor approve',
    async () => {
      const number = nextNumber();
      const deal = await sendDeal({ email: BRANDS_ADDRESS, mobile: number.national });
      const workspace = await signUpBrand(number);
      // A review link minted while the deal was still awaiting an answer.
      const earlyToken = await workspaceToken(workspace.token, deal.id);

      await accept(deal.mailedToken).expect(200);
      const [first] = await milestonesOf(deal.mailedToken);
      if (!first) throw new Error('no milestone');

      await expectNoMoneyRights(earlyToken, first.id);
      const refused = await workspaceLink(workspace.token, deal.id).expect(403);
      expect(refused.body).toMatchObject({ code: 'NOT_THE_DEALS_BRAND' });

      await fund(deal.mailedToken, first.id);
      await submit(deal.id, first.id);
      await expectNoMoneyRights(earlyToken, first.id);
      await request(app.server)
        .post(`${MONEY}/approve`)
        .send({ token: deal.mailedToken, milestoneId: first.id })
        .expect(200);

      const view = await creatorsView(deal.id);
      expect(view.contracts.at(-1)?.brandAcceptance).toMatchObject({
        email: BRANDS_ADDRESS,
        channel: 'email',
      });
      expect(await brandActors(deal.id)).toEqual([
        `email:${BRANDS_ADDRESS}`,
        `email:${BRANDS_ADDRESS}`,
      ]);
    },
    SLOW,
  );

  it(
    'refuses to send a deal whose brand contact e-mail is the creator’s own (409), in any spelling',
    async () => {
      const base = dealTerms();
      const created = await request(app.server)
        .post(DEALS)
        .set(as(creator))
        .send({
          ...base,
          brand: { ...(base.brand as Record<string, string>), contactEmail: ' ASHA@Creators.in ' },
        })
        .expect(201);
      const id = (created.body as { id: string }).id;
      const refused = await request(app.server)
        .post(`${DEALS}/${id}/send`)
        .set(as(creator))
        .expect(409);
      expect(refused.body).toMatchObject({ code: 'BRAND_CONTACT_IS_CREATOR' });
      expect((await creatorsView(id)).state).toBe('draft');
      expect(
        outbox.messagesTo(CREATOR.email).filter(({ kind }) => kind === 'deal-review-request'),
      ).toEqual([]);
    },
    SLOW,
  );
});

/** The token after `name=` in a link of a received mail's text. */
function tokenIn(mail: ReceivedMail | undefined, name: 'token' | 'claim'): string {
  const match = new RegExp(`${name}=([A-Za-z0-9_-]{43})`).exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`no ${name} link in the mail`);
  return match[1];
}

/**
 * The ways back to a deal's money (#36): money links expire, a fresh one goes only to the address
 * the deal was accepted with (MailDev), the waitlist's sweep leaves deal links alone (M4), a
 * workspace claims a deal accepted by e-mail only through a link mailed there, an invoice answers
 * only a current link of the accepting party (M3), and a cancellation proposal mints no second
 * link while the brand's still works (L4).
 */
describe('The brand party’s links: lifetime, fresh links, claims (#36)', () => {
  let idp: IdentityProvider;
  let inbox: SmsInbox;
  let mailDev: MailDevServer;
  let app: TestApp;
  let creator: string;

  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const mailsTo = async (address: string) => mailDev.inbox.to(address);

  async function sendDeal(contact: { email: string; mobile: string }, title: string) {
    const base = dealTerms();
    const created = await request(app.server)
      .post(DEALS)
      .set(as(creator))
      .send({
        ...base,
        title,
        brand: {
          ...(base.brand as Record<string, string>),
          contactEmail: contact.email,
          contactMobile: contact.mobile,
        },
      })
      .expect(201);
    const id = (created.body as { id: string }).id;
    await request(app.server).post(`${DEALS}/${id}/send`).set(as(creator)).expect(200);
    const [mail] = await mailDev.inbox
      .waitFor(
        (all) =>
          all.some((item) => item.subject.endsWith(title) && item.subject.includes('review')),
        { what: `the review request of ${title}` },
      )
      .then((all) =>
        all.filter((item) => item.subject.endsWith(title) && item.subject.includes('review')),
      );
    return { id, mailedToken: tokenIn(mail, 'token') };
  }

  async function signUpBrand(number: { national: string; e164: string; ip: string }) {
    await request(app.server)
      .post(`${AUTH}/phone/codes`)
      .set(CSRF_HEADERS)
      .set('X-Forwarded-For', number.ip)
      .send({ phone: number.national, purpose: 'signup' })
      .expect(202);
    const code = (await inbox.nextMessageTo(number.e164)).variables.otp ?? '';
    const session = await request(app.server)
      .post(`${AUTH}/phone/sessions`)
      .set(CSRF_HEADERS)
      .set('X-Forwarded-For', number.ip)
      .send({ phone: number.national, code, purpose: 'signup' })
      .expect(200);
    const account = await app.connection
      .collection<{ _id: unknown; phone: string }>('brand_accounts')
      .findOne({ phone: number.e164 });
    return { token: (session.body as SessionBody).accessToken, id: String(account?._id) };
  }

  const accept = (token: string) =>
    request(app.server)
      .post(`${REVIEW}/accept`)
      .send({ token, fullName: 'Priya Mehta', agreed: true })
      .expect(200);

  const money = (token: string) => request(app.server).post(MONEY).send({ token });

  /** The notices of every deal move so far made and mailed (the worker's timer is not awaited). */
  async function notificationsSent(): Promise<void> {
    await app.app.get(NotificationsWorker).runOnce();
    await settled(app.app);
  }

  /** Every link of the deal expired a month ago (as time would have it). */
  async function ageLinksOf(dealId: string): Promise<void> {
    await app.connection
      .collection('link_tokens')
      .updateMany(
        { subject: { $regex: `^${dealId}:` } },
        { $set: { expiresAt: new Date(Date.now() - 30 * DAY_MS) } },
      );
  }

  beforeAll(async () => {
    [idp, inbox, mailDev] = await Promise.all([
      startIdentityProvider(),
      startSmsInbox(),
      startMailDev(),
    ]);
    app = await createTestApp({
      env: authTestEnv(idp, {
        ...inbox.backendEnv,
        TRUST_PROXY: 'true',
        SMS_HOURLY_BUDGET: '100000',
        RATE_LIMIT_PERSONAL_PAGE_PER_MINUTE: '1000',
        SMTP_URL: mailDev.smtpUrl,
        MAIL_POLL_INTERVAL_MS: '50',
      }),
      configure: (builder) => {
        builder.overrideProvider(PayoutAccounts).useValue(new FakePayoutAccounts());
        // The test runs the waitlist's sweep itself.
        builder.overrideProvider(SweepScheduler).useValue({});
      },
    });
    const credential = await idp.issueIdToken({ ...CREATOR, sub: 'google-party-asha-2' });
    const response = await request(app.server)
      .post(`${AUTH}/register`)
      .send({ credential })
      .expect(201);
    creator = (response.body as SessionBody).accessToken;
  }, SLOW);

  afterAll(async () => {
    await app.close();
    await Promise.all([idp.stop(), inbox.stop(), mailDev.stop()]);
  }, SLOW);

  it(
    'keeps an expired money link through the waitlist’s sweep, and mails a fresh one only to the accepting address',
    async () => {
      const number = nextNumber();
      const address = 'accounts@brand-fresh.in';
      const deal = await sendDeal({ email: address, mobile: number.national }, 'Fresh link reel');
      const workspace = await signUpBrand(number);
      const otherChannel = (
        (
          await request(app.server)
            .post(`${BRAND_DEALS}/${deal.id}/review-link`)
            .set(as(workspace.token))
            .set(CSRF_HEADERS)
            .expect(200)
        ).body as { token: string }
      ).token;
      await accept(deal.mailedToken);
      await money(deal.mailedToken).expect(200);

      await ageLinksOf(deal.id);
      const swept = await app.app.get(SweepUnconfirmedEntries).execute();
      expect(swept.swept).toBe(true);
      // Still known: "expired, ask for a fresh link", not "not valid".
      const expired = await money(deal.mailedToken).expect(410);
      expect(expired.body).toMatchObject({ code: 'DEAL_MONEY_LINK_EXPIRED' });
      expect(
        await app.connection
          .collection('link_tokens')
          .countDocuments({ _id: hashSecretToken(deal.mailedToken) as never }),
      ).toBe(1);

      // Asked with the other channel's link, or the expired one: the same answer, and one mail
      // (one per deal every 10 minutes), to the accepting address only.
      for (const token of [otherChannel, deal.mailedToken]) {
        const asked = await request(app.server)
          .post(`${REVIEW}/fresh-link`)
          .send({ token })
          .expect(200);
        expect(asked.body).toMatchObject({ next: 'check-email' });
      }
      const unknown = await request(app.server)
        .post(`${REVIEW}/fresh-link`)
        .send({ token: 'A'.repeat(43) })
        .expect(200);
      expect(unknown.body).toMatchObject({ next: 'check-email' });
      const mails = await mailDev.inbox.waitFor(
        (all) => all.some((mail) => mail.subject.startsWith('Your fresh link')),
        { what: 'the fresh link' },
      );
      const fresh = mails.filter((mail) => mail.subject.startsWith('Your fresh link'));
      expect(fresh.flatMap((mail) => mail.to.map(({ address: to }) => to))).toEqual([address]);
      const view = await money(tokenIn(fresh[0], 'token')).expect(200);
      expect(view.body).toMatchObject({ dealId: deal.id, state: 'accepted' });
    },
    SLOW,
  );

  it(
    'lets a workspace of the deal’s mobile claim a deal accepted by e-mail only through a link mailed to the accepting address',
    async () => {
      const number = nextNumber();
      const address = 'owner@brand-claim.in';
      const deal = await sendDeal({ email: address, mobile: number.national }, 'Claimed reel');
      await accept(deal.mailedToken);
      const brand = await signUpBrand(number);
      const stranger = await signUpBrand(nextNumber());

      const listed = await request(app.server).get(BRAND_DEALS).set(as(brand.token)).expect(200);
      expect((listed.body as { items: { id: string; acceptedBy: string }[] }).items).toEqual([
        expect.objectContaining({ id: deal.id, acceptedBy: 'email' }),
      ]);
      await request(app.server)
        .post(`${BRAND_DEALS}/${deal.id}/review-link`)
        .set(as(brand.token))
        .set(CSRF_HEADERS)
        .expect(403);
      const fresh = await request(app.server)
        .post(`${REVIEW}/fresh-link`)
        .send({ token: deal.mailedToken })
        .expect(200);
      expect(fresh.body).toMatchObject({ next: 'check-email' });

      await request(app.server)
        .post(`${BRAND_DEALS}/${deal.id}/claim`)
        .set(as(brand.token))
        .set(CSRF_HEADERS)
        .expect(202);
      const claimMail = await mailDev.inbox.waitForMailTo(address, {
        subject: 'Move Claimed reel to your brand workspace',
      });
      const claimToken = tokenIn(claimMail, 'claim');
      // Only in the workspace that asked for it.
      await request(app.server)
        .post(`${BRAND_DEALS}/claims`)
        .set(as(stranger.token))
        .set(CSRF_HEADERS)
        .send({ token: claimToken })
        .expect(404);
      const claimed = await request(app.server)
        .post(`${BRAND_DEALS}/claims`)
        .set(as(brand.token))
        .set(CSRF_HEADERS)
        .send({ token: claimToken })
        .expect(200);
      expect(claimed.body).toEqual({ dealId: deal.id });
      // Single use.
      await request(app.server)
        .post(`${BRAND_DEALS}/claims`)
        .set(as(brand.token))
        .set(CSRF_HEADERS)
        .send({ token: claimToken })
        .expect(404);

      const moneyToken = (
        (
          await request(app.server)
            .post(`${BRAND_DEALS}/${deal.id}/review-link`)
            .set(as(brand.token))
            .set(CSRF_HEADERS)
            .expect(200)
        ).body as { token: string }
      ).token;
      await money(moneyToken).expect(200);
      const refused = await money(deal.mailedToken).expect(403);
      expect(refused.body).toMatchObject({ code: 'NOT_THE_DEALS_BRAND' });
      const signIn = await request(app.server)
        .post(`${REVIEW}/fresh-link`)
        .send({ token: deal.mailedToken })
        .expect(200);
      expect(signIn.body).toMatchObject({ next: 'sign-in' });

      const view = await request(app.server)
        .get(`${DEALS}/${deal.id}`)
        .set(as(creator))
        .expect(200);
      expect((view.body as { history: { brandParty?: unknown }[] }).history.at(-1)).toMatchObject({
        by: 'brand',
        brandParty: { from: `email:${address}`, to: `brand:${brand.id}` },
      });
      // The review request, the signed copy, the fresh link and the claim link: all to the
      // address, in whatever order the outbox delivered them (the signed copy waits for its PDF).
      // The notice that the first milestone waits for its money goes there too if the
      // notifications' timer ran before the claim (after it, the workspace is told instead).
      await notificationsSent();
      await mailDev.inbox.waitForMailTo(address, { subject: 'Signed: Claimed reel' });
      expect(
        (await mailsTo(address))
          .map(({ subject }) => subject)
          .filter((subject) => subject !== 'Fund "Signing" (₹25,000.00)')
          .sort(),
      ).toEqual(
        [
          'Asha Rao sent you a deal to review: Claimed reel',
          'Signed: Claimed reel',
          'Your fresh link to the payments of Claimed reel',
          'Move Claimed reel to your brand workspace',
        ].sort(),
      );
    },
    SLOW,
  );

  it(
    'answers an invoice call only for a current link of the accepting party (M3)',
    async () => {
      const number = nextNumber();
      const address = 'billing@brand-versions.in';
      const deal = await sendDeal({ email: address, mobile: number.national }, 'Versioned reel');
      // The brand sends version 1 back; the creator revises and sends version 2.
      await request(app.server)
        .post(`${REVIEW}/request-changes`)
        .send({ token: deal.mailedToken, comment: 'Lower the first milestone' })
        .expect(200);
      await request(app.server)
        .put(`${DEALS}/${deal.id}`)
        .set(as(creator))
        .send({
          ...dealTerms(),
          title: 'Versioned reel v2',
          brand: {
            ...(dealTerms().brand as Record<string, string>),
            contactEmail: address,
            contactMobile: number.national,
          },
        })
        .expect(200);
      await request(app.server).post(`${DEALS}/${deal.id}/send`).set(as(creator)).expect(200);
      const [second] = (
        await mailDev.inbox.waitFor((all) =>
          all.some((mail) => mail.subject.endsWith('Versioned reel v2')),
        )
      ).filter((mail) => mail.subject.endsWith('Versioned reel v2'));
      const current = tokenIn(second, 'token');
      await accept(current);

      await request(app.server).post(`${REVIEW}/invoices`).send({ token: current }).expect(200);
      const stale = await request(app.server)
        .post(`${REVIEW}/invoices`)
        .send({ token: deal.mailedToken })
        .expect(404);
      expect(stale.body).toMatchObject({ code: 'DEAL_LINK_INVALID' });
      await request(app.server)
        .post(`${REVIEW}/invoices/any-invoice/tds`)
        .send({ token: deal.mailedToken, amountPaise: 100, certificateNumber: 'ABCD1234' })
        .expect(404);
    },
    SLOW,
  );

  it(
    'mints no second money link for a cancellation proposal while the brand’s link still works (L4)',
    async () => {
      const number = nextNumber();
      const address = 'ceo@brand-cancel.in';
      const deal = await sendDeal({ email: address, mobile: number.national }, 'Cancelled reel');
      await accept(deal.mailedToken);
      const links = () =>
        app.connection
          .collection('link_tokens')
          .countDocuments({ subject: { $regex: `^${deal.id}:` } });
      // The acceptance's notice mints the brand's money link for its mail; then nothing more.
      await notificationsSent();
      const before = await links();
      await request(app.server)
        .post(`${DEALS}/${deal.id}/cancellation`)
        .set(as(creator))
        .send({ reason: 'The launch moved to next year' })
        .expect(200);
      await app.app.get(NotificationsWorker).runOnce(); // the notifications tell the brand
      const proposal = await mailDev.inbox.waitForMailTo(address, {
        subject: 'Asha Rao proposes to cancel: Cancelled reel',
      });
      expect(proposal.text).not.toMatch(/token=/);
      expect(proposal.text).toContain('it works until');
      expect(await links()).toBe(before);
    },
    SLOW,
  );
});
