import { Injectable, Logger } from '@nestjs/common';
import { EndAccountSessions } from '../../auth/auth.contract.js';
import { Clock } from '../../common/application/clock.js';
import { type Deal, DealErasure } from '../../deals/deals.contract.js';
import { Outbox } from '../../mail/mail.contract.js';
import { InsightsErasure } from '../../insights/insights.contract.js';
import { MediaKitErasure } from '../../media-kit/media-kit.contract.js';
import { RecipientErasure } from '../../notifications/notifications.contract.js';
import { RemoveProfilePhoto } from '../../profile-photos/profile-photos.contract.js';
import { PayoutProfilePersonalData } from '../../payouts/payouts.contract.js';
import { SupportRequestErasure } from '../../support/support.contract.js';
import {
  type Account,
  AccountErasureGate,
  AccountRecords,
  Accounts,
  ContactEmails,
  type ErasureGateOutcome,
  isBrandAccount,
} from '../../users/users.contract.js';
import {
  AccountErasureInProgressError,
  AccountErasedNotFoundError,
  AccountMoneyInFlightError,
  AccountMoneyMovingError,
  ErasureNotConfirmedError,
} from '../domain/account-data.errors.js';
import {
  isErasureConfirmed,
  keptAfterErasure,
  type KeptRecord,
  type MoneyBlocker,
  moneyBlockersOf,
  offersToDelete,
} from '../domain/account-erasure.js';
import { PartyDeals } from './party-deals.js';
import { DataExports } from './ports/data-exports.js';
import { type ErasureReceipt, ErasureReceipts } from './ports/erasure-receipts.js';
import { Nominees } from './ports/nominees.js';

/** What the settings page shows before the person confirms: refusals, or what would stay. */
export interface ErasurePreview {
  readonly blockers: readonly MoneyBlocker[];
  readonly kept: readonly KeptRecord[];
}

const partyOf = (account: Account) => (isBrandAccount(account) ? 'brand' : 'creator');

/** The key notices name the person by (the bell's recipient, the outbox's `about`). */
const recipientKeyOf = (account: Account) =>
  `${isBrandAccount(account) ? 'brand' : 'user'}:${account.id}`;

/** The erasure receipt's e-mail: the one message to the person the erasure keeps (until sent). */
export const accountErasedMailKey = (accountId: string) => `account-erased:${accountId}`;

/** Refusals and what would be kept, for the settings page (reads only). */
@Injectable()
export class PreviewAccountErasure {
  constructor(
    private readonly deals: PartyDeals,
    private readonly clock: Clock,
  ) {}

  async execute(account: Account): Promise<ErasurePreview> {
    const deals = await this.deals.of(account);
    return {
      blockers: moneyBlockersOf(deals),
      kept: keptAfterErasure(deals, partyOf(account), this.clock.now()),
    };
  }
}

/**
 * "Erase my account" (#41, docs/privacy.md): refused while money is held, being released or
 * disputed for the person (as creator, or as the brand whose workspace accepted the deal);
 * otherwise decided claim-once against the money (AccountErasureGate: a payment or release racing
 * it wins), then done as idempotent steps: the receipt (what stays, why, until when) is stored and
 * mailed; the notices, media kit (with the package requests sent to it, or a brand's own),
 * support requests, payout profile, nominee, copies of the data prepared for download and
 * e-mails go; a creator's offers never accepted
 * (no money, no signed contract) are deleted; every session ends and the account itself goes.
 * Accepted deals, contracts, invoices and ledger lines stay (they name only the account id;
 * issued documents stay as issued). An erasure decided but cut short is finished by asking
 * again (the decision is found and the remaining steps run).
 */
@Injectable()
export class EraseAccount {
  private readonly logger = new Logger(EraseAccount.name);

  constructor(
    private readonly accounts: Accounts,
    private readonly deals: PartyDeals,
    private readonly gate: AccountErasureGate,
    private readonly receipts: ErasureReceipts,
    private readonly contacts: ContactEmails,
    private readonly outbox: Outbox,
    private readonly sessions: EndAccountSessions,
    private readonly notices: RecipientErasure,
    private readonly mediaKits: MediaKitErasure,
    private readonly supportRequests: SupportRequestErasure,
    private readonly payouts: PayoutProfilePersonalData,
    private readonly nominees: Nominees,
    private readonly records: AccountRecords,
    private readonly offers: DealErasure,
    private readonly insights: InsightsErasure,
    private readonly exports: DataExports,
    private readonly photos: RemoveProfilePhoto,
    private readonly clock: Clock,
  ) {}

