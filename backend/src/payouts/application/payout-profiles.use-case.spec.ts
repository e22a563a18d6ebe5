import { Clock } from '../../common/application/clock.js';
import {
  type LinkedAccount,
  type LinkedAccountInput,
  type LinkedAccountStatus,
  PaymentGateway,
  PaymentGatewayError,
} from '../../payment-gateway/payment-gateway.contract.js';
import { type CreatorBalances, LedgerReader } from '../../ledger/ledger.contract.js';
import type { IfscBranch, LinkedAccountState, PayoutProfile } from '../domain/payout-profile.js';
import {
  InvalidPayoutProfileError,
  PayoutMoneyInFlightError,
  PayoutProfileChangedError,
} from '../domain/payout-profile.errors.js';
import {
  GetPayoutProfile,
  LinkedAccountSync,
  linkedAccountKeyOf,
  PayoutAccountsService,
  referenceIdOf,
  SavePayoutProfile,
} from './payout-profiles.use-case.js';
import { IfscDirectory } from './ports/ifsc-directory.js';
import {
  PayoutProfileRepository,
  type StoredPayoutProfile,
  type StoredRevision,
} from './ports/payout-profile.repository.js';
import { PayoutDataRights } from './payout-data-rights.use-case.js';
import { PayoutsSettings } from './ports/payouts-settings.js';

class InMemoryProfiles extends PayoutProfileRepository {
  readonly profiles = new Map<string, PayoutProfile>();
  readonly revisions = new Map<
    string,
    LinkedAccountState & { creatorId: string; revision: number }
  >();
  readonly claims = new Set<string>();

  find(creatorId: string): Promise<StoredPayoutProfile | null> {
    const profile = this.profiles.get(creatorId);
    if (!profile) return Promise.resolve(null);
    return Promise.resolve({
      profile,
      linked: this.revisions.get(`${creatorId}:${profile.revision}`) ?? null,
    });
  }
  saveRevision(profile: PayoutProfile): Promise<void> {
    const id = `${profile.creatorId}:${profile.revision}`;
    if (this.revisions.has(id)) return Promise.reject(new PayoutProfileChangedError());
    this.revisions.set(id, {
      creatorId: profile.creatorId,
      revision: profile.revision,
      accountId: null,
      gatewayStatus: null,
      status: 'pending',
      failureReason: null,
      updatedAt: profile.updatedAt,
    });
    this.profiles.set(profile.creatorId, profile);
    return Promise.resolve();
  }
  updatePreferences(profile: PayoutProfile): Promise<void> {
    this.profiles.set(profile.creatorId, profile);
    return Promise.resolve();
  }
  recordLinkedAccount(
    creatorId: string,
    revision: number,
    state: LinkedAccountState,
  ): Promise<void> {
    this.revisions.set(`${creatorId}:${revision}`, { ...state, creatorId, revision });
    return Promise.resolve();
  }
  findRevisionByAccountId(accountId: string) {
    const found = [...this.revisions.values()].find((state) => state.accountId === accountId);
    return Promise.resolve(found ? { creatorId: found.creatorId, revision: found.revision } : null);
  }
  async pending(): Promise<StoredPayoutProfile[]> {
    const all = await Promise.all([...this.profiles.keys()].map((id) => this.find(id)));
    return all.filter(
      (stored): stored is StoredPayoutProfile => stored?.linked?.status === 'pending',
    );
  }
  claimRound(creatorId: string, revision: number, round: number): Promise<boolean> {
    const id = `${creatorId}:${revision}:${round}`;
    if (this.claims.has(id)) return Promise.resolve(false);
    this.claims.add(id);
    return Promise.resolve(true);
  }
  readonly erased = new Map<string, number>();
  revisionsOf(creatorId: string): Promise<StoredRevision[]> {
    return Promise.resolve(
      [...this.revisions.values()]
        .filter((state) => state.creatorId === creatorId)
        .sort((a, b) => a.revision - b.revision)
        .map(({ revision, accountId, gatewayStatus, status, failureReason, updatedAt }) => ({
          revision,
          accountId,
          gatewayStatus,
          status,
          failureReason,
          updatedAt,
        })),
    );
  }
  erasedThrough(creatorId: string): Promise<number> {
    return Promise.resolve(this.erased.get(creatorId) ?? 0);
  }
  erase(creatorId: string): Promise<void> {
    const last = Math.max(
      this.erased.get(creatorId) ?? 0,
      ...[...this.revisions.values()]
        .filter((state) => state.creatorId === creatorId)
        .map(({ revision }) => revision),
    );
    if (last > 0) this.erased.set(creatorId, last);
    this.profiles.delete(creatorId);
    for (const [id, state] of this.revisions)
      if (state.creatorId === creatorId) this.revisions.delete(id);
    return Promise.resolve();
  }
}

