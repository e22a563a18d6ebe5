import request from 'supertest';
import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';
import { AUTH, authTestEnv, type ErrorBody, type SessionBody } from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';

const ADMIN = '/api/v1/admin';
const OPS = { sub: 'google-sub-ops', email: 'ops@paylock.in', name: 'Ops Person' };
/** Another Google identity asserting the admin's verified e-mail (another provider's account). */
const IMPOSTOR = { sub: 'google-sub-impostor', email: 'Ops@Paylock.in', name: 'Not Ops' };
const BOSS = { sub: 'google-sub-boss', email: 'boss@paylock.in', name: 'Boss' };

/**
 * Finding 8 of the outside security test (#28): the admin role follows the Google account
 * (`sub`) bound to an admin address, not the e-mail claim alone; a verified e-mail that belongs
 * to an account gets no second account; ADMIN_HOSTED_DOMAIN requires the Workspace domain.
 */
describe('admin roles bound to a Google account (#28, finding 8)', () => {
  let idp: IdentityProvider;
  let app: TestApp;
  let workspaceApp: TestApp;

  async function register(
    target: TestApp,
    identity: typeof OPS,
    status: number,
    claims: Record<string, unknown> = {},
  ) {
    idp.setNextIdentity(identity);
    const credential = await idp.issueIdToken(claims);
    return request(target.server).post(`${AUTH}/register`).send({ credential }).expect(status);
  }

  async function login(target: TestApp, identity: typeof OPS, status: number) {
    idp.setNextIdentity(identity);
    const credential = await idp.issueIdToken();
    return request(target.server).post(`${AUTH}/login`).send({ credential }).expect(status);
  }

  beforeAll(async () => {
    idp = await startIdentityProvider();
    app = await createTestApp({
      env: authTestEnv(idp, {
        SIGNUP_MODE: 'invite',
        ADMIN_EMAILS: 'ops@paylock.in, boss@paylock.in',
        ADMIN_GOOGLE_SUBJECTS: `boss@paylock.in=${BOSS.sub}`,
      }),
    });
    workspaceApp = await createTestApp({
      env: authTestEnv(idp, {
        SIGNUP_MODE: 'open',
        ADMIN_EMAILS: 'hd1@paylock.in, hd2@paylock.in',
        ADMIN_HOSTED_DOMAIN: 'paylock.in',
        // Its own database: the first app's accounts are not this one's.
        MONGODB_URI: `${app.config.mongodbUri}_workspace`,
      }),
    });
  }, 60_000);

  afterAll(async () => {
    await app.close();
    await workspaceApp.close();
    await idp.stop();
  }, 30_000);

  it('the first admin sign-in binds the address; another identity with the same verified e-mail gets no account and no admin role', async () => {
    const ops = await register(app, OPS, 201);
    expect((ops.body as SessionBody).user.roles).toEqual(['creator', 'admin']);

    const impostor = await register(app, IMPOSTOR, 400);
    expect((impostor.body as ErrorBody).code).toBe('ALREADY_REGISTERED');
    await login(app, IMPOSTOR, 404);

    // Even with an account of its own made before the rule (planted here), the impostor is no admin.
    await app.connection.collection('users').insertOne({
      googleId: IMPOSTOR.sub,
      email: 'ops@paylock.in',
      displayName: IMPOSTOR.name,
      photoURL: null,
      accountType: 'influencer',
      createdAt: new Date(),
      lastLoginAt: new Date(),
    });
    const planted = await login(app, IMPOSTOR, 200);
    expect((planted.body as SessionBody).user.roles).toEqual(['creator']);
    await request(app.server)
      .get(`${ADMIN}/waitlist`)
      .set('Authorization', `Bearer ${(planted.body as SessionBody).accessToken}`)
      .expect(403);
    // The real admin still is one.
    const again = await login(app, OPS, 200);
    await request(app.server)
      .get(`${ADMIN}/waitlist`)
      .set('Authorization', `Bearer ${(again.body as SessionBody).accessToken}`)
      .expect(200);
  }, 30_000);

  it('an address bound in ADMIN_GOOGLE_SUBJECTS: only that account signs up without an invite', async () => {
    const first = await register(app, { ...BOSS, sub: 'google-sub-first-comer' }, 403);
    expect((first.body as ErrorBody).code).toBe('INVITE_REQUIRED');
    const boss = await register(app, BOSS, 201);
    expect((boss.body as SessionBody).user.roles).toEqual(['creator', 'admin']);
  }, 30_000);

  it('ADMIN_HOSTED_DOMAIN: an admin address is an admin only from an account of that Workspace', async () => {
    const consumer = await register(
      workspaceApp,
      { sub: 'google-sub-hd1', email: 'hd1@paylock.in', name: 'No Workspace' },
      201,
    );
    expect((consumer.body as SessionBody).user.roles).toEqual(['creator']);
    const workspace = await register(
      workspaceApp,
      { sub: 'google-sub-hd2', email: 'hd2@paylock.in', name: 'Workspace' },
      201,
      { hd: 'paylock.in' },
    );
    expect((workspace.body as SessionBody).user.roles).toEqual(['creator', 'admin']);
  }, 30_000);
});
