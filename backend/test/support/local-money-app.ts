import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';
import { type LocalPaymentGateway, startPaymentGateway } from '@paylock/payment-gateway';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { AUTH, authTestEnv, type SessionBody } from './auth-flow.js';
import { createTestApp, type TestApp } from './create-test-app.js';
import { eventually } from './eventually.js';
import { InMemoryOutbox } from './in-memory-outbox.js';

/** A creator's payout profile to a bank account, as the payout profile form sends it. */
export function bankPayoutProfile(legalName: string): Record<string, unknown> {
  return {
    legalName,
    pan: 'ABCPE1234F',
    phone: '9876543210',
    accountNumber: '50100123456789',
    accountNumberConfirmation: '50100123456789',
    ifsc: 'HDFC0000001',
    upiId: null,
    gstin: null,
  };
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * The backend on a real port with the local identity provider and the local payment gateway
 * (through the production Razorpay adapter), the gateway's webhooks pointed at it, the workers
 * ticking every 200 ms, and the mail kept in memory.
 */
export interface LocalMoneyApp {
  readonly idp: IdentityProvider;
  readonly gateway: LocalPaymentGateway;
  readonly testApp: TestApp;
  readonly outbox: InMemoryOutbox;
  /** Registers a creator through Google sign-up; their access token. */
  signUp(sub: string, email: string, name: string): Promise<string>;
  /** Saves a bank payout profile and waits until the gateway verified its linked account. */
  verifiedPayoutProfile(token: string, legalName: string): Promise<void>;
  stop(): Promise<void>;
}

/** `env`: more of the backend's environment (a test's own limits), over the defaults here. */
export async function startLocalMoneyApp(env: Record<string, string> = {}): Promise<LocalMoneyApp> {
  const idp = await startIdentityProvider();
  const gateway = await startPaymentGateway();
  const outbox = new InMemoryOutbox();
  const testApp = await createTestApp({
    env: authTestEnv(idp, {
      ...gateway.backendEnv,
      PAYMENTS_WORKER_INTERVAL_MS: '200',
      PAYOUT_WORKER_INTERVAL_MS: '200',
      RATE_LIMIT_PERSONAL_PAGE_PER_MINUTE: '1000',
      ...env,
    }),
    outbox,
  });
  const server = testApp.app.getHttpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  gateway.setWebhookUrl(`http://127.0.0.1:${String(port)}/api/v1/payments/webhooks/razorpay`);

  return {
    idp,
    gateway,
    testApp,
    outbox,
    async signUp(sub, email, name) {
      const credential = await idp.issueIdToken({ sub, email, name });
      const response = await request(testApp.server)
        .post(`${AUTH}/register`)
        .send({ credential })
        .expect(201);
      return (response.body as SessionBody).accessToken;
    },
    async verifiedPayoutProfile(token, legalName) {
      await request(testApp.server)
        .put('/api/v1/payout-profile')
        .set(bearer(token))
        .send(bankPayoutProfile(legalName))
        .expect(200);
      await eventually(
        async () => {
          const profile = await request(testApp.server)
            .get('/api/v1/payout-profile')
            .set(bearer(token));
          return (profile.body as { status: string }).status === 'verified';
        },
        { what: 'the payout profile verified', timeoutMs: 30_000 },
      );
    },
    async stop() {
      await testApp.close();
      await gateway.stop();
      await idp.stop();
    },
  };
}
