import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';
import request from 'supertest';
import { Clock } from '../src/common/application/clock.js';
import { AUTH, authTestEnv, type SessionBody } from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { FakeClock } from './support/fake-clock.js';

const KIT = '/api/v1/media-kit';
const PUBLIC = '/api/v1/public/media-kits';
const DAY = 86_400_000;

/**
 * Media kit handles (#42) over HTTP, on a clock the test moves: a changed handle redirects to the
 * new one for 30 days and is nobody else's meanwhile (look-alikes included), then answers 404 like
 * any unknown handle and is free for another creator. Look-alike and invisible tricks are refused.
 */
describe('Media kit handles: 30 days of redirect, then free (#42)', () => {
  let idp: IdentityProvider;
  let testApp: TestApp;
  let asha: string;
  let bela: string;
  const clock = new FakeClock(new Date());

  async function signUp(sub: string, email: string, name: string): Promise<string> {
    const credential = await idp.issueIdToken({ sub, email, name });
    const response = await request(testApp.server)
      .post(`${AUTH}/register`)
      .send({ credential })
      .expect(201);
    return (response.body as SessionBody).accessToken;
  }

  const put = (token: string, path: string, body: object) =>
    request(testApp.server)
      .put(`${KIT}${path}`)
      .set({ Authorization: `Bearer ${token}` })
      .send(body);
  const page = (handle: string) => request(testApp.server).get(`${PUBLIC}/${handle}/page`);

  beforeAll(async () => {
    idp = await startIdentityProvider();
    testApp = await createTestApp({
      env: authTestEnv(idp, { RATE_LIMIT_PERSONAL_PAGE_PER_MINUTE: '1000' }),
      configure: (builder) => {
        builder.overrideProvider(Clock).useValue(clock);
      },
    });
    asha = await signUp('google-asha-handles', 'asha.handles@gmail.com', 'Asha Rao');
    bela = await signUp('google-bela-handles', 'bela.handles@gmail.com', 'Bela Shah');
    await put(asha, '/handle', { handle: 'asha.old' }).expect(200);
    await put(asha, '/publication', { published: true }).expect(200);
  }, 60_000);

  afterAll(async () => {
    await testApp.close();
    await idp.stop();
  });

  it('refuses reserved words by look-alike, bidi and zero-width tricks, and full-width copies', async () => {
    for (const handle of ['supp0rt', 'a.d.m.i.n', 'PAYL0CK', '\u202easha.old', 'asha\u2060old']) {
      const refused = await put(bela, '/handle', { handle }).expect(400);
      expect(refused.body).toMatchObject({ errors: { handle: expect.any(String) as unknown } });
    }
    // Full-width letters fold (NFKC) into Asha's handle; 0/o and separators are look-alikes.
    for (const handle of ['ａｓｈａ.ｏｌｄ', 'ASHA_0LD', 'asha0ld']) {
      await put(bela, '/handle', { handle }).expect(409);
    }
  });

  it('redirects the old handle for 30 days, during which nobody else can take it', async () => {
    await put(asha, '/handle', { handle: 'asha.new' }).expect(200);
    const json = await request(testApp.server).get(`${PUBLIC}/asha.old`).expect(301);
    expect(json.headers.location).toBe(`${PUBLIC}/asha.new`);
    expect((await page('asha.old').expect(301)).headers.location).toBe('/@asha.new');

    clock.advance(30 * DAY - 1);
    expect((await page('ASHA.OLD').expect(301)).headers.location).toBe('/@asha.new');
    await put(bela, '/handle', { handle: 'asha.old' }).expect(409);
    await put(bela, '/handle', { handle: 'asha_old' }).expect(409);
  });

  it('after 30 days answers the same 404 as an unknown handle, and is free to take', async () => {
    clock.advance(1);
    const unknown = await page('nobody.here').expect(404);
    const old = await page('asha.old').expect(404);
    expect(old.text).toBe(unknown.text);
    await page('asha.new').expect(200);

    // A fresh sign-in on the moved clock (the earlier session's token has aged 30 days).
    const belaNow = await signUp('google-bela-later', 'bela.later@gmail.com', 'Bela Shah');
    await put(belaNow, '/handle', { handle: 'asha.old' }).expect(200);
    await put(belaNow, '/publication', { published: true }).expect(200);
    const belas = await page('asha.old').expect(200);
    expect(belas.text).toContain('<h1>Bela Shah</h1>');
    await page('asha.new').expect(200);
  });
});
