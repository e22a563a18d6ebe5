import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { LedgerReader } from '../../ledger/ledger.contract.js';
import { PayoutMoneyInFlightError } from '../domain/payout-profile.errors.js';
import {
  PayoutProfilePersonalData,
  type PayoutProfilePersonalRecord,
} from '../payouts.contract.js';
import { PayoutProfileRepository } from './ports/payout-profile.repository.js';

/**
 * The creator's data rights over their payout profile (docs/privacy.md): the download of all it
 * holds, with the PAN and account number decrypted (it is the person's own data; everywhere else
 * they are masked), and the erasure, refused while money is in flight for the creator.
 *
 * "In flight" is read from the ledger, not from the milestones: the ledger records each movement
 * before the milestone moves (funded, released, settled, refunded), so it is never behind the
 * deals. A non-zero `held` (funded, submitted, changes requested, approved and not yet released,
 * disputed) or `releasing` (released, not yet settled) balance means money the gateway holds for,
 * or is paying to, the linked account this profile names.
 */
@Injectable()
export class PayoutDataRights extends PayoutProfilePersonalData {
  private readonly logger = new Logger(PayoutDataRights.name);

  constructor(
    private readonly profiles: PayoutProfileRepository,
    private readonly ledger: LedgerReader,
    private readonly clock: Clock,
  ) {
    super();
  }

  async exportOf(creatorId: string): Promise<PayoutProfilePersonalRecord | null> {
    const stored = await this.profiles.find(creatorId);
    if (!stored) return null;
    const revisions = await this.profiles.revisionsOf(creatorId);
    const { profile, linked } = stored;
    const { details } = profile;
    // Never the values: only that this creator's data left in full, for the operators' logs.
    this.logger.log(
      `Payout profile of ${creatorId} downloaded by its owner (PAN and account in full)`,
    );
    return {
      revision: profile.revision,
      legalName: details.legalName,
      pan: details.pan,
      phone: details.phone,
      email: profile.contactEmail,
      payoutMethod: details.payoutMethod,
      accountNumber: details.accountNumber,
      ifsc: details.ifsc,
      bankName: details.bankName,
      upiId: details.upiId,
      gstin: details.gstin,
      status: linked?.status ?? 'pending',
      failureReason: linked?.failureReason ?? null,
      linkedAccountId: linked?.accountId ?? null,
      linkedAccounts: revisions.map((revision) => ({
        revision: revision.revision,
        accountId: revision.accountId,
        gatewayStatus: revision.gatewayStatus,
        status: revision.status,
        failureReason: revision.failureReason,
        updatedAt: revision.updatedAt.toISOString(),
      })),
      createdAt: profile.createdAt.toISOString(),
      updatedAt: profile.updatedAt.toISOString(),
    };
  }

  /** Erases the profile (idempotent: nothing to erase is not an error). */
  async erase(creatorId: string): Promise<void> {
    const { heldPaise, releasingPaise } = await this.ledger.balancesOf(creatorId);
    if (heldPaise !== 0 || releasingPaise !== 0) throw new PayoutMoneyInFlightError();
    await this.profiles.erase(creatorId, this.clock.now());
    this.logger.log(`Payout profile of ${creatorId} erased at its owner's request`);
  }
}
