import { createHash } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import {
  type LinkedAccountSettlement,
  PaymentGateway,
  PaymentGatewayError,
} from '../../payment-gateway/payment-gateway.contract.js';
import { maskAccountNumber, maskGstin, maskPan, maskUpiId } from '../domain/payout-identifiers.js';
import {
  failureReasonOf,
  type LinkedAccountState,
  maskedDestinationOf,
  type PayoutMethod,
  parsePayoutProfile,
  pendingLinkedAccount,
  type PayoutDetails,
  type PayoutProfile,
  type PayoutProfileInput,
  type PayoutStep,
  settlementChanged,
  statusOfLinkedAccount,
  stepsOf,
} from '../domain/payout-profile.js';
import {
  PayoutAccountEvents,
  PayoutAccounts,
  type PayoutDestination,
  type PayoutProfileStatus,
} from '../payouts.contract.js';
import { IfscDirectory } from './ports/ifsc-directory.js';
import {
  PayoutProfileRepository,
  type StoredPayoutProfile,
} from './ports/payout-profile.repository.js';
import { PayoutsSettings } from './ports/payouts-settings.js';

/** The creator the session names. */
export interface PayoutCreator {
  readonly id: string;
  readonly email: string;
}

/** The profile as the creator sees it: masked, with each step's status. */
export interface PayoutProfileView {
  readonly status: PayoutProfileStatus;
  readonly steps: readonly PayoutStep[];
  readonly profile: {
    readonly revision: number;
    readonly legalName: string;
    readonly maskedPan: string;
    readonly phone: string;
    readonly payoutMethod: PayoutMethod;
    /** "HDFC0000001 ••••6789" or "ra••••@okaxis". */
    readonly maskedDestination: string;
    readonly ifsc: string | null;
    readonly bankName: string | null;
    readonly maskedAccountNumber: string | null;
    /** Masked: "ra••••@okaxis" (the owner's data download has it whole). */
    readonly upiId: string | null;
    /** Masked: "27•••••1234•1Z5" (whole only on the invoices and in the data download). */
    readonly gstin: string | null;
    readonly updatedAt: Date;
  } | null;
  readonly failureReason: string | null;
}

const PENDING_BATCH = 100;

const FIELD_NAMES: Readonly<Record<string, string>> = {
  pan: 'PAN',
  legal_business_name: 'legal name',
  phone: 'mobile number',
  email: 'e-mail address',
  account_number: 'account number',
  ifsc_code: 'IFSC',
  beneficiary_name: 'legal name',
  vpa: 'UPI ID',
};

/** What the creator is told when Razorpay refuses the details (never the gateway's raw text). */
export function refusalReasonOf(error: PaymentGatewayError): string {
  if (error.kind === 'not_found') {
    return 'Razorpay no longer has this payout account. Please save your details again.';
  }
  const field = error.field?.split('.').at(-1);
  const name = field ? FIELD_NAMES[field] : undefined;
  return name
    ? `Razorpay did not accept your ${name}. Please check it and save again.`
    : 'Razorpay did not accept these details. Please check them and save again.';
}

/** Razorpay's reference_id is at most 20 characters: a digest of creator and revision. */
export function referenceIdOf(creatorId: string, revision: number): string {
  const digest = createHash('sha256').update(`${creatorId}:${revision}`).digest('base64url');
  return `pp_${digest.slice(0, 17)}`;
}

/** One key per creator and profile revision: a retry never creates a second linked account. */
export function linkedAccountKeyOf(creatorId: string, revision: number): string {
  return `payout-profile:${creatorId}:${revision}`;
}

/** The linked account's settlement destination: the chosen bank account or UPI ID. */
export function settlementOf(details: PayoutDetails): LinkedAccountSettlement {
  return details.payoutMethod === 'upi'
    ? { method: 'upi', vpa: details.upiId, beneficiaryName: details.legalName }
    : {
        method: 'bank_account',
        accountNumber: details.accountNumber,
        ifsc: details.ifsc,
        beneficiaryName: details.legalName,
      };
}

export function viewOf(stored: StoredPayoutProfile | null): PayoutProfileView {
  if (!stored) {
    return {
      status: 'not_started',
      steps: stepsOf(null, null),
      profile: null,
      failureReason: null,
    };
  }
  const { profile, linked } = stored;
  const { details } = profile;
  return {
    status: linked?.status ?? 'pending',
    steps: stepsOf(profile, linked),
    failureReason: linked?.failureReason ?? null,
    profile: {
      revision: profile.revision,
      legalName: details.legalName,
      maskedPan: maskPan(details.pan),
      phone: details.phone,
      payoutMethod: details.payoutMethod,
      maskedDestination: maskedDestinationOf(details),
      ifsc: details.ifsc,
      bankName: details.bankName,
      maskedAccountNumber:
        details.accountNumber === null ? null : maskAccountNumber(details.accountNumber),
      upiId: details.upiId === null ? null : maskUpiId(details.upiId),
      gstin: details.gstin === null ? null : maskGstin(details.gstin),
      updatedAt: profile.updatedAt,
    },
  };
}

/**
 * Creates or follows the Route linked account of a profile's current revision. Any gateway failure
 * leaves it pending for the worker's next round (the idempotency key makes the retry safe).
 */
@Injectable()
export class LinkedAccountSync {
  private readonly logger = new Logger(LinkedAccountSync.name);

  constructor(
    private readonly profiles: PayoutProfileRepository,
    private readonly gateway: PaymentGateway,
    private readonly clock: Clock,
    private readonly settings: PayoutsSettings,
  ) {}