  async execute(accountId: string, confirmation: string): Promise<ErasureReceipt> {
    if (!isErasureConfirmed(confirmation)) throw new ErasureNotConfirmedError();
    const account = await this.accounts.findById(accountId);
    if (!account) throw new AccountErasedNotFoundError();
    const deals = await this.deals.of(account);
    const blockers = moneyBlockersOf(deals);
    if (blockers.length > 0) throw new AccountMoneyInFlightError(blockers);
    const outcome = await this.gate.decideErasure(account.id, async () =>
      moneyBlockersOf(await this.deals.of(account)),
    );
    if (!outcome.erase) throw refusalOf(outcome);
    const receipt = await this.receipts.saveOnce(account.id, {
      erasedAt: this.clock.now(),
      kept: keptAfterErasure(deals, partyOf(account), this.clock.now()),
    });
    await this.erase(account, deals, receipt);
    this.logger.log(`Account ${account.id} erased at its owner's request`);
    return receipt;
  }

  private async erase(account: Account, deals: readonly Deal[], receipt: ErasureReceipt) {
    const addresses = await this.addressesOf(account);
    const mailKey = accountErasedMailKey(account.id);
    await this.mailReceipt(account, addresses[0], receipt, mailKey);
    const dealIds = deals.map(({ id }) => id);
    await this.notices.forget(recipientKeyOf(account), dealIds, this.clock.now());
    if (isBrandAccount(account)) {
      await this.mediaKits.eraseRequestsOfBrand(account.id);
    } else {
      await this.mediaKits.eraseOf(account.id);
      await this.payouts.erase(account.id);
    }
    for (const offer of offersToDelete(deals, partyOf(account))) {
      await this.offers.eraseOffer(offer);
    }
    await this.insights.eraseOf(partyOf(account), account.id);
    await this.supportRequests.eraseOf(account.id);
    await this.nominees.remove(account.id);
    await this.exports.eraseOf(account.id);
    await this.photos.execute(account.id);
    for (const address of addresses) await this.outbox.forgetRecipient(address, mailKey);
    await this.outbox.forgetAbout(recipientKeyOf(account), mailKey);
    await this.outbox.forgetAbout(account.id, mailKey);
    // Sessions near the end: until the account goes, its owner can sign in and ask again to
    // finish an erasure that stopped half-way; after it, a sign-in that raced is ended too.
    await this.sessions.execute(account.id);
    await this.records.erase(account.id);
    await this.sessions.execute(account.id);
  }

  /** Where the account's mail goes (first: where notices go), and every address it had. */
  private async addressesOf(account: Account): Promise<string[]> {
    const contact = await this.contacts.find(account.id);
    const all = [
      contact?.email ?? null,
      isBrandAccount(account) ? null : account.email,
      contact?.pending?.email ?? null,
    ].filter((address): address is string => address !== null && address !== '');
    return [...new Set(all)];
  }

  private async mailReceipt(
    account: Account,
    address: string | undefined,
    receipt: ErasureReceipt,
    key: string,
  ): Promise<void> {
    if (address === undefined) return;
    const name = isBrandAccount(account) ? (account.contactName ?? '') : account.displayName;
    await this.outbox.enqueue({
      key,
      kind: 'account-erased',
      to: { email: address, name },
      data: { kept: receipt.kept.map(keptInWords).join('\n') },
      forgetRecipientOnceSent: true,
    });
  }
}

function keptInWords({ what, why, until }: KeptRecord): string {
  return `${what} — ${why} — ${until === null ? 'until you ask us to remove it' : `until ${until}`}`;
}

function refusalOf(outcome: ErasureGateOutcome<MoneyBlocker> & { erase: false }): Error {
  if (outcome.blockers.length > 0) return new AccountMoneyInFlightError(outcome.blockers);
  return outcome.hold === 'erasure_in_progress'
    ? new AccountErasureInProgressError()
    : new AccountMoneyMovingError();
}
