import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';
import { type SmsInbox, startSmsInbox } from '@paylock/sms-inbox';
import request from 'supertest';
import {
  PaymentGateway,
  type LinkedAccount,
  type LinkedAccountInput,
  type LinkedAccountStatus,
} from '../src/payment-gateway/index.js';
import { type BalancedTransaction, LedgerWriter } from '../src/ledger/ledger.contract.js';
import {
  fundedTransaction,
  refundedTransaction,
  releasedTransaction,
  settledTransaction,
} from '../src/payments/domain/money-transactions.js';
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
import { dealTerms } from './support/deal-fixtures.js';
import { type LocalPaymentGateway, startTestPaymentGateway } from './support/payment-gateway.js';

const PROFILE = '/api/v1/payout-profile';
const PAN = 'ABCPE1234F';
/** A GSTIN holding PAN (characters 3–12), its check character valid. */
const GSTIN = `27${PAN}1ZB`;
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

  let brandSession: string | undefined;
  /** One brand account for the whole file (a second sign-up code to the number would wait). */
  async function brandToken(): Promise<string> {
    if (brandSession !== undefined) return brandSession;
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
    brandSession = (session.body as SessionBody).accessToken;
    return brandSession;
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
        // Both sent without a choice: the bank account wins, the UPI ID is not kept.
        payoutMethod: 'bank_account',
        maskedDestination: 'HDFC0000001 ••••6789',
        upiId: null,
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
    // The bank account is the destination here: the UPI ID is not read.
    expect(Object.keys(body.errors ?? {}).sort()).toEqual([
      'accountNumberConfirmation',
      'gstin',
      'ifsc',
      'pan',
    ]);
    const badUpi = await request(testApp.server)
      .put(PROFILE)
      .set(as(ravi))
      .send(validProfile({ payoutMethod: 'upi', upiId: 'not-a-upi' }))
      .expect(400);
    expect(Object.keys((badUpi.body as ErrorBody).errors ?? {})).toEqual(['upiId']);
    const neither = await request(testApp.server)
      .put(PROFILE)
      .set(as(ravi))
      .send(
        validProfile({
          accountNumber: null,
          accountNumberConfirmation: null,
          ifsc: null,
          upiId: null,
        }),
      )
      .expect(400);
    expect((neither.body as ErrorBody).errors).toEqual({
      payoutMethod: 'Choose where to be paid: a bank account or a UPI ID',
    });
    await request(testApp.server)
      .put(PROFILE)
      .set(as(ravi))
      .send(validProfile({ payoutMethod: 'cheque' }))
      .expect(400);
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

  describe('data rights: the download and the erasure', () => {
    const DATA = `${PROFILE}/personal-data`;
    let ashaId: string;

    const ref = (milestoneId: string) => ({
      dealId: 'deal-data-rights',
      milestoneId,
      creatorId: ashaId,
      amountPaise: 250_000,
      feePaise: 0,
    });
    const record = (transaction: BalancedTransaction) =>
      testApp.app.get(LedgerWriter, { strict: false }).record(transaction);

    beforeAll(async () => {
      const stored = await testApp.connection.collection('payout_profiles').findOne({});
      ashaId = String(stored?._id);
    });

    it('gives the owner everything, PAN and account number in full, as a no-store attachment', async () => {
      const response = await request(testApp.server).get(DATA).set(as(asha)).expect(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="paylock-payout-profile-my-data.json"',
      );
      expect(response.body).toMatchObject({
        source: 'Paylock payout profile',
        profile: {
          legalName: 'Asha Rao',
          pan: PAN,
          accountNumber: ACCOUNT,
          email: 'asha.payouts@gmail.com',
          ifsc: 'HDFC0000001',
          payoutMethod: 'bank_account',
          upiId: null,
          status: 'verified',
          linkedAccounts: [{ revision: 1, status: 'verified' }],
        },
      });
      expect(JSON.stringify(response.body)).toContain('masked everywhere else');
    });

    it('gives another creator only their own (nothing), refuses brands (403) and anonymous callers (401)', async () => {
      const other = await request(testApp.server).get(DATA).set(as(ravi)).expect(200);
      expect((other.body as { profile: unknown }).profile).toBeNull();
      expect(JSON.stringify(other.body)).not.toContain(PAN);
      expect(JSON.stringify(other.body)).not.toContain(ACCOUNT);
      await request(testApp.server).get(DATA).expect(401);
      await request(testApp.server).delete(PROFILE).set(CSRF_HEADERS).expect(401);
      const brand = await brandToken();
      await request(testApp.server).get(DATA).set(as(brand)).expect(403);
      await request(testApp.server).delete(PROFILE).set(as(brand)).expect(403);
      // Ravi erasing "his" profile (he has none) touches nobody else's.
      await request(testApp.server).delete(PROFILE).set(as(ravi)).expect(204);
      expect(await testApp.connection.collection('payout_profiles').countDocuments()).toBe(1);
    });

    it('refuses the erasure while money is held or releasing, and erases once it is settled or refunded', async () => {
      const sealed = await testApp.connection
        .collection<{ _id: string; pan: { data: string }; accountNumber: { data: string } }>(
          'payout_profiles',
        )
        .findOne({ _id: ashaId });
      const ciphertexts = [String(sealed?.pan.data), String(sealed?.accountNumber.data)];
      const at = new Date();
      await record(fundedTransaction(ref('m1'), at));
      await record(fundedTransaction(ref('m2'), at));

      const refused = await request(testApp.server).delete(PROFILE).set(as(asha)).expect(409);
      expect(refused.body as ErrorBody).toMatchObject({
        code: 'PAYOUT_MONEY_IN_FLIGHT',
        message: expect.stringContaining('cannot be deleted') as unknown,
      });
      await record(refundedTransaction(ref('m1'), at));
      await record(releasedTransaction(ref('m2'), at));
      // Released, not yet settled: still on its way to the linked account's bank.
      await request(testApp.server).delete(PROFILE).set(as(asha)).expect(409);
      expect((await request(testApp.server).get(DATA).set(as(asha))).body).toMatchObject({
        profile: { pan: PAN },
      });

      await record(settledTransaction(ref('m2'), at));
      await request(testApp.server).delete(PROFILE).set(as(asha)).expect(204);
      await request(testApp.server).delete(PROFILE).set(as(asha)).expect(204);

      // Nothing of the profile is left: no document holds the ciphertext or the account id.
      for (const name of ['payout_profiles', 'payout_profile_revisions', 'payout_profile_claims']) {
        const left = await testApp.connection.collection(name).find({}).toArray();
        const text = JSON.stringify(left);
        for (const ciphertext of ciphertexts) expect(text).not.toContain(ciphertext);
        expect(text).not.toContain(ashaId);
      }
      const read = await request(testApp.server).get(PROFILE).set(as(asha)).expect(200);
      expect(read.body).toMatchObject({ status: 'not_started', profile: null });
      const download = await request(testApp.server).get(DATA).set(as(asha)).expect(200);
      expect((download.body as { profile: unknown }).profile).toBeNull();
      expect(await testApp.app.get(PayoutAccounts).verifiedDestination(ashaId)).toBeNull();

      // A deal cannot be sent until a new profile is verified.
      const created = await request(testApp.server)
        .post('/api/v1/deals')
        .set(as(asha))
        .send(dealTerms())
        .expect(201);
      const dealId = (created.body as { id: string }).id;
      const blocked = await request(testApp.server)
        .post(`/api/v1/deals/${dealId}/send`)
        .set(as(asha))
        .expect(409);
      expect((blocked.body as ErrorBody).code).toBe('PAYOUT_PROFILE_NOT_VERIFIED');

      // A new profile is a new revision with a new linked account, never the erased one again.
      const accountsBefore = gateway.accounts.size;
      const saved = await request(testApp.server)
        .put(PROFILE)
        .set(as(asha))
        .send(validProfile())
        .expect(200);
      expect(saved.body).toMatchObject({ status: 'pending', profile: { revision: 2 } });
      expect(gateway.accounts.size).toBe(accountsBefore + 1);
    });
  });
});

