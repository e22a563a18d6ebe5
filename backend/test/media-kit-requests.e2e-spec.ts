import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';
import { type SmsInbox, startSmsInbox } from '@paylock/sms-inbox';
import request from 'supertest';
import { AUTH, authTestEnv, CSRF_HEADERS, type SessionBody } from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { type MailDevServer, startMailDev } from './support/maildev.js';

const KIT = '/api/v1/media-kit';
const REQUESTS = `${KIT}/requests`;
const PUBLIC = '/api/v1/public/media-kits';
const SLOW = 60_000;

const reel = {
  title: 'Instagram Reel',
  platform: 'instagram',
  kind: 'reel',
  quantity: 1,
  usageRights: 'Organic use on the brand’s Instagram',
  usagePeriodDays: 90,
  pricePaise: 2_500_001,
  priceIsFrom: false,
  turnaroundDays: 10,
  milestoneSplit: [50, 50],
  visible: true,
};

const kitBody = {
  bio: 'Beauty and travel.',
  niches: ['beauty'],
  languages: ['Hindi'],
  city: 'Pune',
  portfolioLinks: [],
  platforms: [],
  packages: [reel, { ...reel, title: 'Secret bundle', visible: false }],
  allowIndexing: false,
  showTrackRecord: false,
};

interface KitBody {
  packages: { id: string; title: string; visible: boolean }[];
}

interface RequestBody {
  id: string;
  state: string;
  dealId: string | null;
  declineReason: string | null;
  brand: { companyName: string; contactMobile: string; signedIn: boolean };
  package: { title: string };
}

/** A fresh number and client address per use: the limits count per number and per address. */
let serial = 0;
function nextNumber(): { national: string; e164: string; ip: string } {
  serial += 1;
  const national = `96${String(Date.now() % 1000).padStart(3, '0')}${String(serial).padStart(5, '0')}`;
  return { national, e164: `+91${national}`, ip: `198.51.100.${String(serial % 250)}` };
}

