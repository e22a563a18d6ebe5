import { settled } from './support/settled.js';
import request from 'supertest';
import { setCookies } from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { type MailDevServer, startMailDev } from './support/maildev.js';
import { waitlistSubmission } from './support/waitlist-submission.js';

const WAITLIST = '/api/v1/extra/waitlist';
const CONFIRM = `${WAITLIST}/confirmations`;
const LINKS = `${WAITLIST}/personal-links`;
const SESSION = `${WAITLIST}/me/session`;
const ME = `${WAITLIST}/me`;
const EMAIL_CHANGE = `${WAITLIST}/me/email-change`;
const EMAIL_CHANGES = `${WAITLIST}/email-changes`;

interface OutboxDocument {
  key: string;
  kind: string;
  status: string;
  to: { email: string; name: string };
  data: Record<string, string>;
  about?: string;
}

interface EntryDocument {
  _id: unknown;
  email: string;
  phone: string;
  trapped: boolean;
  confirmationExpiresAt?: Date;
}

const person = (index: number, overrides: object = {}) => waitlistSubmission(index, overrides);
/** Each test its own client (TRUST_PROXY is on): the join form's budget is per client. */
const client = (index: number) => `198.51.100.${index}`;
/** Resolves once the clock reads later than `moment` (a stored time can then not repeat). */
async function clockPast(moment: Date): Promise<void> {
  while (Date.now() <= moment.getTime()) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * Regression tests of the outside security test's nine findings (#28), each reproducing the
 * attack as it was run (with its concurrency) against the real database, the real outbox and a
 * MailDev inbox. Finding 8 (admin roles) is in auth-admin-binding.e2e-spec.ts.
 */
describe('security fixes from the outside test (#28)', () => {
  let testApp: TestApp;
  let mailDev: MailDevServer;

  const outbox = () => testApp.connection.collection<OutboxDocument>('outbox');
  const entries = () => testApp.connection.collection<EntryDocument>('waitlist_entries');

  /** Until nothing the requests started is still running and the outbox has nothing due. */
  const backgroundSettled = () => settled(testApp.app);

  async function tokenSent(email: string, kind: string, variable: string): Promise<string> {
    await backgroundSettled();
    const [message] = await outbox()
      .find({ 'to.email': email, kind })
      .sort({ createdAt: -1 })
      .limit(1)
      .toArray();
    const url = message?.data[variable];
    if (!url) throw new Error(`no ${kind} with ${variable} to ${email}`);
    const { searchParams } = new URL(url);
    return searchParams.get('token') ?? searchParams.get('change') ?? '';
  }

  async function requestLink(email: string): Promise<string> {
    const before = await outbox().countDocuments({ 'to.email': email, kind: 'personal-link' });
    await request(testApp.server).post(LINKS).send({ email }).expect(202);
    await backgroundSettled();
    if ((await outbox().countDocuments({ 'to.email': email, kind: 'personal-link' })) > before) {
      return tokenSent(email, 'personal-link', 'personalUrl');
    }
    throw new Error(`no personal link queued for ${email}`);
  }

  function sentBackCookie(response: { headers: Record<string, unknown> }): string {
    return (setCookies(response)[0] ?? '').split(';')[0] ?? '';
  }

  async function openWith(token: string): Promise<string> {
    return sentBackCookie(await request(testApp.server).post(SESSION).send({ token }).expect(200));
  }

  async function joinAndConfirm(index: number, overrides: object = {}): Promise<string> {
    const submission = person(index, overrides);
    await request(testApp.server)
      .post(WAITLIST)
      .set('X-Forwarded-For', client(200))
      .send(submission)
      .expect(201);
    const token = await tokenSent(submission.email, 'waitlist-confirmation', 'confirmUrl');
    await request(testApp.server).post(CONFIRM).send({ token }).expect(200);
    return submission.email;
  }

  async function entryIdOf(email: string): Promise<string> {
    const entry = await entries().findOne({ email });
    if (!entry) throw new Error(`no entry for ${email}`);
    return String(entry._id);
  }

  /** `count()` once everything the requests started has run and the outbox has nothing due. */
  async function settledCount(count: () => Promise<number>): Promise<number> {
    await backgroundSettled();
    return count();
  }

  beforeAll(async () => {
    mailDev = await startMailDev();
    testApp = await createTestApp({
      env: {
        TRUST_PROXY: 'true',
        RATE_LIMIT_WAITLIST_PER_MINUTE: '1000',
        RATE_LIMIT_PERSONAL_PAGE_PER_MINUTE: '1000',
        RATE_LIMIT_WAITLIST_ALREADY_REGISTERED_PER_HOUR: '5',
        SMTP_URL: mailDev.smtpUrl,
        MAIL_POLL_INTERVAL_MS: '50',
      },
    });
  });

  afterAll(async () => {
    await testApp.close();
    await mailDev.stop();
  }, 90_000);

  it('finding 1: the mail to a new, unconfirmed address carries only the link that confirms it', async () => {
    const email = await joinAndConfirm(1);
    const id = await entryIdOf(email);
    const cookie = await openWith(await requestLink(email));
    const personalLinksBefore = await testApp.connection
      .collection('link_tokens')
      .countDocuments({ subject: id, purpose: 'personal-link' });
    await request(testApp.server)
      .post(EMAIL_CHANGE)
      .set('Cookie', cookie)
      .send({ email: 'typo1@example.com' })
      .expect(202);
    const mail = await mailDev.inbox.waitForMailTo('typo1@example.com');
    expect(mail.text).toMatch(/\/waitlist\/me\?change=[\w-]{43}/);
    expect(mail.text).not.toMatch(/\/waitlist\/me\?token=/);
    expect(mail.html).not.toMatch(/\/waitlist\/me\?token=/);
    // No personal-page token was issued for the unconfirmed address.
    expect(
      await testApp.connection
        .collection('link_tokens')
        .countDocuments({ subject: id, purpose: 'personal-link' }),
    ).toBe(personalLinksBefore);
  }, 90_000);

  it('finding 2: 55 parallel e-mail-change requests send at most the daily limit of mails', async () => {
    const email = await joinAndConfirm(2);
    const id = await entryIdOf(email);
    const cookie = await openWith(await requestLink(email));
    const answers = await Promise.all(
      Array.from({ length: 55 }, (_, i) =>
        request(testApp.server)
          .post(EMAIL_CHANGE)
          .set('Cookie', cookie)
          .send({ email: `bomb2-${i}@example.com` }),
      ),
    );
    const accepted = answers.filter(({ status }) => status === 202).length;
    expect(answers.filter(({ status }) => ![202, 429].includes(status))).toEqual([]);
    expect(accepted).toBe(20);
    // At most one mail per accepted request (a request a later one replaced sends none: only
    // the latest link works), and never more than the daily limit.
    const mails = await settledCount(() =>
      outbox().countDocuments({ about: id, kind: 'email-change-confirmation' }),
    );
    expect(mails).toBeGreaterThanOrEqual(1);
    expect(mails).toBeLessThanOrEqual(20);
  }, 90_000);

  it('finding 2: change mails to one address not on the list are limited, whoever asks', async () => {
    const cookies = await Promise.all(
      [3, 4].map(async (index) => openWith(await requestLink(await joinAndConfirm(index)))),
    );
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        request(testApp.server)
          .post(EMAIL_CHANGE)
          .set('Cookie', cookies[i % 2] ?? '')
          .send({ email: 'victim@example.com' }),
      ),
    );
    expect(answers.filter(({ status }) => status !== 202)).toEqual([]);
    const mails = await settledCount(() =>
      outbox().countDocuments({
        'to.email': 'victim@example.com',
        kind: 'email-change-confirmation',
      }),
    );
    expect(mails).toBeGreaterThanOrEqual(1);
    expect(mails).toBeLessThanOrEqual(3);
  }, 90_000);

  it('finding 2: 40 parallel phone corrections make at most the daily limit of attempts', async () => {
    const email = await joinAndConfirm(5);
    const cookie = await openWith(await requestLink(email));
    // Three numbers on the list among the 40 tried.
    for (const index of [6, 7, 8]) await joinAndConfirm(index);
    const numbers = Array.from({ length: 40 }, (_, i) =>
      i < 3 ? person(6 + i).phoneNumber : `8${String(500_000_000 + i)}`,
    );
    const answers = await Promise.all(
      numbers.map((phoneNumber) =>
        request(testApp.server).patch(ME).set('Cookie', cookie).send({ phoneNumber }),
      ),
    );
    const attempts = answers.filter(({ status }) => status === 200 || status === 409).length;
    expect(attempts).toBe(20);
    expect(answers.filter(({ status }) => status === 429)).toHaveLength(20);
    expect(answers.filter(({ status }) => ![200, 409, 429].includes(status))).toEqual([]);
  }, 90_000);

  it('finding 3: "already registered" answers get 5 an hour per client, then one answer for taken and free details alike (#36)', async () => {
    await joinAndConfirm(9);
    const probes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        request(testApp.server)
          .post(WAITLIST)
          .set('X-Forwarded-For', client(3))
          .send(person(100 + i, { phoneNumber: person(9).phoneNumber })),
      ),
    );
    expect(probes.filter(({ status }) => status === 409)).toHaveLength(5);
    const blind = probes.filter(({ status }) => status === 202);
    expect(blind).toHaveLength(15);
    expect(blind[0]?.body).toMatchObject({ success: true, data: { status: 'check_email' } });
    // A 202 tells nothing: a number not on the list is answered the same (and joined).
    const fresh = await request(testApp.server)
      .post(WAITLIST)
      .set('X-Forwarded-For', client(3))
      .send(person(150))
      .expect(202);
    const masked = (body: unknown) => (body as { data: { email: string } }).data.email;
    expect(fresh.body).toEqual({
      ...(blind[0]?.body as object),
      message: (blind[0]?.body as { message: string }).message.replace(
        masked(blind[0]?.body),
        masked(fresh.body),
      ),
      data: { status: 'check_email', email: masked(fresh.body) },
    });
    expect(await entries().countDocuments({ email: person(150).email })).toBe(1);
    // Another client is not affected.
    await request(testApp.server)
      .post(WAITLIST)
      .set('X-Forwarded-For', client(4))
      .send(person(151))
      .expect(201);
  }, 90_000);

  it('finding 3: honeypot-trapped submissions count against the same budget', async () => {
    const trapped = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        request(testApp.server)
          .post(WAITLIST)
          .set('X-Forwarded-For', client(5))
          .send({ ...person(160 + i), website: 'https://spam.example' }),
      ),
    );
    expect(trapped.filter(({ status }) => status === 201)).toHaveLength(5);
    expect(trapped.filter(({ status }) => status === 202)).toHaveLength(3);
  }, 90_000);

  it('finding 4: after an e-mail switch, links mailed to the old address and their sessions stop working', async () => {
    const email = await joinAndConfirm(10);
    const session = await openWith(await requestLink(email));
    const unused = await requestLink(email);
    await request(testApp.server)
      .post(EMAIL_CHANGE)
      .set('Cookie', session)
      .send({ email: 'moved10@example.com' })
      .expect(202);
    const change = await tokenSent(
      'moved10@example.com',
      'email-change-confirmation',
      'confirmUrl',
    );
    await request(testApp.server).post(EMAIL_CHANGES).send({ token: change }).expect(200);
    await request(testApp.server).get(ME).set('Cookie', session).expect(401);
    await request(testApp.server).post(SESSION).send({ token: unused }).expect(404);
    // The new address gets in with a fresh link.
    const fresh = await openWith(await requestLink('moved10@example.com'));
    const page = await request(testApp.server).get(ME).set('Cookie', fresh).expect(200);
    expect(page.body).toMatchObject({ email: 'moved10@example.com' });
  }, 90_000);

  it('finding 5: an erasure overlapping an e-mail change leaves no personal data behind (8 trials)', async () => {
    for (let trial = 0; trial < 8; trial++) {
      const index = 20 + trial;
      const email = await joinAndConfirm(index);
      const id = await entryIdOf(email);
      const cookie = await openWith(await requestLink(email));
      const newAddress = `late${index}@example.com`;
      const [change, erase] = await Promise.all([
        request(testApp.server)
          .post(EMAIL_CHANGE)
          .set('Cookie', cookie)
          .send({ email: newAddress }),
        request(testApp.server).delete(ME).set('Cookie', cookie),
      ]);
      expect([202, 401]).toContain(change.status);
      expect(erase.status).toBe(200);
      // The change's late steps have run: nothing of it is queued or stored any more.
      await backgroundSettled();
      // Nothing of the change is queued or stored: no message to the new address, no change
      // message about the entry (sent ones keep no recipient or data).
      const left = await outbox()
        .find({
          $or: [{ 'to.email': newAddress }, { about: id, kind: 'email-change-confirmation' }],
        })
        .toArray();
      expect(
        left.filter(({ to }) => to.email === newAddress || to.name === `Creator ${index}`),
      ).toEqual([]);
      expect(await entries().countDocuments({ email })).toBe(0);
    }
  }, 90_000);

  it('finding 6: a bot’s submission never keeps a person’s phone or e-mail, and sending it again never extends its life', async () => {
    const bot = { ...person(40), website: 'https://spam.example' };
    await request(testApp.server)
      .post(WAITLIST)
      .set('X-Forwarded-For', client(6))
      .send(bot)
      .expect(201);
    const answeredAt = new Date();
    const first = await entries().findOne({ phone: person(40).phoneNumber });
    expect(first?.trapped).toBe(true);
    await clockPast(answeredAt); // a second submission's expiry would differ from the first's
    await request(testApp.server)
      .post(WAITLIST)
      .set('X-Forwarded-For', client(6))
      .send(bot)
      .expect(200);
    const again = await entries().findOne({ phone: person(40).phoneNumber });
    expect(again?.confirmationExpiresAt).toEqual(first?.confirmationExpiresAt);

    // The person whose details the bot used joins as if it had never been there.
    await request(testApp.server)
      .post(WAITLIST)
      .set('X-Forwarded-For', client(7))
      .send(person(40))
      .expect(201);
    const mail = await mailDev.inbox.waitForMailTo(person(40).email);
    expect(mail.text).toMatch(/\/waitlist\/confirm\?token=[\w-]{43}/);
    // A bot holding a phone only, or an address only: freed as well.
    await request(testApp.server)
      .post(WAITLIST)
      .set('X-Forwarded-For', client(8))
      .send({ ...person(41), website: 'x' })
      .expect(201);
    await request(testApp.server)
      .post(WAITLIST)
      .set('X-Forwarded-For', client(9))
      .send(person(42, { phoneNumber: person(41).phoneNumber }))
      .expect(201);
    await request(testApp.server)
      .post(WAITLIST)
      .set('X-Forwarded-For', client(9))
      .send(person(43, { email: person(41).email }))
      .expect(201);
    // A person's correction and e-mail change are not blocked by a bot either.
    for (const index of [44, 52]) {
      await request(testApp.server)
        .post(WAITLIST)
        .set('X-Forwarded-For', client(11))
        .send({ ...person(index), website: 'x' })
        .expect(201);
    }
    const cookie = await openWith(await requestLink(await joinAndConfirm(45)));
    await request(testApp.server)
      .patch(ME)
      .set('Cookie', cookie)
      .send({ phoneNumber: person(44).phoneNumber })
      .expect(200);
    await request(testApp.server)
      .post(EMAIL_CHANGE)
      .set('Cookie', cookie)
      .send({ email: person(52).email })
      .expect(202);
    const change = await tokenSent(person(52).email, 'email-change-confirmation', 'confirmUrl');
    await request(testApp.server).post(EMAIL_CHANGES).send({ token: change }).expect(200);
  }, 90_000);

  it('finding 7: a used change link answers a second click only while valid and while the address is still its own', async () => {
    const email = await joinAndConfirm(46);
    const id = await entryIdOf(email);
    const cookie = await openWith(await requestLink(email));
    await request(testApp.server)
      .post(EMAIL_CHANGE)
      .set('Cookie', cookie)
      .send({ email: 'first46@example.com' })
      .expect(202);
    const first = await tokenSent('first46@example.com', 'email-change-confirmation', 'confirmUrl');
    await request(testApp.server).post(EMAIL_CHANGES).send({ token: first }).expect(200);
    const second = await request(testApp.server)
      .post(EMAIL_CHANGES)
      .send({ token: first })
      .expect(200);
    expect(second.body).toMatchObject({ email: 'first46@example.com' });

    // Expired: the second click no longer tells the address.
    const tokens = testApp.connection.collection('link_tokens');
    await tokens.updateMany(
      { subject: id, purpose: 'email-change' },
      { $set: { expiresAt: new Date(Date.now() - 1000) } },
    );
    const expired = await request(testApp.server).post(EMAIL_CHANGES).send({ token: first });
    expect(expired.status).toBe(410);
    expect(JSON.stringify(expired.body)).not.toContain('first46@example.com');

    // Switched again since: the old link tells nothing either.
    const again = await openWith(await requestLink('first46@example.com'));
    await request(testApp.server)
      .post(EMAIL_CHANGE)
      .set('Cookie', again)
      .send({ email: 'second46@example.com' })
      .expect(202);
    const next = await tokenSent('second46@example.com', 'email-change-confirmation', 'confirmUrl');
    await request(testApp.server).post(EMAIL_CHANGES).send({ token: next }).expect(200);
    await tokens.updateMany(
      { subject: id, purpose: 'email-change' },
      { $set: { expiresAt: new Date(Date.now() + 3_600_000) } },
    );
    const stale = await request(testApp.server).post(EMAIL_CHANGES).send({ token: first });
    expect(stale.status).toBe(404);
    expect(JSON.stringify(stale.body)).not.toContain('second46@example.com');
  }, 90_000);

  it('finding 9: an international domain is one address in its Unicode and its punycode spelling', async () => {
    const unicode = await request(testApp.server)
      .post(WAITLIST)
      .set('X-Forwarded-For', client(10))
      .send(person(47, { email: 'x47@bücher.example' }))
      .expect(201);
    expect((unicode.body as { data: unknown }).data).toMatchObject({
      email: 'x•••7@bücher.example',
    });
    expect(await entries().countDocuments({ email: 'x47@xn--bcher-kva.example' })).toBe(1);
    const punycode = await request(testApp.server)
      .post(WAITLIST)
      .set('X-Forwarded-For', client(10))
      .send(person(48, { email: 'X47@xn--bcher-kva.example' }))
      .expect(409);
    expect(punycode.body).toMatchObject({ code: 'EMAIL_ALREADY_REGISTERED' });
    // The other way round, and in the other places an address is typed.
    await request(testApp.server)
      .post(WAITLIST)
      .set('X-Forwarded-For', client(10))
      .send(person(49, { email: 'y49@xn--mnchen-3ya.example' }))
      .expect(201);
    await request(testApp.server)
      .post(WAITLIST)
      .set('X-Forwarded-For', client(10))
      .send(person(50, { email: 'y49@münchen.example' }))
      .expect(409);
    // Stored and sent to the one spelling.
    const delivered = await settledCount(() =>
      outbox().countDocuments({
        'to.email': 'x47@xn--bcher-kva.example',
        kind: 'waitlist-confirmation',
        status: 'sent',
      }),
    );
    expect(delivered).toBe(1);
    const before = await outbox().countDocuments({ kind: 'personal-link' });
    await request(testApp.server).post(LINKS).send({ email: 'x47@BÜCHER.example' }).expect(202);
    const sent = await settledCount(() => outbox().countDocuments({ kind: 'personal-link' }));
    expect(sent).toBe(before + 1);
  }, 90_000);
});
