import request from 'supertest';
import { Clock } from '../src/common/application/clock.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { FakeClock } from './support/fake-clock.js';
import { RecordingOutbox } from './support/waitlist-fakes.js';
import { waitlistSubmission } from './support/waitlist-submission.js';

const WAITLIST = '/api/v1/extra/waitlist';
const STATS = '/api/v1/extra/waitlist/stats';

interface JoinedBody {
  success: boolean;
  message: string;
  data: {
    id: string;
    status: string;
    email: string;
    confirmationEmail: string;
    linkExpiresAt: string;
    linkValidForHours: number;
  };
}

const person = (index: number) => waitlistSubmission(index);
const JOINED_TEXT = "You've successfully joined our waitlist. We'll reach out with updates soon!";

function entriesOf(testApp: TestApp) {
  return testApp.connection.collection('waitlist_entries');
}

describe('the waitlist API', () => {
  let testApp: TestApp;
  const outbox = new RecordingOutbox();

  beforeAll(async () => {
    testApp = await createTestApp({ env: { RATE_LIMIT_WAITLIST_PER_MINUTE: '1000' }, outbox });
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('201: stores the normalised entry awaiting confirmation, without a seat, and e-mails its link', async () => {
    const before = Date.now();
    const response = await request(testApp.server)
      .post(WAITLIST)
      .send({
        fullName: '  Asha Rao ',
        email: ' Asha.Rao@Example.COM ',
        phoneNumber: '98765 43210',
        instagramHandle: ' @asha.creates ',
        userType: 'influencer',
        privacyNoticeVersion: '2026-11-23',
      })
      .expect(201);

    const body = response.body as JoinedBody;
    expect(body.data.id).toMatch(/^[0-9a-f]{24}$/);
    expect(body).toEqual({
      success: true,
      message: `${JOINED_TEXT} Confirm your place with the link we've e-mailed to a•••o@example.com: it works for 72 hours.`,
      data: {
        id: body.data.id,
        status: 'awaiting_confirmation',
        email: 'a•••o@example.com',
        confirmationEmail: 'sent',
        linkExpiresAt: body.data.linkExpiresAt,
        linkValidForHours: 72,
      },
    });
    const expiresIn = Date.parse(body.data.linkExpiresAt) - before;
    expect(expiresIn).toBeGreaterThanOrEqual(72 * 3_600_000);
    expect(expiresIn).toBeLessThan(72 * 3_600_000 + 60_000);
    const stored = await entriesOf(testApp).findOne({ phone: '9876543210' });
    expect(stored).toMatchObject({
      fullName: 'Asha Rao',
      email: 'asha.rao@example.com',
      phoneE164: '+919876543210',
      instagramHandle: 'asha.creates',
      userType: 'influencer',
      privacyNoticeVersion: '2026-11-23',
      status: 'awaiting_confirmation',
      trapped: false,
    });
    expect(stored).not.toHaveProperty('seat');
    expect(stored?._id.toHexString()).toBe(body.data.id);
    expect(outbox.messages.at(-1)).toMatchObject({
      key: `waitlist-confirmation:${body.data.id}:1`,
      kind: 'waitlist-confirmation',
      to: { email: 'asha.rao@example.com', name: 'Asha Rao' },
      data: { expiresInHours: '72' },
    });
    expect(outbox.messages.at(-1)?.data.confirmUrl).toMatch(
      /^http:\/\/localhost:5173\/waitlist\/confirm\?token=[\w-]{43}$/,
    );
  });

  it('unconfirmed entries hold no slot: the live count is unchanged', async () => {
    const response = await request(testApp.server).get(STATS).expect(200);
    expect(response.body).toEqual({ totalSlots: 1000, takenSlots: 0, remainingSlots: 1000 });
  });

  it('400: answers each invalid field with its message, and stores nothing', async () => {
    const response = await request(testApp.server)
      .post(WAITLIST)
      .send({
        fullName: 'A',
        email: 'asha@example',
        phoneNumber: '5876543210',
        instagramHandle: 'asha rao',
        userType: 'creator',
        privacyNoticeVersion: '2025-01-01',
      })
      .expect(400);

    expect(response.body).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'Validation failed',
      errors: {
        fullName: 'Full name must be at least 2 characters',
        email: 'Please enter a valid email address',
        phoneNumber: 'Please enter a valid 10-digit phone number',
        instagramHandle:
          'Instagram handle can only contain letters, numbers, periods and underscores',
        userType: 'Please select your user type',
        privacyNoticeVersion: 'Please reload the page and try again',
      },
      requestId: response.headers['x-request-id'],
    });
    expect(await entriesOf(testApp).countDocuments()).toBe(1);
  });

  it('400: answers an empty form with every "required" message', async () => {
    const response = await request(testApp.server).post(WAITLIST).send({}).expect(400);
    expect((response.body as { errors: object }).errors).toEqual({
      fullName: 'Full name is required',
      email: 'Email is required',
      phoneNumber: 'Phone number is required',
      instagramHandle: 'Instagram handle is required',
      userType: 'Please select your user type',
    });
  });

  it.each([
    ['a zero-width space in the e-mail', { email: 'asha\u200b@example.com' }, 'email'],
    ['a NUL in the e-mail', { email: 'asha\u0000@example.com' }, 'email'],
    ['a soft hyphen in the e-mail', { email: 'asha@exam\u00adple.com' }, 'email'],
    ['a bidi override in the e-mail', { email: '\u202easha@example.com' }, 'email'],
    ['a zero-width joiner in the name', { fullName: 'Asha\u200dRao' }, 'fullName'],
    ['a line break in the name', { fullName: 'Asha\r\nBcc: x@example.com' }, 'fullName'],
    ['a bidi isolate in the name', { fullName: 'Asha \u2067Rao\u2069' }, 'fullName'],
    ['a zero-width space in the handle', { instagramHandle: 'asha\u200b' }, 'instagramHandle'],
  ])('400: refuses %s, storing nothing', async (_case, fields, field) => {
    const response = await request(testApp.server)
      .post(WAITLIST)
      .send({ ...person(50), ...fields })
      .expect(400);
    expect(Object.keys((response.body as { errors: object }).errors)).toEqual([field]);
    expect(await entriesOf(testApp).findOne({ phone: person(50).phoneNumber })).toBeNull();
  });

  it('409 PHONE_ALREADY_REGISTERED: the same phone number with another e-mail, however spaced', async () => {
    const response = await request(testApp.server)
      .post(WAITLIST)
      .send({ ...person(3), phoneNumber: ' 98765  43 210 ' })
      .expect(409);
    expect(response.body).toEqual({
      statusCode: 409,
      code: 'PHONE_ALREADY_REGISTERED',
      message: 'This phone number is already registered!',
      requestId: response.headers['x-request-id'],
    });
  });

  it('409 EMAIL_ALREADY_REGISTERED: the same e-mail address, whatever its case or width', async () => {
    for (const email of ['ASHA.RAO@example.com', 'ａｓｈａ.ｒａｏ@ｅｘａｍｐｌｅ.ｃｏｍ']) {
      const response = await request(testApp.server)
        .post(WAITLIST)
        .send({ ...person(3), email })
        .expect(409);
      expect(response.body).toMatchObject({ code: 'EMAIL_ALREADY_REGISTERED' });
    }
    expect(await entriesOf(testApp).countDocuments()).toBe(1);
  });

  it('200: the same phone and e-mail, still unconfirmed, e-mail the link again, 3 times a day', async () => {
    await request(testApp.server).post(WAITLIST).send(person(4)).expect(201);
    const outcomes: string[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      const response = await request(testApp.server)
        .post(WAITLIST)
        .send({ ...person(4), email: ' CREATOR4@example.com ', phoneNumber: '9000 000 004' })
        .expect(200);
      outcomes.push((response.body as JoinedBody).data.confirmationEmail);
      if (attempt === 1) {
        expect((response.body as JoinedBody).message).toBe(
          `${JOINED_TEXT} We've e-mailed your confirmation link again to c•••4@example.com: it works for 72 hours.`,
        );
      }
    }
    expect(outcomes).toEqual(['sent_again', 'sent_again', 'sent_again', 'not_sent_again']);
    expect(outbox.messages.filter(({ to }) => to.email === 'creator4@example.com')).toHaveLength(4);
    expect(await entriesOf(testApp).countDocuments({ phone: '9000000004' })).toBe(1);
  });

  describe('honeypot: a filled `website` is answered exactly as a person is', () => {
    const bot = (index: number, overrides: object = {}) => ({
      ...person(index),
      website: 'https://cheap-followers.example',
      ...overrides,
    });
    const shapeOf = (body: JoinedBody) => ({
      ...body,
      message: body.message.replace(/to \S+@example\.com/, 'to …'),
      data: { ...body.data, id: '…', email: '…', linkExpiresAt: '…' },
    });

    it('201 with the body a person gets, and nothing e-mailed', async () => {
      const sent = outbox.messages.length;
      const human = await request(testApp.server).post(WAITLIST).send(person(5)).expect(201);
      const trapped = await request(testApp.server).post(WAITLIST).send(bot(6)).expect(201);
      expect(shapeOf(trapped.body as JoinedBody)).toEqual(shapeOf(human.body as JoinedBody));
      expect(outbox.messages.slice(sent).map(({ to }) => to.email)).toEqual([
        'creator5@example.com',
      ]);
    });

    it('200 "sent again" for the same body twice, as a person gets, not a new entry', async () => {
      const human = await request(testApp.server).post(WAITLIST).send(person(5)).expect(200);
      const trapped = await request(testApp.server).post(WAITLIST).send(bot(6)).expect(200);
      expect(shapeOf(trapped.body as JoinedBody)).toEqual(shapeOf(human.body as JoinedBody));
      expect((trapped.body as JoinedBody).data.confirmationEmail).toBe('sent_again');
    });

    it("409 for a person's phone, with the body a person gets", async () => {
      const human = await request(testApp.server)
        .post(WAITLIST)
        .send({ ...person(7), phoneNumber: person(5).phoneNumber })
        .expect(409);
      const trapped = await request(testApp.server)
        .post(WAITLIST)
        .send(bot(8, { phoneNumber: person(5).phoneNumber }))
        .expect(409);
      expect({ ...(trapped.body as object), requestId: '…' }).toEqual({
        ...(human.body as object),
        requestId: '…',
      });
    });

    it('a trapped entry can never be confirmed, and is flagged for the back office', async () => {
      const stored = await entriesOf(testApp).findOne({ phone: person(6).phoneNumber });
      expect(stored).toMatchObject({ status: 'awaiting_confirmation', trapped: true });
    });
  });
});

describe('the waitlist rate limit', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({
      env: { RATE_LIMIT_WAITLIST_PER_MINUTE: '3' },
      outbox: new RecordingOutbox(),
      // A clock standing still: the four submissions fall in one minute's window, however slow.
      configure: (builder) => builder.overrideProvider(Clock).useValue(new FakeClock(new Date())),
    });
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('429 RATE_LIMITED: the fourth submission from one client within a minute', async () => {
    for (let index = 1; index <= 3; index++) {
      await request(testApp.server).post(WAITLIST).send(person(index)).expect(201);
    }
    const response = await request(testApp.server).post(WAITLIST).send(person(4)).expect(429);
    expect(response.body).toMatchObject({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: 'Too many requests. Please wait a minute and try again.',
    });
    expect(await entriesOf(testApp).countDocuments()).toBe(3);
  });
});
