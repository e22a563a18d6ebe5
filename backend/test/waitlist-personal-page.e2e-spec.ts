import { settled } from './support/settled.js';
import request from 'supertest';
import { SendInvites } from '../src/invites/index.js';
import { EraseWaitlistEntry } from '../src/waitlist/application/erase-waitlist-entry.use-case.js';
import { setCookies } from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { type MailDevServer, startMailDev } from './support/maildev.js';
import { waitlistSubmission } from './support/waitlist-submission.js';

const WAITLIST = '/api/v1/extra/waitlist';
const CONFIRM = `${WAITLIST}/confirmations`;
const LINKS = `${WAITLIST}/personal-links`;
const SESSION = `${WAITLIST}/me/session`;
const ME = `${WAITLIST}/me`;
const DATA = `${WAITLIST}/me/data`;
const EMAIL_CHANGE = `${WAITLIST}/me/email-change`;
const EMAIL_CHANGES = `${WAITLIST}/email-changes`;
const STATS = `${WAITLIST}/stats`;
const ANSWER = {
  success: true,
  message: "If that address is on the list, we've e-mailed you a link.",
};

interface OutboxDocument {
  key: string;
  kind: string;
  status: string;
  to: { email: string; name: string };
  data: Record<string, string>;
}

const person = (index: number) => waitlistSubmission(index);

/**
 * The personal page's API (#13) on the real database, with the real outbox delivering into
 * MailDev: links, the entry session, each right, cross-entry attempts, enumeration, erasure.
 */