/** The ledger's balances of one creator, set by the test (the rest of the reader is unused). */
class FakeLedger extends LedgerReader {
  balances: CreatorBalances = { heldPaise: 0, releasingPaise: 0, paidOutPaise: 0 };
  balancesOf(): Promise<CreatorBalances> {
    return Promise.resolve(this.balances);
  }
  creatorLines = () => Promise.reject(new Error('unused'));
  transactionsOfKind = () => Promise.reject(new Error('unused'));
}

/** The linked-account half of the gateway, in memory: idempotent by key, can be "down". */
class FakeGateway extends PaymentGateway {
  down = false;
  refuse: PaymentGatewayError | null = null;
  readonly accounts = new Map<string, { input: LinkedAccountInput; status: LinkedAccountStatus }>();
  readonly byKey = new Map<string, string>();
  createLinkedAccount(input: LinkedAccountInput): Promise<LinkedAccount> {
    if (this.refuse) return Promise.reject(this.refuse);
    if (this.down) {
      return Promise.reject(new PaymentGatewayError('down', 'unreachable', undefined, undefined));
    }
    const existing = this.byKey.get(input.idempotencyKey);
    const id = existing ?? `acc_${this.accounts.size + 1}`;
    if (!existing) {
      this.byKey.set(input.idempotencyKey, id);
      this.accounts.set(id, { input, status: 'created' });
    }
    return Promise.resolve({ id, status: this.accounts.get(id)?.status ?? 'created' });
  }
  fetchLinkedAccount(accountId: string): Promise<LinkedAccount> {
    if (this.down) return Promise.reject(new Error('gateway down'));
    const account = this.accounts.get(accountId);
    return account
      ? Promise.resolve({ id: accountId, status: account.status })
      : Promise.reject(new Error('404'));
  }
  set(accountId: string, status: LinkedAccountStatus): void {
    const account = this.accounts.get(accountId);
    if (account) account.status = status;
  }
  createOrder = () => Promise.reject(new Error('unused'));
  fetchOrder = () => Promise.reject(new Error('unused'));
  fetchOrderPayments = () => Promise.reject(new Error('unused'));
  fetchPayment = () => Promise.reject(new Error('unused'));
  fetchPaymentTransfers = () => Promise.reject(new Error('unused'));
  fetchTransfer = () => Promise.reject(new Error('unused'));
  releaseTransfer = () => Promise.reject(new Error('unused'));
  reverseTransfer = () => Promise.reject(new Error('unused'));
  refundPayment = () => Promise.reject(new Error('unused'));
  checkoutForm = () => {
    throw new Error('unused');
  };
  verifyCheckout = () => false;
  verifyWebhook = () => null;
}

class KnownIfsc extends IfscDirectory {
  lookup(ifsc: string): IfscBranch | null {
    return ifsc === 'HDFC0000001' ? { ifsc, bankCode: 'HDFC', bankName: 'HDFC Bank' } : null;
  }
}

const CREATOR = { id: 'creator-1', email: 'riya@example.com' };
const INPUT = {
  legalName: 'Riya Sharma',
  pan: 'ABCPE1234F',
  phone: '9876543210',
  accountNumber: '50100123456789',
  accountNumberConfirmation: '50100123456789',
  ifsc: 'HDFC0000001',
  upiId: null,
  gstin: null,
};

