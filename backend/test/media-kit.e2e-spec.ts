import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';
import sharp from 'sharp';
import request from 'supertest';
import { APP_ORIGIN, AUTH, authTestEnv, type SessionBody } from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { eventually } from './support/eventually.js';

const KIT = '/api/v1/media-kit';
const PUBLIC = '/api/v1/public/media-kits';

const reel = {
  title: 'Instagram Reel',
  platform: 'instagram',
  kind: 'reel',
  quantity: 1,
  usageRights: 'Organic use on the brand’s Instagram',
  usagePeriodDays: 90,
  pricePaise: 2_500_000,
  priceIsFrom: true,
  turnaroundDays: 10,
  milestoneSplit: [50, 50],
  visible: true,
};

const kitBody = {
  bio: 'Beauty and travel in Hindi and English.',
  niches: ['beauty', 'travel'],
  languages: ['Hindi', 'English'],
  city: 'Pune',
  portfolioLinks: ['https://example.com/reel-1'],
  platforms: [
    {
      platform: 'instagram',
      handle: '@asha.creates',
      audience: { followers: 120000, medianViews: 40000, note: '64% women, 18–34' },
    },
  ],
  packages: [reel, { ...reel, title: 'Secret bundle', visible: false }],
  allowIndexing: false,
  showTrackRecord: false,
};

interface KitBody {
  handle: string | null;
  published: boolean;
  packages: { id: string; title: string; visible: boolean }[];
  platforms: { audience: { source: string; asOf: string } | null }[];
}

