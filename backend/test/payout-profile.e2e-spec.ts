import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';
import { type SmsInbox, startSmsInbox } from '@paylock/sms-inbox';
import request from 'supertest';
import {
  PaymentGateway,
  type LinkedAccount,
  type LinkedAccountInput,
  type LinkedAccountStatus,
} from '../src/payments/payments.contract.js';
import { PayoutAccountEvents, PayoutAccounts } from '../src/payouts/payouts.contract.js';
import { PayoutsWorker } from '../src/payouts/index.js';
import {
  AUTH,
  authTestEnv,
  CSRF_HEADERS,
  type ErrorBody,
  type SessionBody,
} from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';

const PROFILE = '/api/v1/payout-profile';
const PAN = 'ABCPE1234F';
const ACCOUNT = '50100123456789';

/** The linked-account half of the gateway, in memory (the local gateway's own tests cover HTTP). */
class LinkedAccountsGateway extends PaymentGateway {
  readonly accounts = new Map<string, { input: LinkedAccountInput; status: LinkedAccountStatus }>();
  private readonly byKey = new Map<string, string>();
  createLinkedAccount(input: LinkedAccountInput): Promise<LinkedAccount> {
    let id = this.byKey.get(input.idempotencyKey);
    if (!id) {
      id = `acc_${String(this.accounts.size + 1).padStart(14, '0')}`;
      this.byKey.set(input.idempotencyKey, id);
      this.accounts.set(id, { input, status: 'created' });
    }
    return Promise.resolve({ id, status: this.accounts.get(id)?.status ?? 'created' });
  }
  fetchLinkedAccount(id: string): Promise<LinkedAccount> {
    const account = this.accounts.get(id);
    return account
      ? Promise.resolve({ id, status: account.status })
      : Promise.reject(new Error('404'));
  }
  private unused<T>(): Promise<T> {
    return Promise.reject(new Error('not used by the payout profile'));
  }
  createOrder = () => this.unused<never>();
  fetchOrder = () => this.unused<never>();
  fetchOrderPayments = () => this.unused<never>();
  fetchPayment = () => this.unused<never>();
  fetchPaymentTransfers = () => this.unused<never>();
  fetchTransfer = () => this.unused<never>();
  releaseTransfer = () => this.unused<never>();
  reverseTransfer = () => this.unused<never>();
  refundPayment = () => this.unused<never>();
  checkoutForm = (): never => {
    throw new Error('not used by the payout profile');
  };
  verifyCheckout = () => false;
  verifyWebhook = () => null;
}

interface ProfileBody {
  status: string;
  steps: { name: string; status: string }[];
  profile: Record<string, unknown> | null;
  failureReason: string | null;
}

const validProfile = (overrides: Record<string, unknown> = {}) => ({
  legalName: 'Asha Rao',
  pan: PAN,
  phone: '9876543210',
  accountNumber: ACCOUNT,
  accountNumberConfirmation: ACCOUNT,
  ifsc: 'HDFC0000001',
  upiId: 'asha@okaxis',
  gstin: null,
  ...overrides,
});