  async sync(stored: StoredPayoutProfile): Promise<LinkedAccountState | null> {
    const { profile, linked } = stored;
    try {
      const account = linked?.accountId
        ? await this.gateway.fetchLinkedAccount(linked.accountId)
        : await this.gateway.createLinkedAccount({
            referenceId: referenceIdOf(profile.creatorId, profile.revision),
            email: profile.contactEmail,
            phone: profile.details.phone,
            legalName: profile.details.legalName,
            pan: profile.details.pan,
            settlement: settlementOf(profile.details),
            idempotencyKey: linkedAccountKeyOf(profile.creatorId, profile.revision),
          });
      const state: LinkedAccountState = {
        accountId: account.id,
        gatewayStatus: account.status,
        status: statusOfLinkedAccount(account.status),
        failureReason: failureReasonOf(account.status),
        updatedAt: this.clock.now(),
      };
      await this.profiles.recordLinkedAccount(profile.creatorId, profile.revision, state);
      return state;
    } catch (error) {
      // Never the details themselves: the message names the creator's id and revision only.
      const kind = error instanceof PaymentGatewayError ? error.kind : 'unreachable';
      this.logger.warn(
        `Linked account of payout profile ${profile.creatorId} r${String(profile.revision)} not synced (${kind})`,
      );
      if (!(error instanceof PaymentGatewayError) || error.retryable || kind === 'authentication') {
        return linked; // the next round tries again (a key pair refused is fixed by configuration)
      }
      // Refused by the gateway (400), or the account is gone: the same call would fail again.
      const state: LinkedAccountState = {
        accountId: linked?.accountId ?? null,
        gatewayStatus: linked?.gatewayStatus ?? null,
        status: 'failed',
        failureReason: refusalReasonOf(error),
        updatedAt: this.clock.now(),
      };
      await this.profiles.recordLinkedAccount(profile.creatorId, profile.revision, state);
      return state;
    }
  }

  /** One round of every instance's worker: each pending profile is claimed by one instance. */
  async runRound(): Promise<number> {
    const round = Math.floor(this.clock.now().getTime() / this.settings.workerIntervalMs);
    let synced = 0;
    for (const stored of await this.profiles.pending(PENDING_BATCH)) {
      const { creatorId, revision } = stored.profile;
      if (!(await this.profiles.claimRound(creatorId, revision, round))) continue;
      await this.sync(stored);
      synced += 1;
    }
    return synced;
  }
}

@Injectable()
export class GetPayoutProfile {
  constructor(private readonly profiles: PayoutProfileRepository) {}

  async execute(creatorId: string): Promise<PayoutProfileView> {
    return viewOf(await this.profiles.find(creatorId));
  }
}

@Injectable()
export class SavePayoutProfile {
  constructor(
    private readonly profiles: PayoutProfileRepository,
    private readonly ifsc: IfscDirectory,
    private readonly sync: LinkedAccountSync,
    private readonly clock: Clock,
  ) {}

  async execute(creator: PayoutCreator, input: PayoutProfileInput): Promise<PayoutProfileView> {
    const current = await this.profiles.find(creator.id);
    // The GSTIN is answered masked, so a form cannot send it back: left out, the saved one stays.
    const savedGstin = current?.profile.details.gstin ?? null;
    const withGstin = input.gstin === undefined ? { ...input, gstin: savedGstin } : input;
    const details = parsePayoutProfile(withGstin, (code) => this.ifsc.lookup(code));
    const now = this.clock.now();
    // A failed account is tried again with a new revision even when the details did not change.
    const retry = current?.linked?.status === 'failed';
    if (current && !retry && !settlementChanged(current.profile.details, details)) {
      const profile: PayoutProfile = { ...current.profile, details, updatedAt: now };
      await this.profiles.updatePreferences(profile);
      return viewOf({ profile, linked: current.linked });
    }
    const profile: PayoutProfile = {
      creatorId: creator.id,
      // After an erasure, revisions continue from the erased profile's last one.
      revision: (current?.profile.revision ?? (await this.profiles.erasedThrough(creator.id))) + 1,
      contactEmail: creator.email,
      details,
      createdAt: current?.profile.createdAt ?? now,
      updatedAt: now,
    };
    await this.profiles.saveRevision(profile);
    const pending = pendingLinkedAccount(now);
    await this.profiles.recordLinkedAccount(creator.id, profile.revision, pending);
    const linked = await this.sync.sync({ profile, linked: pending });
    return viewOf({ profile, linked });
  }
}

/** The contract faces the payments module uses. */
@Injectable()
export class PayoutAccountsService implements PayoutAccounts, PayoutAccountEvents {
  constructor(
    private readonly profiles: PayoutProfileRepository,
    private readonly sync: LinkedAccountSync,
  ) {}

  async verifiedDestination(creatorId: string): Promise<PayoutDestination | null> {
    const stored = await this.profiles.find(creatorId);
    if (!stored?.linked?.accountId || stored.linked.status !== 'verified') return null;
    return {
      linkedAccountId: stored.linked.accountId,
      maskedDestination: maskedDestinationOf(stored.profile.details),
    };
  }

  async linkedAccountChanged(accountId: string): Promise<void> {
    const revision = await this.profiles.findRevisionByAccountId(accountId);
    if (!revision) return;
    const stored = await this.profiles.find(revision.creatorId);
    // Only the current revision's account moves the profile; an old one's news is history.
    if (!stored || stored.profile.revision !== revision.revision) return;
    await this.sync.sync(stored);
  }
}