function inDays(days: number): string {
  return new Date(Date.now() + 5.5 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

const form = {
  companyName: 'Glow Naturals',
  contactName: 'Meera Shah',
  contactEmail: 'meera@glownaturals.in',
  brief: 'Our Diwali serum launch: one reel.',
  startDate: inDays(3),
  endDate: inDays(20),
};

describe('Package requests on a media kit (#42) over HTTP', () => {
  let idp: IdentityProvider;
  let inbox: SmsInbox;
  let mailDev: MailDevServer;
  let app: TestApp;
  let asha: string;
  let ravi: string;
  let ashaPackage: string;
  let ashaHidden: string;
  let raviPackage: string;

  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const packagePath = (handle: string, id: string) => `${PUBLIC}/${handle}/packages/${id}`;

  async function signUpCreator(sub: string, email: string, name: string): Promise<string> {
    const credential = await idp.issueIdToken({ sub, email, name });
    const response = await request(app.server)
      .post(`${AUTH}/register`)
      .send({ credential })
      .expect(201);
    return (response.body as SessionBody).accessToken;
  }

  async function publish(token: string, handle: string): Promise<KitBody> {
    const saved = await request(app.server).put(KIT).set(as(token)).send(kitBody).expect(200);
    await request(app.server).put(`${KIT}/handle`).set(as(token)).send({ handle }).expect(200);
    await request(app.server)
      .put(`${KIT}/publication`)
      .set(as(token))
      .send({ published: true })
      .expect(200);
    return saved.body as KitBody;
  }

  const askCode = (path: string, number: { national: string; ip: string }) =>
    request(app.server)
      .post(`${path}/request-codes`)
      .set(CSRF_HEADERS)
      .set('X-Forwarded-For', number.ip)
      .send({ phone: number.national });

  const sendRequest = (path: string, ip: string, body: object, token?: string) => {
    const call = request(app.server)
      .post(`${path}/requests`)
      .set(CSRF_HEADERS)
      .set('X-Forwarded-For', ip);
    return (token ? call.set(as(token)) : call).send(body);
  };

  /** A stranger's request: the code sent to the mobile, read from the local SMS inbox. */
  async function requestAsStranger(
    path: string,
    status: number,
    number = nextNumber(),
    body: object = form,
  ) {
    await askCode(path, number).expect(202);
    const code = (await inbox.nextMessageTo(number.e164)).variables.otp ?? '';
    return sendRequest(path, number.ip, { ...body, contactMobile: number.national, code }).expect(
      status,
    );
  }

  /** A brand account (signed up with its SMS code); its access token. */
  async function signUpBrand(number = nextNumber()): Promise<string> {
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
    return (session.body as SessionBody).accessToken;
  }

  async function requestsOf(token: string): Promise<RequestBody[]> {
    const listed = await request(app.server).get(REQUESTS).set(as(token)).expect(200);
    return (listed.body as { items: RequestBody[] }).items;
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
        SIGNUP_MODE: 'open',
        TRUST_PROXY: 'true',
        SMS_HOURLY_BUDGET: '100000',
        SMTP_URL: mailDev.smtpUrl,
        MAIL_POLL_INTERVAL_MS: '50',
        RATE_LIMIT_PERSONAL_PAGE_PER_MINUTE: '1000',
        RATE_LIMIT_AUTH_PER_MINUTE: '1000',
      }),
    });
    asha = await signUpCreator('google-asha-requests', 'asha.requests@gmail.com', 'Asha Rao');
    ravi = await signUpCreator('google-ravi-requests', 'ravi.requests@gmail.com', 'Ravi Kumar');
    const ashaKit = await publish(asha, 'asha.requests');
    ashaPackage = ashaKit.packages[0]?.id ?? '';
    ashaHidden = ashaKit.packages[1]?.id ?? '';
    raviPackage = (await publish(ravi, 'ravi.requests')).packages[0]?.id ?? '';
  }, SLOW);

  afterAll(async () => {
    await app.close();
    await Promise.all([idp.stop(), inbox.stop(), mailDev.stop()]);
  });

  it(
    'a brand proves its mobile by SMS, requests; the creator is told, accepts once into a prefilled deal draft',
    async () => {
      const page = await request(app.server).get(`${PUBLIC}/asha.requests/page`).expect(200);
      expect(page.text).toContain(
        `<a href="/media-kit/asha.requests/request/${ashaPackage}">Request this package</a>`,
      );
      expect(page.text.match(/Request this package/g)).toHaveLength(1);
      const path = packagePath('asha.requests', ashaPackage);
      const number = nextNumber();
      const sent = await requestAsStranger(path, 201, number);
      expect(sent.body).toMatchObject({ state: 'requested' });
      const id = (sent.body as { id: string }).id;

      const bell = await request(app.server).get('/api/v1/notifications').set(as(asha)).expect(200);
      expect((bell.body as { items: unknown[] }).items).toContainEqual(
        expect.objectContaining({
          kind: 'package_requested',
          title: 'Glow Naturals requested "Instagram Reel"',
          actionPath: '/creator/media-kit/requests',
        }),
      );
      const [listed] = await requestsOf(asha);
      expect(listed).toMatchObject({
        id,
        state: 'requested',
        brand: { companyName: 'Glow Naturals', contactMobile: number.national, signedIn: false },
        package: { title: 'Instagram Reel' },
      });

      const [first, second] = await Promise.all([
        request(app.server).post(`${REQUESTS}/${id}/accept`).set(as(asha)),
        request(app.server).post(`${REQUESTS}/${id}/accept`).set(as(asha)),
      ]);
      expect([first.status, second.status].sort()).toEqual([200, 409]);
      const accepted = (first.status === 200 ? first : second).body as RequestBody;
      expect(accepted).toMatchObject({ state: 'accepted' });
      await request(app.server).post(`${REQUESTS}/${id}/accept`).set(as(asha)).expect(409);
      await request(app.server).post(`${REQUESTS}/${id}/decline`).set(as(asha)).expect(409);

      const deals = await request(app.server).get('/api/v1/deals').set(as(asha)).expect(200);
      expect(JSON.stringify(deals.body).match(/Instagram Reel for Glow Naturals/g)).toHaveLength(1);
      const draft = await request(app.server)
        .get(`/api/v1/deals/${accepted.dealId ?? ''}`)
        .set(as(asha))
        .expect(200);
      expect(draft.body).toMatchObject({
        state: 'draft',
        title: 'Instagram Reel for Glow Naturals',
        totalPaise: 2_500_001,
        brand: { companyName: 'Glow Naturals', contactEmail: 'meera@glownaturals.in' },
        milestones: [{ amountPaise: 1_250_000 }, { amountPaise: 1_250_001 }],
      });
      const funnel = await request(app.server).get(`${REQUESTS}/funnel`).set(as(asha)).expect(200);
      expect(funnel.body).toEqual({ received: 1, dealsSent: 0, accepted: 0, funded: 0 });
    },
    SLOW,
  );

  it(
    'stores nothing without a good code; a brand signed in by phone needs none',
    async () => {
      const path = packagePath('asha.requests', ashaPackage);
      const before = (await requestsOf(asha)).length;
      const number = nextNumber();
      const missing = await sendRequest(path, number.ip, form).expect(401);
      expect(missing.body).toMatchObject({ code: 'REQUEST_CODE_REQUIRED' });
      await askCode(path, number).expect(202);
      const good = (await inbox.nextMessageTo(number.e164)).variables.otp ?? '';
      const wrong = good === '000000' ? '111111' : '000000';
      const refused = await sendRequest(path, number.ip, {
        ...form,
        contactMobile: number.national,
        code: wrong,
      }).expect(401);
      expect(refused.body).toMatchObject({ code: 'INVALID_CODE' });
      expect(await requestsOf(asha)).toHaveLength(before);

      const brand = await signUpBrand();
      const sent = await sendRequest(path, nextNumber().ip, form, brand).expect(201);
      const [latest] = await requestsOf(asha);
      expect(latest).toMatchObject({
        id: (sent.body as { id: string }).id,
        brand: { signedIn: true },
      });
    },
    SLOW,
  );

  it('refuses a creator requesting their own package', async () => {
    const path = packagePath('asha.requests', ashaPackage);
    const number = nextNumber();
    const code = await askCode(path, number).set(as(asha)).expect(403);
    expect(code.body).toMatchObject({ code: 'OWN_PACKAGE' });
    const own = await sendRequest(path, number.ip, form, asha).expect(403);
    expect(own.body).toMatchObject({ code: 'OWN_PACKAGE' });
  });

  it('answers the same 404 for an unknown handle or package, a hidden package and an unpublished kit', async () => {
    const ip = nextNumber().ip;
    const bodyOf = async (path: string) => {
      const code = await askCode(path, nextNumber()).expect(404);
      const sent = await sendRequest(path, ip, form).expect(404);
      return [code.body, sent.body].map((body: Record<string, unknown>) => ({
        ...body,
        requestId: 'any',
      }));
    };
    const unknown = await bodyOf(packagePath('nobody.here', ashaPackage));
    expect(await bodyOf(packagePath('asha.requests', 'no-such-package'))).toEqual(unknown);
    expect(await bodyOf(packagePath('asha.requests', ashaHidden))).toEqual(unknown);
    await request(app.server)
      .put(`${KIT}/publication`)
      .set(as(ravi))
      .send({ published: false })
      .expect(200);
    expect(await bodyOf(packagePath('ravi.requests', raviPackage))).toEqual(unknown);
    await request(app.server)
      .put(`${KIT}/publication`)
      .set(as(ravi))
      .send({ published: true })
      .expect(200);
  });

  it(
    'another creator neither sees nor answers the request; a decline is mailed to the brand',
    async () => {
      const contactEmail = `decline.${String(Date.now())}@brand.example`;
      const sent = await requestAsStranger(
        packagePath('asha.requests', ashaPackage),
        201,
        nextNumber(),
        { ...form, contactEmail },
      );
      const id = (sent.body as { id: string }).id;
      expect((await requestsOf(ravi)).map((item) => item.id)).not.toContain(id);
      await request(app.server).post(`${REQUESTS}/${id}/accept`).set(as(ravi)).expect(404);
      await request(app.server).post(`${REQUESTS}/${id}/decline`).set(as(ravi)).expect(404);
      const declined = await request(app.server)
        .post(`${REQUESTS}/${id}/decline`)
        .set(as(asha))
        .send({ reason: 'Fully booked until January.' })
        .expect(200);
      expect(declined.body).toMatchObject({
        state: 'declined',
        declineReason: 'Fully booked until January.',
        dealId: null,
      });
      await request(app.server).post(`${REQUESTS}/${id}/accept`).set(as(asha)).expect(409);
      const mail = await mailDev.inbox.waitForMailTo(contactEmail);
      expect(mail.subject).toBe('Asha Rao declined your request for "Instagram Reel"');
      expect(mail.text).toContain('Their note: "Fully booked until January."');
    },
    SLOW,
  );

  it(
    'limits requests per client address, per mobile and per creator per day, with Retry-After',
    async () => {
      const path = packagePath('ravi.requests', raviPackage);
      const ip = nextNumber().ip;
      for (let sent = 0; sent < 5; sent += 1) {
        await sendRequest(path, ip, form).expect(401);
      }
      const perIp = await sendRequest(path, ip, form).expect(429);
      expect(perIp.body).toMatchObject({ code: 'TOO_MANY_PACKAGE_REQUESTS' });
      expect(Number(perIp.headers['retry-after'])).toBeGreaterThan(0);

      const brands = [await signUpBrand()];
      for (let sent = 0; sent < 3; sent += 1) {
        await sendRequest(path, nextNumber().ip, form, brands[0]).expect(201);
      }
      const perPhone = await sendRequest(path, nextNumber().ip, form, brands[0]).expect(429);
      expect(Number(perPhone.headers['retry-after'])).toBeGreaterThan(0);

      // Ravi's day: 3 so far; 17 more from other brands reach the cap of 20.
      for (let sent = 3; sent < 20; sent += 1) {
        if (sent % 3 === 0) brands.push(await signUpBrand());
        await sendRequest(path, nextNumber().ip, form, brands.at(-1)).expect(201);
      }
      const perCreator = await sendRequest(path, nextNumber().ip, form, await signUpBrand()).expect(
        429,
      );
      expect(perCreator.body).toMatchObject({ code: 'TOO_MANY_PACKAGE_REQUESTS' });
      expect(Number(perCreator.headers['retry-after'])).toBeGreaterThan(0);
      // Another creator's day is their own.
      await requestAsStranger(packagePath('asha.requests', ashaPackage), 201);
    },
    SLOW * 2,
  );
});