function setUp() {
  let now = new Date('2026-11-25T10:00:00Z');
  const clock = new (class extends Clock {
    now(): Date {
      return now;
    }
  })();
  const profiles = new InMemoryProfiles();
  const gateway = new FakeGateway();
  const sync = new LinkedAccountSync(profiles, gateway, clock, new PayoutsSettings(1000));
  const ledger = new FakeLedger();
  return {
    ledger,
    rights: new PayoutDataRights(profiles, ledger, clock),
    profiles,
    gateway,
    sync,
    advance: (ms: number) => {
      now = new Date(now.getTime() + ms);
    },
    save: new SavePayoutProfile(profiles, new KnownIfsc(), sync, clock),
    get: new GetPayoutProfile(profiles),
    accounts: new PayoutAccountsService(profiles, sync),
  };
}

describe('the payout profile', () => {
  it('starts with every step not started, and no destination', async () => {
    const { get, accounts } = setUp();
    expect(await get.execute(CREATOR.id)).toMatchObject({
      status: 'not_started',
      profile: null,
      steps: [
        { name: 'identity', status: 'not_started' },
        { name: 'bankAccount', status: 'not_started' },
        { name: 'linkedAccount', status: 'not_started' },
        { name: 'upi', status: 'not_started' },
      ],
    });
    expect(await accounts.verifiedDestination(CREATOR.id)).toBeNull();
  });

  it('saving creates the linked account (key per creator and revision) and answers masked values', async () => {
    const { save, gateway } = setUp();
    const view = await save.execute(CREATOR, INPUT);
    expect(view.status).toBe('pending');
    expect(view.profile).toMatchObject({
      maskedPan: '•••••1234•',
      maskedAccountNumber: '••••6789',
      bankName: 'HDFC Bank',
    });
    expect(JSON.stringify(view)).not.toContain('ABCPE1234F');
    expect(JSON.stringify(view)).not.toContain('50100123456789');
    const [key, id] = [...gateway.byKey][0] ?? [];
    expect(key).toBe(linkedAccountKeyOf(CREATOR.id, 1));
    expect(gateway.accounts.get(String(id))?.input).toMatchObject({
      referenceId: referenceIdOf(CREATOR.id, 1),
      email: CREATOR.email,
      pan: 'ABCPE1234F',
      settlement: {
        accountNumber: '50100123456789',
        ifsc: 'HDFC0000001',
        beneficiaryName: 'Riya Sharma',
      },
    });
    expect(referenceIdOf(CREATOR.id, 1).length).toBeLessThanOrEqual(20);
  });

  it('is verified when the gateway activates the linked account, found by the worker', async () => {
    const { save, gateway, sync, accounts, advance, get } = setUp();
    await save.execute(CREATOR, INPUT);
    gateway.set('acc_1', 'activated');
    advance(1000);
    expect(await sync.runRound()).toBe(1);
    expect((await get.execute(CREATOR.id)).steps.map((step) => step.status)).toEqual([
      'verified',
      'verified',
      'verified',
      'not_started',
    ]);
    expect(await accounts.verifiedDestination(CREATOR.id)).toEqual({
      linkedAccountId: 'acc_1',
      maskedDestination: 'HDFC0000001 ••••6789',
    });
  });

  it('claims each pending profile once per round', async () => {
    const { save, sync, advance } = setUp();
    await save.execute(CREATOR, INPUT);
    advance(1000);
    expect(await sync.runRound()).toBe(1);
    expect(await sync.runRound()).toBe(0);
    advance(1000);
    expect(await sync.runRound()).toBe(1);
  });

  it('stays pending while the gateway is down, and the worker creates the account once later', async () => {
    const { save, gateway, sync, advance } = setUp();
    gateway.down = true;
    expect((await save.execute(CREATOR, INPUT)).status).toBe('pending');
    expect(gateway.accounts.size).toBe(0);
    gateway.down = false;
    advance(1000);
    await sync.runRound();
    advance(1000);
    await sync.runRound();
    expect(gateway.accounts.size).toBe(1);
  });

  it('fails at once when the gateway refuses the details, naming the field, and retries nothing', async () => {
    const { save, gateway, sync, advance } = setUp();
    gateway.refuse = new PaymentGatewayError(
      'refused',
      'rejected',
      'BAD_REQUEST_ERROR',
      'legal_info.pan',
    );
    const view = await save.execute(CREATOR, INPUT);
    expect(view.status).toBe('failed');
    expect(view.failureReason).toBe(
      'Razorpay did not accept your PAN. Please check it and save again.',
    );
    advance(1000);
    expect(await sync.runRound()).toBe(0);
  });

  it('tries a failed profile again with a new revision when it is saved again, even unchanged', async () => {
    const { save, gateway } = setUp();
    gateway.refuse = new PaymentGatewayError('refused', 'rejected', undefined, undefined);
    expect((await save.execute(CREATOR, INPUT)).status).toBe('failed');
    gateway.refuse = null;
    const again = await save.execute(CREATOR, INPUT);
    expect(again).toMatchObject({ status: 'pending', profile: { revision: 2 } });
    expect(gateway.byKey.has(linkedAccountKeyOf(CREATOR.id, 2))).toBe(true);
  });

  it('keeps trying while the key pair is refused (a configuration problem)', async () => {
    const { save, gateway } = setUp();
    gateway.refuse = new PaymentGatewayError('401', 'authentication', undefined, undefined);
    expect((await save.execute(CREATOR, INPUT)).status).toBe('pending');
  });

  it('fails when the gateway needs clarification, with the reason shown', async () => {
    const { save, gateway, accounts, get } = setUp();
    await save.execute(CREATOR, INPUT);
    gateway.set('acc_1', 'needs_clarification');
    await accounts.linkedAccountChanged('acc_1');
    const view = await get.execute(CREATOR.id);
    expect(view.status).toBe('failed');
    expect(view.failureReason).toContain('Razorpay needs more information');
  });

  it('changing only the GSTIN keeps the linked account; a new bank account makes a new one', async () => {
    const { save, gateway, accounts, rights } = setUp();
    await save.execute(CREATOR, INPUT);
    gateway.set('acc_1', 'activated');
    await accounts.linkedAccountChanged('acc_1');
    const withGstin = await save.execute(CREATOR, { ...INPUT, gstin: '27ABCPE1234F1ZB' });
    expect(withGstin).toMatchObject({ status: 'verified', profile: { revision: 1 } });
    expect(gateway.accounts.size).toBe(1);

    const moved = await save.execute(CREATOR, {
      ...INPUT,
      accountNumber: '123456789012',
      accountNumberConfirmation: '123456789012',
    });
    expect(moved).toMatchObject({
      status: 'pending',
      profile: { revision: 2, maskedAccountNumber: '••••9012' },
    });
    expect(gateway.byKey.has(linkedAccountKeyOf(CREATOR.id, 2))).toBe(true);
    // Not verified until the new account is activated: money never goes to an unchecked account.
    expect(await accounts.verifiedDestination(CREATOR.id)).toBeNull();
    // News about the old revision's account changes nothing.
    gateway.set('acc_1', 'suspended');
    await accounts.linkedAccountChanged('acc_1');
    expect((await rights.exportOf(CREATOR.id))?.status).toBe('pending');
  });

  it('creates a UPI-settled linked account, verified once activated, the VPA masked for payouts', async () => {
    const { save, gateway, accounts } = setUp();
    const saved = await save.execute(CREATOR, {
      ...INPUT,
      payoutMethod: 'upi',
      upiId: 'Riya.S@OkAxis',
    });
    expect(saved).toMatchObject({
      status: 'pending',
      profile: {
        payoutMethod: 'upi',
        upiId: 'ri••••@okaxis',
        maskedDestination: 'ri••••@okaxis',
        maskedAccountNumber: null,
        ifsc: null,
      },
    });
    expect(gateway.accounts.get('acc_1')?.input.settlement).toEqual({
      method: 'upi',
      vpa: 'riya.s@okaxis',
      beneficiaryName: 'Riya Sharma',
    });
    gateway.set('acc_1', 'activated');
    await accounts.linkedAccountChanged('acc_1');
    expect(await accounts.verifiedDestination(CREATOR.id)).toEqual({
      linkedAccountId: 'acc_1',
      maskedDestination: 'ri••••@okaxis',
    });
    // Moving from UPI to a bank account is a new settlement destination: a new linked account.
    const moved = await save.execute(CREATOR, { ...INPUT, payoutMethod: 'bank_account' });
    expect(moved).toMatchObject({ status: 'pending', profile: { revision: 2, upiId: null } });
  });

  it('refuses bad fields with a message under each, creating nothing', async () => {
    const { save, gateway } = setUp();
    await expect(
      save.execute(CREATOR, { ...INPUT, pan: 'ABCDE1234F', accountNumberConfirmation: '1' }),
    ).rejects.toBeInstanceOf(InvalidPayoutProfileError);
    expect(gateway.accounts.size).toBe(0);
  });

  it('ignores events for unknown linked accounts', async () => {
    const { accounts } = setUp();
    await expect(accounts.linkedAccountChanged('acc_unknown')).resolves.toBeUndefined();
  });

  it("is part of its owner's data download, PAN and account number in full, with every revision", async () => {
    const { save, rights, gateway } = setUp();
    await save.execute(CREATOR, { ...INPUT, payoutMethod: 'upi', upiId: 'riya@okaxis' });
    gateway.set('acc_1', 'needs_clarification');
    await save.execute(CREATOR, {
      ...INPUT,
      payoutMethod: 'bank_account',
      upiId: 'riya@okaxis',
      accountNumber: '123456789012',
      accountNumberConfirmation: '123456789012',
    });
    expect(await rights.exportOf(CREATOR.id)).toMatchObject({
      revision: 2,
      legalName: 'Riya Sharma',
      pan: 'ABCPE1234F',
      payoutMethod: 'bank_account',
      accountNumber: '123456789012',
      email: CREATOR.email,
      upiId: null,
      status: 'pending',
      linkedAccountId: 'acc_2',
      linkedAccounts: [
        { revision: 1, accountId: 'acc_1', status: 'pending' },
        { revision: 2, accountId: 'acc_2', status: 'pending' },
      ],
    });
    expect(await rights.exportOf('someone-else')).toBeNull();
  });

  it('refuses erasure while money is held or releasing, and erases (idempotently) once none is', async () => {
    const { save, rights, ledger, accounts } = setUp();
    await save.execute(CREATOR, INPUT);
    ledger.balances = { heldPaise: 50_000, releasingPaise: 0, paidOutPaise: 0 };
    await expect(rights.erase(CREATOR.id)).rejects.toBeInstanceOf(PayoutMoneyInFlightError);
    ledger.balances = { heldPaise: 0, releasingPaise: 50_000, paidOutPaise: 0 };
    await expect(rights.erase(CREATOR.id)).rejects.toBeInstanceOf(PayoutMoneyInFlightError);
    expect(await rights.exportOf(CREATOR.id)).not.toBeNull();
    ledger.balances = { heldPaise: 0, releasingPaise: 0, paidOutPaise: 50_000 };
    await rights.erase(CREATOR.id);
    await rights.erase(CREATOR.id);
    expect(await rights.exportOf(CREATOR.id)).toBeNull();
    expect(await accounts.verifiedDestination(CREATOR.id)).toBeNull();
  });

  it('after an erasure, a new profile continues the revisions: never the erased linked account again', async () => {
    const { save, rights, gateway } = setUp();
    await save.execute(CREATOR, INPUT);
    await rights.erase(CREATOR.id);
    const again = await save.execute(CREATOR, INPUT);
    expect(again.profile?.revision).toBe(2);
    expect(gateway.byKey.has(linkedAccountKeyOf(CREATOR.id, 2))).toBe(true);
    expect(gateway.accounts.size).toBe(2);
  });
});
