import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';
import { strFromU8, unzipSync } from 'fflate';
import request from 'supertest';
import { APP_ORIGIN, AUTH, authTestEnv, type SessionBody } from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { dealTerms } from './support/deal-fixtures.js';

const EXPORT = '/api/v1/account/data-export';
const TABLES = ['profile', 'nominee', 'sessions', 'deals', 'milestones', 'ledger'];

type Row = Record<string, unknown>;

function binary(response: request.Response, done: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => {
    done(null, Buffer.concat(chunks));
  });
}

/** Settings → Data & privacy: "Download my data" gives the caller's own data, and only theirs. */
describe('Your account: download my data (HTTP)', () => {
  let idp: IdentityProvider;
  let app: TestApp;

  beforeAll(async () => {
    idp = await startIdentityProvider();
    app = await createTestApp({
      env: authTestEnv(idp, { SIGNUP_MODE: 'open', RATE_LIMIT_AUTH_PER_MINUTE: '1000' }),
    });
  });

  afterAll(async () => {
    await app.close();
    await idp.stop();
  });

  async function register(sub: string, email: string): Promise<string> {
    idp.setNextIdentity({ sub, email, name: sub });
    const answer = await request(app.server)
      .post(`${AUTH}/register`)
      .set('Origin', APP_ORIGIN)
      .set('User-Agent', 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0')
      .send({ credential: await idp.issueIdToken() })
      .expect(201);
    return (answer.body as SessionBody).accessToken;
  }

  async function download(accessToken: string): Promise<Record<string, string>> {
    const answer = await request(app.server)
      .get(EXPORT)
      .set('Authorization', `Bearer ${accessToken}`)
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['content-disposition']).toBe(
      'attachment; filename="paylock-my-data.zip"',
    );
    expect(answer.headers['cache-control']).toContain('no-store');
    const files = unzipSync(new Uint8Array(answer.body as Buffer));
    return Object.fromEntries(Object.entries(files).map(([name, data]) => [name, strFromU8(data)]));
  }

  const json = (files: Record<string, string>, table: string) =>
    JSON.parse(files[`${table}.json`] ?? 'null') as Row[];

  it('gives the creator a ZIP of their profile, sessions, deals, milestones and ledger (JSON + CSV)', async () => {
    const asha = await register('sub-asha-export', 'asha.export@gmail.com');
    await request(app.server)
      .post('/api/v1/deals')
      .set('Authorization', `Bearer ${asha}`)
      .send(dealTerms({ title: 'Diwali reel' }))
      .expect(201);

    const files = await download(asha);
    expect(Object.keys(files).sort()).toEqual(
      ['README.txt', ...TABLES.flatMap((table) => [`${table}.json`, `${table}.csv`])].sort(),
    );
    expect(json(files, 'profile')).toEqual([
      expect.objectContaining({ googleEmail: 'asha.export@gmail.com', contactEmail: null }),
    ]);
    expect(json(files, 'sessions')).toEqual([
      expect.objectContaining({
        thisDevice: true,
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0',
      }),
    ]);
    const deals = json(files, 'deals');
    expect(deals).toEqual([expect.objectContaining({ title: 'Diwali reel', state: 'draft' })]);
    const milestones = json(files, 'milestones');
    expect(milestones.length).toBeGreaterThan(0);
    expect(milestones.every((row) => row.dealId === deals[0]?.id)).toBe(true);
    expect(json(files, 'ledger')).toEqual([]);
    expect(files['deals.csv']).toContain('Diwali reel');
    expect(files['deals.csv']?.split('\n')[0]).toContain('id,title,state');
    expect(files['README.txt']).toContain('Razorpay');
    expect(files['README.txt']).toContain('The SMS provider');
  });

  it('holds only the caller’s data: another creator’s export has none of the first one’s', async () => {
    const ravi = await register('sub-ravi-export', 'ravi.export@gmail.com');
    const files = await download(ravi);
    const everything = Object.values(files).join('\n');
    expect(everything).toContain('ravi.export@gmail.com');
    expect(everything).not.toContain('asha.export@gmail.com');
    expect(everything).not.toContain('Diwali reel');
    expect(json(files, 'deals')).toEqual([]);
  });

  it('refuses without a session (401) and takes no account id from the request', async () => {
    await request(app.server).get(EXPORT).expect(401);
    await request(app.server).get(`${EXPORT}?userId=someone`).expect(401);
  });
});