describe('Media kit (#42) over HTTP', () => {
  let idp: IdentityProvider;
  let testApp: TestApp;
  let asha: string;
  let ravi: string;

  async function signUp(sub: string, email: string, name: string): Promise<string> {
    const credential = await idp.issueIdToken({ sub, email, name });
    const response = await request(testApp.server)
      .post(`${AUTH}/register`)
      .send({ credential })
      .expect(201);
    return (response.body as SessionBody).accessToken;
  }

  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const put = (token: string, path: string, body: object) =>
    request(testApp.server).put(`${KIT}${path}`).set(as(token)).send(body);

  beforeAll(async () => {
    idp = await startIdentityProvider();
    testApp = await createTestApp({
      env: authTestEnv(idp, { RATE_LIMIT_PERSONAL_PAGE_PER_MINUTE: '1000' }),
    });
    asha = await signUp('google-asha-kit', 'asha.kit@gmail.com', 'Asha Rao');
    ravi = await signUp('google-ravi-kit', 'ravi.kit@gmail.com', 'Ravi Kumar');
  }, 60_000);

  afterAll(async () => {
    await testApp.close();
    await idp.stop();
  });

  async function notFoundBodyOf(handle: string) {
    const json = await request(testApp.server).get(`${PUBLIC}/${handle}`).expect(404);
    const page = await request(testApp.server).get(`${PUBLIC}/${handle}/page`).expect(404);
    // Everything but the request's own id: the same answer whatever the reason.
    const body: Record<string, unknown> = { ...(json.body as object), requestId: 'any' };
    return { body, html: page.text, robots: page.headers['x-robots-tag'] };
  }

  it('edits the kit, picks a handle, publishes; unpublished and unknown handles answer the same 404', async () => {
    const empty = await request(testApp.server).get(KIT).set(as(asha)).expect(200);
    expect(empty.body).toMatchObject({ handle: null, published: false, packages: [] });

    const saved = await put(asha, '', kitBody).expect(200);
    const kit = saved.body as KitBody;
    expect(kit.packages.map((item) => [item.title, item.visible])).toEqual([
      ['Instagram Reel', true],
      ['Secret bundle', false],
    ]);
    expect(kit.platforms[0]?.audience?.source).toBe('self-reported');

    await put(asha, '/publication', { published: true }).expect(409);
    await put(asha, '/handle', { handle: '@Asha.Creates' }).expect(200);
    const unknown = await notFoundBodyOf('nobody.here');
    expect(await notFoundBodyOf('asha.creates')).toEqual(unknown);

    await put(asha, '/publication', { published: true }).expect(200);
    const json = await request(testApp.server).get(`${PUBLIC}/ASHA.CREATES`).expect(200);
    expect(json.headers['x-robots-tag']).toBe('noindex');
    expect(json.body).toMatchObject({
      handle: 'asha.creates',
      displayName: 'Asha Rao',
      indexable: false,
      packages: [{ title: 'Instagram Reel', pricePaise: 2_500_000, priceIsFrom: true }],
    });
    expect((json.body as { packages: unknown[] }).packages).toHaveLength(1);

    await put(asha, '/publication', { published: false }).expect(200);
    expect(await notFoundBodyOf('asha.creates')).toEqual(unknown);
  });

  it('serves the page as HTML without script: Open Graph, noindex until allowed, nofollow portfolio links', async () => {
    await put(asha, '/handle', { handle: 'asha.creates' }).expect(200);
    await put(asha, '/publication', { published: true }).expect(200);
    const page = await request(testApp.server).get(`${PUBLIC}/asha.creates/page`).expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('<meta property="og:title" content="Asha Rao · Media kit">');
    expect(page.text).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(page.text).toContain(
      '<a href="https://example.com/reel-1" rel="nofollow noopener noreferrer" target="_blank">',
    );
    expect(page.text).toContain('from ₹25,000.00');
    expect(page.text).toContain('self-reported on');
    expect(page.text).not.toContain('Secret bundle');
    expect(page.text).not.toMatch(/<script/i);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");

    await put(asha, '', { ...kitBody, allowIndexing: true }).expect(200);
    const indexable = await request(testApp.server).get(`${PUBLIC}/asha.creates/page`).expect(200);
    expect(indexable.text).not.toContain('noindex');
    expect(indexable.headers['x-robots-tag']).toBeUndefined();
  });

  it('shows a photo uploaded to Paylock: an <img> from the page’s own origin, og:image absolute on PUBLIC_URL', async () => {
    await put(asha, '', kitBody).expect(200); // indexing not allowed again
    const jpeg = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#4f46e5' },
    })
      .jpeg()
      .toBuffer();
    const uploaded = await request(testApp.server)
      .put('/api/v1/account/photo')
      .set(as(asha))
      .set('Origin', APP_ORIGIN)
      .set('Content-Type', 'image/jpeg')
      .send(jpeg)
      .expect(200);
    const { photoUrl } = uploaded.body as { photoUrl: string };
    const path = photoUrl.slice(APP_ORIGIN.length);
    expect(path).toMatch(/^\/api\/v1\/profile-photos\/[^/]+\/[\w-]+$/);

    const page = await request(testApp.server).get(`${PUBLIC}/asha.creates/page`).expect(200);
    expect(page.text).toContain(`<img class="avatar" src="${path}" alt="" width="72" height="72">`);
    expect(page.text).toContain(`<meta property="og:image" content="${APP_ORIGIN}${path}">`);
    expect(page.text).not.toMatch(/<script/i);
    expect(page.text).toContain('<meta name="robots" content="noindex, nofollow">');
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("img-src 'self'");
    expect(policy).toContain("default-src 'none'");
    const image = await request(testApp.server).get(path).expect(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses unsafe links, reserved words, look-alikes and invisible characters', async () => {
    const bad = await put(asha, '', {
      ...kitBody,
      portfolioLinks: ['javascript:alert(1)', 'data:text/html,hi'],
    }).expect(400);
    expect(bad.body).toMatchObject({
      errors: {
        'portfolioLinks[0]': expect.stringMatching(/https:\/\//) as unknown,
        'portfolioLinks[1]': expect.stringMatching(/https:\/\//) as unknown,
      },
    });
    await put(asha, '', { ...kitBody, packages: [{ ...reel, pricePaise: 99.5 }] }).expect(400);
    await put(ravi, '/handle', { handle: 'admin' }).expect(400);
    await put(ravi, '/handle', { handle: 'аsha.creates' }).expect(400); // Cyrillic а
    await put(ravi, '/handle', { handle: 'asha\u200b.creates' }).expect(400);
    await put(ravi, '/handle', { handle: 'ASHA_CREATES' }).expect(409);
    await put(ravi, '/handle', { handle: 'asha.creates' }).expect(409);
  });

  it('a changed handle redirects to the new one, and stays Asha’s meanwhile', async () => {
    await put(asha, '/handle', { handle: 'asha.rao.official' }).expect(200);
    const moved = await request(testApp.server).get(`${PUBLIC}/asha.creates/page`).expect(301);
    expect(moved.headers.location).toBe('/@asha.rao.official');
    await request(testApp.server).get(`${PUBLIC}/asha.rao.official/page`).expect(200);
    await put(ravi, '/handle', { handle: 'asha.creates' }).expect(409);
  });

  it('counts views and unique visitors per day without storing an address', async () => {
    type Day = { day: string; views: number; uniqueVisitors: number };
    const todayOf = async (): Promise<Day> => {
      const answer = await request(testApp.server)
        .get(`${KIT}/analytics`)
        .set(as(asha))
        .expect(200);
      const { days } = answer.body as { days: Day[] };
      expect(days).toHaveLength(30);
      return days.at(-1) ?? { day: '', views: 0, uniqueVisitors: 0 };
    };
    const before = await todayOf();
    // Here every request comes from 127.0.0.1: two browsers on it are two visitors.
    const open = (userAgent: string) =>
      request(testApp.server)
        .get(`${PUBLIC}/asha.rao.official/page`)
        .set('User-Agent', `Visitor-${userAgent}`)
        .expect(200);
    await open('Phone');
    await open('Phone');
    await open('Laptop');
    let after = before;
    await eventually(
      async () => {
        after = await todayOf();
        return after.views === before.views + 3;
      },
      { what: 'three views counted' },
    );
    expect(after.uniqueVisitors).toBe(before.uniqueVisitors + 2);
    const stored = JSON.stringify(
      await testApp.connection.collection('media_kit_visitors').find().toArray(),
    );
    expect(stored).not.toMatch(/127\.0\.0\.1|Visitor-/);
    const unpublished = await request(testApp.server)
      .get(`${KIT}/analytics`)
      .set(as(ravi))
      .expect(200);
    expect(
      (unpublished.body as { days: { views: number }[] }).days.every((day) => day.views === 0),
    ).toBe(true);
  });

  it('an erased creator’s page answers the same 404', async () => {
    const unknown = await notFoundBodyOf('nobody.here');
    const users = testApp.connection.collection('users');
    const ashaRecord = await users.findOne({ email: 'asha.kit@gmail.com' });
    await users.deleteOne({ email: 'asha.kit@gmail.com' });
    try {
      expect(await notFoundBodyOf('asha.rao.official')).toEqual(unknown);
    } finally {
      if (ashaRecord) await users.insertOne(ashaRecord);
    }
  });
});