describe('my place on the list (personal page, DPDP rights)', () => {
  let testApp: TestApp;
  let mailDev: MailDevServer;

  const outbox = () => testApp.connection.collection<OutboxDocument>('outbox');
  /** Until nothing the requests started is still running and the outbox has nothing due. */
  const backgroundSettled = () => settled(testApp.app);

  /** The token of `variable`'s link in the latest message of `kind` to `email`. */
  async function tokenSent(email: string, kind: string, variable = 'personalUrl'): Promise<string> {
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

  /** Asks for a link and waits for it to be queued. */
  async function requestLink(email: string): Promise<string> {
    const before = await outbox().countDocuments({ 'to.email': email, kind: 'personal-link' });
    await request(testApp.server).post(LINKS).send({ email }).expect(202);
    await backgroundSettled();
    if ((await outbox().countDocuments({ 'to.email': email, kind: 'personal-link' })) > before) {
      return tokenSent(email, 'personal-link');
    }
    throw new Error(`no personal link queued for ${email}`);
  }

  /** Opens the page with a fresh link: answers the session cookie. */
  async function open(email: string): Promise<string> {
    const response = await request(testApp.server)
      .post(SESSION)
      .send({ token: await requestLink(email) })
      .expect(200);
    return sentBackCookie(response);
  }

  async function joinAndConfirm(index: number): Promise<void> {
    await request(testApp.server).post(WAITLIST).send(person(index)).expect(201);
    const token = await tokenSent(person(index).email, 'waitlist-confirmation', 'confirmUrl');
    await request(testApp.server).post(CONFIRM).send({ token }).expect(200);
  }

  /** The session cookie a response sets, as the browser sends it back (`name=value`). */
  function sentBackCookie(response: { headers: Record<string, unknown> }): string {
    return (setCookies(response)[0] ?? '').split(';')[0] ?? '';
  }

  /** The traces of `needles` still stored once the erasure's last steps have run. */
  async function tracesLeft(...needles: string[]): Promise<string[]> {
    await backgroundSettled();
    return tracesOf(...needles);
  }

  /** Every document of every collection, as JSON text, that mentions `needle`. */
  async function tracesOf(...needles: string[]): Promise<string[]> {
    const found: string[] = [];
    const database = testApp.connection.db;
    if (!database) throw new Error('not connected');
    const collections = await database.listCollections().toArray();
    for (const { name } of collections) {
      const documents = await testApp.connection.collection(name).find({}).toArray();
      for (const document of documents) {
        const text = JSON.stringify(document);
        if (needles.some((needle) => text.includes(needle))) found.push(`${name}: ${text}`);
      }
    }
    return found;
  }

  beforeAll(async () => {
    mailDev = await startMailDev();
    testApp = await createTestApp({
      env: {
        RATE_LIMIT_WAITLIST_PER_MINUTE: '1000',
        RATE_LIMIT_PERSONAL_PAGE_PER_MINUTE: '1000',
        SMTP_URL: mailDev.smtpUrl,
        MAIL_POLL_INTERVAL_MS: '50',
      },
    });
    await joinAndConfirm(1);
    await joinAndConfirm(2);
  });

  afterAll(async () => {
    await testApp.close();
    await mailDev.stop();
  });

  it('every e-mail carries a link to the person’s own page (the confirmation e-mail too)', async () => {
    const mail = await mailDev.inbox.waitForMailTo(person(1).email);
    expect(mail.text).toMatch(/\/waitlist\/me\?token=[\w-]{43}/);
  });

  it('202: the link request answers the same, in the same way, for a known and an unknown address', async () => {
    const known = await request(testApp.server)
      .post(LINKS)
      .send({ email: person(1).email });
    const unknown = await request(testApp.server).post(LINKS).send({ email: 'nobody@example.com' });
    expect([known.status, unknown.status]).toEqual([202, 202]);
    expect(known.body).toEqual(ANSWER);
    expect(unknown.body).toEqual(ANSWER);
    expect(Object.keys(known.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
    await backgroundSettled();
    expect(await outbox().countDocuments({ 'to.email': 'nobody@example.com' })).toBe(0);
  });

  it('400: the address is validated with the form’s message; 403 from a foreign origin', async () => {
    const response = await request(testApp.server).post(LINKS).send({ email: 'not-an-address' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { email: expect.any(String) as string },
    });
    await request(testApp.server)
      .post(LINKS)
      .set('Origin', 'https://evil.example')
      .send({ email: person(1).email })
      .expect(403);
  });

  it('at most 5 links a day per address, however many are asked for (the answer never changes)', async () => {
    await joinAndConfirm(9);
    for (let i = 0; i < 7; i++) {
      await request(testApp.server)
        .post(LINKS)
        .send({ email: person(9).email })
        .expect(202);
      await backgroundSettled(); // each one queued before the next: the limit, not the key, counts
    }
    expect(
      await outbox().countDocuments({ 'to.email': person(9).email, kind: 'personal-link' }),
    ).toBe(5);
  });

  it('opens the page once per link: an httpOnly, SameSite=Strict cookie on the page’s API path', async () => {
    const token = await requestLink(person(1).email);
    const response = await request(testApp.server).post(SESSION).send({ token }).expect(200);
    const cookie = setCookies(response)[0] ?? '';
    expect(cookie).toMatch(/^paylock_entry_session=[\w-]{43};/);
    expect(cookie).toContain('Path=/api/v1/extra/waitlist/me');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toMatchObject({
      fullName: 'Creator 1',
      email: person(1).email,
      phoneNumber: person(1).phoneNumber,
      instagramHandle: 'creator_1',
      userType: 'influencer',
      status: 'confirmed',
      seat: 1,
      earlyAccess: true,
      consent: { privacyNoticeVersion: expect.any(String) as string },
      grievanceEmail: 'privacy@paylock.in',
    });

    const reused = await request(testApp.server).post(SESSION).send({ token }).expect(409);
    expect(reused.body).toMatchObject({ code: 'PERSONAL_LINK_USED' });
  });

  it('404 for a tampered or unknown link, 410 for an expired one, 400 for a malformed one', async () => {
    const token = await requestLink(person(2).email);
    const tampered = `${token.slice(0, 42)}${token.endsWith('A') ? 'B' : 'A'}`;
    const notFound = await request(testApp.server).post(SESSION).send({ token: tampered });
    expect(notFound.status).toBe(404);
    expect(notFound.body).toMatchObject({ code: 'PERSONAL_LINK_NOT_FOUND' });
    // A confirmation link is not a personal link (single purpose).
    const confirmation = await tokenSent(person(2).email, 'waitlist-confirmation', 'confirmUrl');
    await request(testApp.server).post(SESSION).send({ token: confirmation }).expect(404);
    await request(testApp.server).post(SESSION).send({ token: 'short' }).expect(400);
    await request(testApp.server)
      .post(SESSION)
      .send({ token: { $ne: '' } })
      .expect(400);

    await testApp.connection
      .collection('link_tokens')
      .updateMany(
        { purpose: 'personal-link' },
        { $set: { expiresAt: new Date(Date.now() - 1000) } },
      );
    const expired = await request(testApp.server).post(SESSION).send({ token }).expect(410);
    expect(expired.body).toMatchObject({ code: 'PERSONAL_LINK_EXPIRED' });
  });

  it('400 for a correction without a body; {} corrects nothing', async () => {
    const a = await open(person(2).email);
    const missing = await request(testApp.server).patch(ME).set('Cookie', a).expect(400);
    expect(missing.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    await request(testApp.server).patch(ME).set('Cookie', a).send({}).expect(200);
  });

  it('401 without a session, with a forged cookie, or with a cookie sent elsewhere', async () => {
    const none = await request(testApp.server).get(ME).expect(401);
    expect(none.body).toMatchObject({ code: 'PERSONAL_SESSION_REQUIRED' });
    await request(testApp.server)
      .get(ME)
      .set('Cookie', `paylock_entry_session=${'A'.repeat(43)}`)
      .expect(401);
    await request(testApp.server).get(ME).set('Cookie', 'paylock_entry_session=x').expect(401);
  });

  it('one entry’s session reads and changes only that entry', async () => {
    const a = await open(person(1).email);
    const b = await open(person(2).email);
    const pageA = await request(testApp.server).get(ME).set('Cookie', a).expect(200);
    const pageB = await request(testApp.server).get(ME).set('Cookie', b).expect(200);
    expect(pageA.body).toMatchObject({ email: person(1).email });
    expect(pageB.body).toMatchObject({ email: person(2).email });
    // No operation names an entry: nothing to point at B with A's session.
    await request(testApp.server)
      .patch(ME)
      .set('Cookie', a)
      .send({ fullName: 'Asha Rao', id: 'x' })
      .expect(400);
    await request(testApp.server)
      .patch(ME)
      .set('Cookie', a)
      .send({ fullName: 'Asha Rao' })
      .expect(200);
    const bAfter = await request(testApp.server).get(ME).set('Cookie', b).expect(200);
    expect(bAfter.body).toMatchObject({ fullName: 'Creator 2' });
  });

  it('corrects with the form’s rules and messages; the history names the fields, never old values', async () => {
    const a = await open(person(1).email);
    const invalid = await request(testApp.server)
      .patch(ME)
      .set('Cookie', a)
      .send({ fullName: 'A', instagramHandle: 'no spaces allowed', userType: 'alien' })
      .expect(400);
    expect(invalid.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: {
        fullName: 'Full name must be at least 2 characters',
        instagramHandle: expect.any(String) as string,
        userType: 'Please select your user type',
      },
    });
    const taken = await request(testApp.server)
      .patch(ME)
      .set('Cookie', a)
      .send({ phoneNumber: person(2).phoneNumber })
      .expect(409);
    expect(taken.body).toMatchObject({
      code: 'PHONE_ALREADY_REGISTERED',
      message: 'This phone number is already registered!',
    });
    const corrected = await request(testApp.server)
      .patch(ME)
      .set('Cookie', a)
      .send({ instagramHandle: '@asha.creates', userType: 'brand', phoneNumber: '91234 56789' })
      .expect(200);
    expect(corrected.body).toMatchObject({
      instagramHandle: 'asha.creates',
      userType: 'brand',
      phoneNumber: '9123456789',
    });
    const stored = await testApp.connection
      .collection('waitlist_entries')
      .findOne({ email: person(1).email });
    const last = (stored?.history as { event: string; fields?: string[] }[]).at(-1);
    expect(last).toMatchObject({ event: 'corrected' });
    expect(last?.fields?.sort()).toEqual(['instagramHandle', 'phoneNumber', 'userType']);
    expect(JSON.stringify(stored?.history)).not.toContain(person(1).phoneNumber);
    expect(JSON.stringify(stored?.history)).not.toContain('creator_1');
  });

  it('changes the e-mail only once the new address confirms; a taken address gets the same answer and no mail', async () => {
    const b = await open(person(2).email);
    const taken = await request(testApp.server)
      .post(EMAIL_CHANGE)
      .set('Cookie', b)
      .send({ email: person(9).email })
      .expect(202);
    const free = await request(testApp.server)
      .post(EMAIL_CHANGE)
      .set('Cookie', b)
      .send({ email: 'new.creator2@example.com' })
      .expect(202);
    expect(taken.body).toEqual(free.body);
    await backgroundSettled();
    expect(
      await outbox().countDocuments({
        'to.email': person(9).email,
        kind: 'email-change-confirmation',
      }),
    ).toBe(0);
    const before = await request(testApp.server).get(ME).set('Cookie', b).expect(200);
    expect(before.body).toMatchObject({
      email: person(2).email,
      pendingEmail: 'new.creator2@example.com',
    });
    const token = await tokenSent(
      'new.creator2@example.com',
      'email-change-confirmation',
      'confirmUrl',
    );
    const confirmed = await request(testApp.server).post(EMAIL_CHANGES).send({ token }).expect(200);
    expect(confirmed.body).toMatchObject({ email: 'new.creator2@example.com' });
    await request(testApp.server).post(EMAIL_CHANGES).send({ token }).expect(200);
    // The switch ends every session of the entry (#28): the new address asks for a fresh link.
    await request(testApp.server).get(ME).set('Cookie', b).expect(401);
    const moved = await open('new.creator2@example.com');
    const after = await request(testApp.server).get(ME).set('Cookie', moved).expect(200);
    expect(after.body).toMatchObject({ email: 'new.creator2@example.com', pendingEmail: null });
    // Its own address: the same answer, and nothing to send.
    const own = await request(testApp.server)
      .post(EMAIL_CHANGE)
      .set('Cookie', moved)
      .send({ email: 'new.creator2@example.com' })
      .expect(202);
    expect(own.body).toEqual(free.body);
  });

  it('downloads everything held about the entry as a JSON attachment', async () => {
    const a = await open(person(1).email);
    const response = await request(testApp.server).get(DATA).set('Cookie', a).expect(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="paylock-waitlist-my-data.json"',
    );
    expect(response.body).toMatchObject({
      source: 'Paylock waitlist',
      entry: { email: person(1).email, fullName: 'Asha Rao', seat: 1 },
      history: expect.arrayContaining([
        expect.objectContaining({ event: 'joined' }),
        expect.objectContaining({ event: 'confirmed' }),
      ]) as unknown[],
    });
  });

  it('"Done" ends the session on the server: the same cookie is refused afterwards', async () => {
    await joinAndConfirm(5);
    const a = await open(person(5).email);
    const done = await request(testApp.server).delete(SESSION).set('Cookie', a).expect(204);
    expect(setCookies(done)[0]).toMatch(/^paylock_entry_session=;/);
    await request(testApp.server).get(ME).set('Cookie', a).expect(401);
  });

  it('erases at once: no trace of the person anywhere, the seat stays, and the same person can join again', async () => {
    await joinAndConfirm(3);
    const { email, phoneNumber } = person(3);
    const cookie = await open(email);
    const remainingBefore = (await request(testApp.server).get(STATS).expect(200)).body as object;
    await request(testApp.server)
      .delete(ME)
      .set('Origin', 'https://evil.example')
      .set('Cookie', cookie)
      .expect(403);

    const erased = await request(testApp.server).delete(ME).set('Cookie', cookie).expect(200);
    expect(erased.body).toMatchObject({ success: true });
    await request(testApp.server).get(ME).set('Cookie', cookie).expect(401);
    await request(testApp.server).delete(ME).set('Cookie', cookie).expect(401);

    const [confirmation] = await mailDev.inbox
      .waitFor((mails) => mails.some((mail) => mail.subject.includes('erased')), {
        what: 'the erasure confirmation',
      })
      .then((mails) => mails.filter((mail) => mail.subject.includes('erased')));
    expect(confirmation?.to[0]?.address).toBe(email);

    expect(await tracesLeft(email, phoneNumber, 'Creator 3', 'creator_3')).toEqual([]);
    const seat = await testApp.connection.collection('waitlist_seats').findOne({ _id: 5 as never });
    expect(seat).toMatchObject({ _id: 5, claimedAt: expect.any(Date) as Date });
    expect((await request(testApp.server).get(STATS).expect(200)).body).toEqual(remainingBefore);

    await request(testApp.server).post(WAITLIST).send(person(3)).expect(201);
  });

  it('finishes an erasure a crash cut short (a rerun does the remaining steps; repeating is harmless)', async () => {
    await joinAndConfirm(4);
    const { email, phoneNumber } = person(4);
    const cookie = await open(email);
    // The crash: the erasure was marked, and nothing more happened.
    await testApp.connection
      .collection('waitlist_entries')
      .updateOne({ email }, { $set: { erasureRequestedAt: new Date() } });
    await request(testApp.server).get(ME).set('Cookie', cookie).expect(401);

    const erasure = testApp.app.get(EraseWaitlistEntry);
    expect(await erasure.finishInterrupted()).toBe(1);
    expect(await erasure.finishInterrupted()).toBe(0);
    await mailDev.inbox.waitFor(
      (mails) =>
        mails.some(
          (mail) => mail.to.some((to) => to.address === email) && mail.subject.includes('erased'),
        ),
      { what: 'the erasure confirmation' },
    );
    expect(await tracesLeft(email, phoneNumber)).toEqual([]);
  });

  it('an invited entry: the invite e-mail opens the person’s page; erasing it leaves no trace of the invite', async () => {
    await joinAndConfirm(6);
    const { email, phoneNumber } = person(6);
    const stored = await testApp.connection.collection('waitlist_entries').findOne({ email });
    const entryId = String(stored?._id);
    const invites = testApp.app.get(SendInvites);
    await expect(
      invites.execute({ kind: 'selected', entryIds: [entryId] }, 'admin-e2e'),
    ).resolves.toMatchObject({ invited: 1, skipped: [] });
    await invites.whenMarked();

    // The invite e-mail, as delivered: its link to the person's own page works.
    const invite = await mailDev.inbox.waitForMailTo(email, {
      subject: 'Your Paylock early access is ready',
    });
    expect(invite.text).toMatch(/\/register\?invite=[\w-]{43}/);
    const token = /\/waitlist\/me\?token=([\w-]{43})/.exec(invite.text ?? '')?.[1] ?? '';
    const opened = await request(testApp.server).post(SESSION).send({ token }).expect(200);
    expect(opened.body).toMatchObject({ email, status: 'invited' });
    const cookie = sentBackCookie(opened);

    await request(testApp.server).delete(ME).set('Cookie', cookie).expect(200);
    expect(await tracesLeft(email, phoneNumber, 'Creator 6', 'creator_6')).toEqual([]);
    // The invite stays for its wave's funnel only: no entry, no code, no address.
    const kept = await testApp.connection.collection('invites').find().toArray();
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ email: '', name: '', erasedAt: expect.any(Date) as Date });
    expect(JSON.stringify(kept)).not.toContain(entryId);
    const claims = await testApp.connection.collection('invite_claims').find().toArray();
    expect(JSON.stringify(claims)).not.toContain(entryId);
  });
});