describe('The payout profile (#26) over HTTP', () => {
  let idp: IdentityProvider;
  let inbox: SmsInbox;
  let testApp: TestApp;
  const gateway = new LinkedAccountsGateway();
  let asha: string;
  let ravi: string;

  const as = (token: string) => ({ Authorization: `Bearer ${token}`, ...CSRF_HEADERS });

  async function signUp(sub: string, email: string, name: string): Promise<string> {
    const credential = await idp.issueIdToken({ sub, email, name });
    const response = await request(testApp.server)
      .post(`${AUTH}/register`)
      .send({ credential })
      .expect(201);
    return (response.body as SessionBody).accessToken;
  }

  async function brandToken(): Promise<string> {
    const national = '9812300001';
    await request(testApp.server)
      .post(`${AUTH}/phone/codes`)
      .set(CSRF_HEADERS)
      .send({ phone: national, purpose: 'signup' })
      .expect(202);
    const sms = await inbox.nextMessageTo(`+91${national}`, { afterCount: 0 });
    const session = await request(testApp.server)
      .post(`${AUTH}/phone/sessions`)
      .set(CSRF_HEADERS)
      .send({ phone: national, code: sms.variables.otp ?? '', purpose: 'signup' })
      .expect(200);
    return (session.body as SessionBody).accessToken;
  }

  beforeAll(async () => {
    [idp, inbox] = await Promise.all([startIdentityProvider(), startSmsInbox()]);
    testApp = await createTestApp({
      env: authTestEnv(idp, { ...inbox.backendEnv, SMS_HOURLY_BUDGET: '1000' }),
      configure: (builder) => {
        builder.overrideProvider(PaymentGateway).useValue(gateway);
      },
    });
    asha = await signUp('google-payout-asha', 'asha.payouts@gmail.com', 'Asha Rao');
    ravi = await signUp('google-payout-ravi', 'ravi.payouts@gmail.com', 'Ravi Kumar');
  }, 60_000);

  afterAll(async () => {
    await testApp.close();
    await Promise.all([idp.stop(), inbox.stop()]);
  });

  it('answers not started before the first save', async () => {
    const response = await request(testApp.server).get(PROFILE).set(as(ravi)).expect(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toMatchObject({ status: 'not_started', profile: null });
  });

  it('saves, creates the linked account, answers masked values and is verified on activation', async () => {
    const saved = await request(testApp.server)
      .put(PROFILE)
      .set(as(asha))
      .send(validProfile())
      .expect(200);
    const body = saved.body as ProfileBody;
    expect(body).toMatchObject({
      status: 'pending',
      profile: {
        legalName: 'Asha Rao',
        maskedPan: '•••••1234•',
        maskedAccountNumber: '••••6789',
        ifsc: 'HDFC0000001',
        bankName: 'HDFC Bank',
        upiId: 'asha@okaxis',
      },
    });
    expect(JSON.stringify(body)).not.toContain(PAN);
    expect(JSON.stringify(body)).not.toContain(ACCOUNT);
    expect(gateway.accounts.size).toBe(1);
    const [accountId, account] = [...gateway.accounts][0] ?? [];
    expect(account?.input).toMatchObject({ email: 'asha.payouts@gmail.com', pan: PAN });

    // Ciphertext only: neither the PAN nor the account number is stored in the clear.
    const stored = await testApp.connection.collection('payout_profiles').findOne({});
    expect(JSON.stringify(stored)).not.toContain(PAN);
    expect(JSON.stringify(stored)).not.toContain(ACCOUNT);
    expect(stored?.pan).toMatchObject({
      keyId: expect.stringMatching(/^[0-9a-f]{16}$/) as unknown,
    });

    const payouts = testApp.app.get(PayoutAccounts);
    const ashaId = String(stored?._id);
    expect(await payouts.verifiedDestination(ashaId)).toBeNull();
    if (account) account.status = 'activated';
    await testApp.app.get(PayoutAccountEvents).linkedAccountChanged(String(accountId));
    expect(await payouts.verifiedDestination(ashaId)).toEqual({
      linkedAccountId: accountId,
      maskedDestination: 'HDFC0000001 ••••6789',
    });
    const read = await request(testApp.server).get(PROFILE).set(as(asha)).expect(200);
    expect((read.body as ProfileBody).status).toBe('verified');

    // The worker has nothing left to follow.
    expect(await testApp.app.get(PayoutsWorker).runOnce()).toBe(0);
  });

  it('answers 400 with the field for each broken rule', async () => {
    const refused = await request(testApp.server)
      .put(PROFILE)
      .set(as(ravi))
      .send(
        validProfile({
          pan: 'ABCDE1234F',
          accountNumberConfirmation: '50100123456780',
          ifsc: 'HDFC0999998',
          upiId: 'not-a-upi',
          gstin: '27AAAPL1234C1ZF',
        }),
      )
      .expect(400);
    const body = refused.body as ErrorBody;
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.errors ?? {}).sort()).toEqual([
      'accountNumberConfirmation',
      'gstin',
      'ifsc',
      'pan',
      'upiId',
    ]);
    const missing = await request(testApp.server).put(PROFILE).set(as(ravi)).send({}).expect(400);
    expect((missing.body as ErrorBody).errors).toHaveProperty('pan');
    const tooLong = await request(testApp.server)
      .put(PROFILE)
      .set(as(ravi))
      .send(validProfile({ accountNumber: '1'.repeat(200) }))
      .expect(400);
    expect((tooLong.body as ErrorBody).errors).toHaveProperty('accountNumber');
  });

  it('shows each creator only their own profile', async () => {
    const own = await request(testApp.server).get(PROFILE).set(as(ravi)).expect(200);
    expect((own.body as ProfileBody).profile).toBeNull();
  });

  it('refuses anonymous callers (401) and brands (403)', async () => {
    await request(testApp.server).get(PROFILE).expect(401);
    await request(testApp.server).put(PROFILE).set(CSRF_HEADERS).send(validProfile()).expect(401);
    const brand = await brandToken();
    const refused = await request(testApp.server).get(PROFILE).set(as(brand)).expect(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN' });
    await request(testApp.server).put(PROFILE).set(as(brand)).send(validProfile()).expect(403);
  });
});
