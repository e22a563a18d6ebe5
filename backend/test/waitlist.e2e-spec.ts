import request from 'supertest';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { waitlistSubmission } from './support/waitlist-submission.js';

const WAITLIST = '/api/v1/extra/waitlist';
const STATS = '/api/v1/extra/waitlist/stats';

interface JoinedBody {
  success: boolean;
  message: string;
  data: { id: string; seat: number; earlyAccess: boolean };
}

const person = (index: number) => waitlistSubmission(index);

function entriesOf(testApp: TestApp) {
  return testApp.connection.collection('waitlist_entries');
}

describe('the waitlist API', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ env: { RATE_LIMIT_WAITLIST_PER_MINUTE: '1000' } });
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('201: stores the normalised entry with its consent and gives the first early-access seat', async () => {
    const response = await request(testApp.server)
      .post(WAITLIST)
      .send({
        fullName: '  Asha Rao ',
        email: ' Asha.Rao@Example.COM ',
        phoneNumber: '98765 43210',
        instagramHandle: ' @asha.creates ',
        userType: 'influencer',
        privacyNoticeVersion: '2026-11-01',
      })
      .expect(201);

    const body = response.body as JoinedBody;
    expect(body.data.id).toMatch(/^[0-9a-f]{24}$/);
    expect(body).toEqual({
      success: true,
      message:
        "You've joined the waitlist and secured early-access slot 1 of 1,000. We'll reach out with updates soon!",
      data: { id: body.data.id, seat: 1, earlyAccess: true },
    });
    const stored = await entriesOf(testApp).findOne({ seat: 1 });
    expect(stored).toMatchObject({
      fullName: 'Asha Rao',
      email: 'asha.rao@example.com',
      phone: '9876543210',
      phoneE164: '+919876543210',
      instagramHandle: 'asha.creates',
      userType: 'influencer',
      privacyNoticeVersion: '2026-11-01',
    });
    expect(stored?.consentedAt).toBeInstanceOf(Date);
    expect(stored?._id.toHexString()).toBe(body.data.id);
  });

  it('201: gives the next person the next seat, consenting to the current notice by default', async () => {
    const response = await request(testApp.server).post(WAITLIST).send(person(2)).expect(201);
    expect((response.body as JoinedBody).data).toMatchObject({ seat: 2, earlyAccess: true });
    const stored = await entriesOf(testApp).findOne({ seat: 2 });
    expect(stored?.privacyNoticeVersion).toBe('2026-11-01');
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
    expect(await entriesOf(testApp).countDocuments()).toBe(2);
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

  it('409 PHONE_ALREADY_REGISTERED: the same phone number, however it is spaced', async () => {
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

  it('409 EMAIL_ALREADY_REGISTERED: the same e-mail address, whatever its case', async () => {
    const response = await request(testApp.server)
      .post(WAITLIST)
      .send({ ...person(3), email: 'ASHA.RAO@example.com' })
      .expect(409);
    expect(response.body).toEqual({
      statusCode: 409,
      code: 'EMAIL_ALREADY_REGISTERED',
      message: 'This email address is already registered!',
      requestId: response.headers['x-request-id'],
    });
    expect(await entriesOf(testApp).countDocuments()).toBe(2);
  });

  it('honeypot: answers a filled `website` like a success and stores nothing', async () => {
    const response = await request(testApp.server)
      .post(WAITLIST)
      .send({ ...person(4), website: 'https://cheap-followers.example' })
      .expect(201);
    const body = response.body as JoinedBody;
    expect(body.success).toBe(true);
    expect(body.message).toContain('early-access slot 3 of 1,000');
    expect(body.data.id).toMatch(/^[0-9a-f]{24}$/);
    expect(body.data).toEqual({ id: body.data.id, seat: 3, earlyAccess: true });
    expect(await entriesOf(testApp).countDocuments()).toBe(2);
    expect(await entriesOf(testApp).findOne({ phone: person(4).phoneNumber })).toBeNull();
  });

  it('stats: counts the stored entries against the 1,000 early-access slots', async () => {
    const response = await request(testApp.server).get(STATS).expect(200);
    expect(response.body).toEqual({ totalSlots: 1000, takenSlots: 2, remainingSlots: 998 });
  });
});

describe('the waitlist after the 1,000 early-access slots', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
    await entriesOf(testApp).insertMany(
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

  it('still accepts people, and tells them honestly they are beyond the early-access slots', async () => {
    const response = await request(testApp.server).post(WAITLIST).send(person(5000)).expect(201);
    const body = response.body as JoinedBody;
    expect(body).toEqual({
      success: true,
      message:
        "You've joined the waitlist as number 1,001. All 1,000 early-access slots are already taken, so you are on the waitlist after them. We'll reach out with updates soon!",
      data: { id: body.data.id, seat: 1001, earlyAccess: false },
    });
  });

  it('reports no remaining slot, never a negative one', async () => {
    const response = await request(testApp.server).get(STATS).expect(200);
    expect(response.body).toEqual({ totalSlots: 1000, takenSlots: 1000, remainingSlots: 0 });
  });
});

describe('the waitlist rate limit', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ env: { RATE_LIMIT_WAITLIST_PER_MINUTE: '3' } });
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
