import { settled } from './support/settled.js';
import request from 'supertest';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { RecordingOutbox } from './support/waitlist-fakes.js';
import { waitlistSubmission } from './support/waitlist-submission.js';

const WAITLIST = '/api/v1/extra/waitlist';
const CONFIRM = '/api/v1/extra/waitlist/confirmations';
const RESEND = '/api/v1/extra/waitlist/confirmation-emails';
const STATS = '/api/v1/extra/waitlist/stats';

interface ConfirmedBody {
  success: boolean;
  message: string;
  data: { seat: number; earlyAccess: boolean; alreadyConfirmed: boolean };
}

const person = (index: number) => waitlistSubmission(index);

describe('confirming a place on the waitlist', () => {
  let testApp: TestApp;
  const outbox = new RecordingOutbox();

  const join = (index: number) => request(testApp.server).post(WAITLIST).send(person(index));
  const confirm = (token: unknown) => request(testApp.server).post(CONFIRM).send({ token });
  const tokenOf = (index: number) => outbox.tokenSentTo(person(index).email);
  const remaining = async () =>
    ((await request(testApp.server).get(STATS).expect(200)).body as { remainingSlots: number })
      .remainingSlots;

  beforeAll(async () => {
    testApp = await createTestApp({ env: { RATE_LIMIT_WAITLIST_PER_MINUTE: '1000' }, outbox });
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('200: the link claims the next seat, in the order of confirmation, and the count goes down', async () => {
    await join(1).expect(201);
    await join(2).expect(201);
    expect(await remaining()).toBe(1000);

    const second = await confirm(tokenOf(2)).expect(200);
    expect(second.body).toEqual({
      success: true,
      message:
        "Your place is confirmed: early-access slot 1 of 1,000. We'll reach out with updates soon!",
      data: { seat: 1, earlyAccess: true, alreadyConfirmed: false },
    });
    expect(await remaining()).toBe(999);
    await confirm(tokenOf(1)).expect(200);
    expect(await remaining()).toBe(998);

    const stored = await testApp.connection
      .collection('waitlist_entries')
      .findOne({ phone: person(2).phoneNumber });
    expect(stored).toMatchObject({ status: 'confirmed', seat: 1 });
    expect(stored?.confirmedAt).toBeInstanceOf(Date);
  });

  it('200: opening the link again answers the same seat and e-mails nothing', async () => {
    const sent = outbox.messages.length;
    const again = await confirm(tokenOf(2)).expect(200);
    expect((again.body as ConfirmedBody).data).toEqual({
      seat: 1,
      earlyAccess: true,
      alreadyConfirmed: true,
    });
    expect(outbox.messages).toHaveLength(sent);
    expect(await remaining()).toBe(998);
  });

  it('gives two entries confirmed at once two seats, and one entry confirmed twice at once one', async () => {
    await join(3).expect(201);
    await join(4).expect(201);
    const answers = await Promise.all([
      confirm(tokenOf(3)),
      confirm(tokenOf(4)),
      confirm(tokenOf(3)),
      confirm(tokenOf(4)),
    ]);
    const seats = answers.map(({ status, body }) => {
      expect(status).toBe(200);
      return (body as ConfirmedBody).data.seat;
    });
    expect(seats[0]).toBe(seats[2]);
    expect(seats[1]).toBe(seats[3]);
    expect(new Set(seats)).toEqual(new Set([3, 4]));
  });

  it('409 for the phone once confirmed, even with the same e-mail', async () => {
    const response = await join(1).expect(409);
    expect(response.body).toMatchObject({ code: 'PHONE_ALREADY_REGISTERED' });
  });

  it.each([
    ['a truncated token', (token: string) => token.slice(0, 30)],
    ['a token with a character too many', (token: string) => `${token}A`],
    ['a token with characters outside base64url', (token: string) => `${token.slice(0, 42)}=`],
    ['an empty token', () => ''],
    ['a number', () => 42],
    ['null', () => null],
    ['an object', () => ({ $ne: '' })],
  ])('400 VALIDATION_FAILED: %s', async (_case, mangle) => {
    const response = await confirm(mangle(tokenOf(1))).expect(400);
    expect(response.body).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      errors: { token: expect.stringContaining('incomplete') as string },
    });
  });

  it('400 VALIDATION_FAILED: no token at all, or an unknown field', async () => {
    await request(testApp.server).post(CONFIRM).send({}).expect(400);
    await request(testApp.server)
      .post(CONFIRM)
      .send({ token: tokenOf(1), purpose: 'x' })
      .expect(400);
  });

  it('404 CONFIRMATION_LINK_NOT_FOUND: a tampered or never-issued token', async () => {
    await join(5).expect(201);
    const token = tokenOf(5);
    const tampered = `${token.slice(0, 42)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const unknown of [tampered, 'A'.repeat(43)]) {
      const response = await confirm(unknown).expect(404);
      expect(response.body).toEqual({
        statusCode: 404,
        code: 'CONFIRMATION_LINK_NOT_FOUND',
        message: 'This confirmation link is not valid. Ask for a new one below.',
        requestId: response.headers['x-request-id'],
      });
    }
  });

  it('410 CONFIRMATION_LINK_EXPIRED: a link past its 72 hours', async () => {
    await testApp.connection
      .collection('link_tokens')
      .updateMany(
        { subject: { $exists: true } },
        { $set: { expiresAt: new Date(Date.now() - 1000) } },
      );
    const response = await confirm(tokenOf(5)).expect(410);
    expect(response.body).toMatchObject({
      code: 'CONFIRMATION_LINK_EXPIRED',
      message: 'This confirmation link has expired. Ask for a new one below.',
    });
    // A confirmed place still answers its seat from an old link.
    await confirm(tokenOf(2)).expect(200);
  });

  describe('asking for a new link', () => {
    const resend = (body: object) => request(testApp.server).post(RESEND).send(body);

    it('202: e-mails a new, working link when e-mail and phone match an unconfirmed entry', async () => {
      const sent = outbox.messages.length;
      const response = await resend({
        email: person(5).email.toUpperCase(),
        phoneNumber: person(5).phoneNumber,
      }).expect(202);
      expect(response.body).toEqual({
        success: true,
        message:
          "If a place awaiting confirmation matches this e-mail address and phone number, we've e-mailed it a new confirmation link. It works for 72 hours.",
      });
      await settled(testApp.app);
      expect(outbox.messages.length).toBeGreaterThan(sent);
      await confirm(tokenOf(5)).expect(200);
    });

    it('202 with the same body for an unknown phone, another e-mail, or a confirmed place, e-mailing nothing', async () => {
      const sent = outbox.messages.length;
      const known = await resend({ email: person(1).email, phoneNumber: person(1).phoneNumber });
      for (const body of [
        { email: 'nobody@example.com', phoneNumber: '9999999999' },
        { email: 'nobody@example.com', phoneNumber: person(1).phoneNumber },
      ]) {
        const response = await resend(body).expect(202);
        expect(response.body).toEqual(known.body);
      }
      await settled(testApp.app);
      expect(outbox.messages).toHaveLength(sent);
    });

    it('stops e-mailing after 3 times a day', async () => {
      await join(6).expect(201);
      for (let attempt = 1; attempt <= 5; attempt++) {
        await resend({ email: person(6).email, phoneNumber: person(6).phoneNumber }).expect(202);
        await settled(testApp.app); // each one queued before the next is asked for
      }
      expect(outbox.messages.filter(({ to }) => to.email === person(6).email)).toHaveLength(4);
    });

    it('400: invalid fields with their messages', async () => {
      const response = await resend({ email: 'asha', phoneNumber: '123' }).expect(400);
      expect((response.body as { errors: object }).errors).toEqual({
        email: 'Please enter a valid email address',
        phoneNumber: 'Please enter a valid 10-digit phone number',
      });
    });
  });
});

describe('confirming after the 1,000 early-access slots', () => {
  let testApp: TestApp;
  const outbox = new RecordingOutbox();

  beforeAll(async () => {
    testApp = await createTestApp({ outbox });
    // Entries stored before confirmations existed: a seat each, no status.
    await testApp.connection.collection('waitlist_entries').insertMany(
      Array.from({ length: 1000 }, (_, i) => ({
        ...person(i + 1),
        phone: person(i + 1).phoneNumber,
        seat: i + 1,
      })),
    );
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('counts the earlier entries as confirmed, and tells the next one honestly it is beyond them', async () => {
    expect((await request(testApp.server).get(STATS).expect(200)).body).toEqual({
      totalSlots: 1000,
      takenSlots: 1000,
      remainingSlots: 0,
    });
    await request(testApp.server).post(WAITLIST).send(person(5000)).expect(201);
    const response = await request(testApp.server)
      .post(CONFIRM)
      .send({ token: outbox.tokenSentTo(person(5000).email) })
      .expect(200);
    expect(response.body).toEqual({
      success: true,
      message:
        "Your place is confirmed: number 1,001 on the waitlist, after the 1,000 early-access slots. We'll reach out with updates soon!",
      data: { seat: 1001, earlyAccess: false, alreadyConfirmed: false },
    });
  });
});
