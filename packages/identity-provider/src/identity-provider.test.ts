import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { decodeJwt } from 'jose';
import { chosenIdentity } from './chooser.ts';
import {
  DEMO_ADMIN_IDENTITY,
  DEMO_IDENTITY,
  type IdentityProvider,
  startIdentityProvider,
} from './index.ts';

const REDIRECT_URI = 'http://127.0.0.1:9/callback';

/** An authorization request as the backend's passport strategy sends it (with PKCE). */
function authorizationRequest(provider: IdentityProvider) {
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(8).toString('hex');
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: provider.clientId,
    redirect_uri: REDIRECT_URI,
    scope: 'openid email profile',
    state,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  return { url: `${provider.endpoints.authorization}?${query.toString()}`, verifier, state };
}

/** Follows the provider's redirects to the callback and redeems the code: the ID token's claims. */
async function signIn(provider: IdentityProvider, from: string, verifier: string) {
  let location = from;
  for (let hop = 0; hop < 5 && !location.startsWith(REDIRECT_URI); hop++) {
    const response = await fetch(location, { redirect: 'manual' });
    assert.equal(response.status, 302, await response.text());
    location = new URL(response.headers.get('location') ?? '', location).toString();
  }
  const code = new URL(location).searchParams.get('code') ?? '';
  const token = await fetch(provider.endpoints.token, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      client_id: provider.clientId,
      client_secret: provider.clientSecret,
      code_verifier: verifier,
    }),
  });
  const { id_token: idToken } = (await token.json()) as { id_token: string };
  return decodeJwt(idToken);
}

void describe('auth_time (re-authentication)', () => {
  let provider: IdentityProvider;

  before(async () => {
    provider = await startIdentityProvider();
  });
  after(() => provider.stop());

  void it('keeps an earlier sign-in unless prompt=login or max_age asks for a new one', async () => {
    provider.setNextIdentity({ sub: 'auth-time-sub', email: 'at@example.com', name: 'At' });
    const first = authorizationRequest(provider);
    const firstTime = (await signIn(provider, first.url, first.verifier)).auth_time;
    assert.equal(typeof firstTime, 'number');

    provider.reportNextAuthTime(1_000);
    const stale = authorizationRequest(provider);
    assert.equal(
      (await signIn(provider, `${stale.url}&prompt=login`, stale.verifier)).auth_time,
      1_000,
    );

    const reused = authorizationRequest(provider);
    assert.equal((await signIn(provider, reused.url, reused.verifier)).auth_time, firstTime);

    for (const ask of ['prompt=login', 'max_age=0']) {
      const before = Math.floor(Date.now() / 1000);
      const again = authorizationRequest(provider);
      const claims = await signIn(provider, `${again.url}&${ask}`, again.verifier);
      assert.ok(Number(claims.auth_time) >= before, ask);
    }
  });
});

void describe('the account chooser', () => {
  let provider: IdentityProvider;

  before(async () => {
    provider = await startIdentityProvider({ chooser: true });
  });

  after(async () => {
    await provider.stop();
  });

  void it('shows the demo creator, the demo admin and a form for any account', async () => {
    const { url } = authorizationRequest(provider);
    const response = await fetch(url);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/html/);
    const html = await response.text();
    assert.ok(html.includes(DEMO_IDENTITY.email) && html.includes(DEMO_ADMIN_IDENTITY.email));
    assert.ok(html.includes('name="email"') && html.includes('name="name"'));
  });

  void it('signs in as the account chosen on the page', async () => {
    const { url, verifier, state } = authorizationRequest(provider);
    const page = new URL(url);
    const chosen = new URL('/choose/continue', page);
    chosen.search = page.search;
    chosen.searchParams.set('account', 'admin');
    const claims = await signIn(provider, chosen.toString(), verifier);
    assert.equal(claims.email, DEMO_ADMIN_IDENTITY.email);
    assert.equal(claims.email_verified, true);
    assert.ok(state);
  });

  void it('signs in as any name and e-mail typed in, with a stable subject per address', async () => {
    const claimsFor = async () => {
      const { url, verifier } = authorizationRequest(provider);
      const page = new URL(url);
      const chosen = new URL('/choose/continue', page);
      chosen.search = page.search;
      chosen.searchParams.set('name', 'Meera K');
      chosen.searchParams.set('email', 'Meera@Example.com');
      return signIn(provider, chosen.toString(), verifier);
    };
    const [first, second] = [await claimsFor(), await claimsFor()];
    assert.equal(first.email, 'meera@example.com');
    assert.equal(first.name, 'Meera K');
    assert.equal(first.sub, second.sub);
  });

  void it('escapes what it shows and refuses an invalid typed account', async () => {
    const { url } = authorizationRequest(provider);
    const page = new URL(url);
    const chosen = new URL('/choose/continue', page);
    chosen.search = page.search;
    chosen.searchParams.set('state', '"><script>alert(1)</script>');
    chosen.searchParams.set('name', 'X');
    chosen.searchParams.set('email', 'not-an-address');
    const response = await fetch(chosen);
    assert.equal(response.status, 400);
    const html = await response.text();
    assert.ok(!html.includes('<script>alert(1)'));
    assert.ok(html.includes('Please enter a valid e-mail address.'));
  });

  void it('is skipped once a test chooses the identity, and shown again on request', async () => {
    provider.setNextIdentity({ sub: 'picked', email: 'picked@example.com', name: 'Picked' });
    const { url, verifier } = authorizationRequest(provider);
    assert.equal((await signIn(provider, url, verifier)).email, 'picked@example.com');
    provider.showChooser();
    assert.equal((await fetch(authorizationRequest(provider).url)).status, 200);
  });
});

void describe('chosenIdentity', () => {
  void it('refuses blank names and malformed addresses', () => {
    assert.equal(chosenIdentity({ name: ' ', email: 'a@b.co' }), 'Please enter a name.');
    assert.equal(
      chosenIdentity({ name: 'A', email: 'a@b' }),
      'Please enter a valid e-mail address.',
    );
    assert.deepEqual(chosenIdentity({ account: 'creator' }), DEMO_IDENTITY);
  });
});