describe('The payout profile against the local payment gateway (Razorpay Route API)', () => {
  let idp: IdentityProvider;
  let gateway: LocalPaymentGateway;
  let testApp: TestApp;

  beforeAll(async () => {
    [idp, gateway] = await Promise.all([
      startIdentityProvider(),
      startTestPaymentGateway({ accountActivation: 'manual' }),
    ]);
    testApp = await createTestApp({ env: authTestEnv(idp, { ...gateway.backendEnv }) });
  }, 60_000);

  afterAll(async () => {
    await testApp.close();
    await Promise.all([idp.stop(), gateway.stop()]);
  });

  it('creates the Route linked account once, and is verified when the gateway activates it', async () => {
    const credential = await idp.issueIdToken({
      sub: 'google-payout-meera',
      email: 'meera.payouts@gmail.com',
      name: 'Meera Iyer',
    });
    const session = await request(testApp.server)
      .post(`${AUTH}/register`)
      .send({ credential })
      .expect(201);
    const headers = {
      Authorization: `Bearer ${(session.body as SessionBody).accessToken}`,
      ...CSRF_HEADERS,
    };
    const body = validProfile({ legalName: 'Meera Iyer', upiId: null });
    const saved = await request(testApp.server).put(PROFILE).set(headers).send(body).expect(200);
    expect((saved.body as ProfileBody).status).toBe('pending');
    // The same details again change nothing at the gateway (the same revision, no new account).
    await request(testApp.server).put(PROFILE).set(headers).send(body).expect(200);

    const accounts = gateway.state().accounts;
    expect(accounts).toHaveLength(1);
    const [account] = accounts;
    expect(account).toMatchObject({ email: 'meera.payouts@gmail.com', status: 'under_review' });

    // The worker follows it: still under review, then activated.
    const worker = testApp.app.get(PayoutsWorker);
    await worker.runOnce();
    expect(
      ((await request(testApp.server).get(PROFILE).set(headers)).body as ProfileBody).status,
    ).toBe('pending');
    gateway.setAccountStatus(String(account?.id), 'activated');
    await testApp.app.get(PayoutAccountEvents).linkedAccountChanged(String(account?.id));
    const read = await request(testApp.server).get(PROFILE).set(headers).expect(200);
    expect(read.body as ProfileBody).toMatchObject({
      status: 'verified',
      steps: [
        { name: 'identity', status: 'verified' },
        { name: 'bankAccount', status: 'verified' },
        { name: 'linkedAccount', status: 'verified' },
        { name: 'upi', status: 'not_started' },
      ],
    });
  });

  it('keeps the saved GSTIN when a save leaves it out (it is answered masked), and removes it on null', async () => {
    const credential = await idp.issueIdToken({
      sub: 'google-payout-gstin-keeper',
      email: 'gstin.keeper@gmail.com',
      name: 'Meera Iyer',
    });
    const session = await request(testApp.server)
      .post(`${AUTH}/register`)
      .send({ credential })
      .expect(201);
    const headers = {
      Authorization: `Bearer ${(session.body as SessionBody).accessToken}`,
      ...CSRF_HEADERS,
    };
    const details = {
      legalName: 'Meera Iyer',
      pan: PAN,
      phone: '9876543210',
      payoutMethod: 'upi',
      upiId: 'meera@okbank',
    };
    const gstinOf = async (body: object) =>
      (
        (await request(testApp.server).put(PROFILE).set(headers).send(body).expect(200))
          .body as ProfileBody
      ).profile?.gstin;
    expect(await gstinOf({ ...details, gstin: GSTIN })).toBe('27•••••1234•1ZB');
    // The form sends the other fields again without the GSTIN it cannot read back.
    expect(await gstinOf({ ...details, phone: '9876543211' })).toBe('27•••••1234•1ZB');
    const download = await request(testApp.server)
      .get(`${PROFILE}/personal-data`)
      .set(headers)
      .expect(200);
    expect((download.body as { profile: { gstin: string } }).profile.gstin).toBe(GSTIN);
    expect(await gstinOf({ ...details, gstin: null })).toBeNull();
  });

  it('pays a UPI-only profile: the composite call with the VPA, verified on activation, the Withdraw page shows it masked', async () => {
    const credential = await idp.issueIdToken({
      sub: 'google-payout-nandini',
      email: 'nandini.payouts@gmail.com',
      name: 'Nandini Rao',
    });
    const session = await request(testApp.server)
      .post(`${AUTH}/register`)
      .send({ credential })
      .expect(201);
    const headers = {
      Authorization: `Bearer ${(session.body as SessionBody).accessToken}`,
      ...CSRF_HEADERS,
    };
    const saved = await request(testApp.server)
      .put(PROFILE)
      .set(headers)
      .send({
        legalName: 'Nandini Rao',
        pan: PAN,
        phone: '9876543210',
        payoutMethod: 'upi',
        upiId: ' Nandini.Rao@OkBank ',
        gstin: GSTIN,
      })
      .expect(200);
    // The UPI ID and the GSTIN (which holds the PAN) are answered masked, like the PAN (#36 L1).
    expect(saved.body as ProfileBody).toMatchObject({
      status: 'pending',
      profile: {
        payoutMethod: 'upi',
        upiId: 'na••••@okbank',
        gstin: '27•••••1234•1ZB',
        maskedDestination: 'na••••@okbank',
        maskedAccountNumber: null,
        ifsc: null,
      },
      steps: [
        { name: 'identity', status: 'pending' },
        { name: 'bankAccount', status: 'not_started' },
        { name: 'linkedAccount', status: 'pending' },
        { name: 'upi', status: 'pending' },
      ],
    });
    const account = gateway
      .state()
      .accounts.find((item) => item.email === 'nandini.payouts@gmail.com');
    expect(account).toMatchObject({
      status: 'under_review',
      settlement_accounts: [
        {
          method: 'upi',
          upi: { vpa: 'nandini.rao@okbank', beneficiary_name: 'Nandini Rao', is_default: true },
        },
      ],
    });
    const stored = await testApp.connection
      .collection('payout_profiles')
      .findOne({ contactEmail: 'nandini.payouts@gmail.com' });
    expect(stored).toMatchObject({ payoutMethod: 'upi', accountNumber: null, ifsc: null });
    // Stored sealed: no clear UPI ID or GSTIN in the raw document.
    const storedText = JSON.stringify(stored);
    for (const clear of ['nandini.rao@okbank', 'okbank', GSTIN, PAN]) {
      expect(storedText).not.toContain(clear);
    }
    // Only the owner's personal-data download has them whole.
    const download = await request(testApp.server)
      .get(`${PROFILE}/personal-data`)
      .set(headers)
      .expect(200);
    expect((download.body as { profile: unknown }).profile).toMatchObject({
      upiId: 'nandini.rao@okbank',
      gstin: GSTIN,
    });

    const withdraw = '/api/v1/wallet/payout-destination';
    const before = await request(testApp.server).get(withdraw).set(headers).expect(200);
    expect((before.body as { maskedDestination: string | null }).maskedDestination).toBeNull();
    gateway.setAccountStatus(String(account?.id), 'activated');
    await testApp.app.get(PayoutsWorker).runOnce();
    const read = await request(testApp.server).get(PROFILE).set(headers).expect(200);
    expect(read.body as ProfileBody).toMatchObject({
      status: 'verified',
      steps: [
        { name: 'identity', status: 'verified' },
        { name: 'bankAccount', status: 'not_started' },
        { name: 'linkedAccount', status: 'verified' },
        { name: 'upi', status: 'verified' },
      ],
    });
    const after = await request(testApp.server).get(withdraw).set(headers).expect(200);
    expect((after.body as { maskedDestination: string | null }).maskedDestination).toBe(
      'na••••@okbank',
    );
  });
});
