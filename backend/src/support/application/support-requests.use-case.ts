import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { brandAccountOf, type Deal, DealReads } from '../../deals/deals.contract.js';
import { Outbox } from '../../mail/mail.contract.js';
import { CountHit } from '../../rate-limit/rate-limit.contract.js';
import {
  type Account,
  accountNameOf,
  ContactEmails,
  isBrandAccount,
  mailAddressOf,
} from '../../users/users.contract.js';
import {
  dealContextOf,
  SUPPORT_REQUESTS_PER_DAY,
  SupportDealNotFoundError,
  type SupportKind,
  type SupportParty,
  type SupportRequest,
  TooManySupportRequestsError,
} from '../domain/support-request.js';
import {
  type SupportRequestFilter,
  type SupportRequestPage,
  SupportRequests,
} from './ports/support-requests.js';

const DAY_MS = 86_400_000;
/** A person's own list shows this many, the newest first. */
export const SUPPORT_LIST_LIMIT = 100;

/** Who asked, and where support's confirmation and answer reach them. */
interface Asker {
  readonly party: SupportParty;
  readonly name: string;
  readonly email: string | null;
  readonly phone: string | null;
}

/**
 * A creator or a brand workspace asks support a question or files a grievance, about a deal of
 * theirs or not (#41): a creator's own deal, or one the brand's workspace is the accepted party
 * of; the request carries that deal's state and latest history. Stored for the back-office, and a
 * confirmation mailed to where the account's notices go (a brand without a contact e-mail sees
 * its reference on screen). Counted against the account's daily budget before anything is stored.
 */
@Injectable()
export class CreateSupportRequest {
  constructor(
    private readonly requests: SupportRequests,
    private readonly deals: DealReads,
    private readonly contacts: ContactEmails,
    private readonly outbox: Outbox,
    private readonly countHit: CountHit,
    private readonly clock: Clock,
  ) {}

  async execute(
    account: Account,
    ask: {
      readonly kind?: SupportKind;
      readonly subject: string;
      readonly message: string;
      readonly dealId?: string;
    },
  ): Promise<SupportRequest> {
    const deal = ask.dealId === undefined ? null : await this.dealOf(account, ask.dealId);
    const budget = await this.countHit.execute(
      `support:${account.id}`,
      DAY_MS,
      SUPPORT_REQUESTS_PER_DAY,
    );
    if (budget.isBlocked) throw new TooManySupportRequestsError();
    const asker = await this.askerOf(account);
    const request = await this.requests.add({
      kind: ask.kind ?? 'question',
      party: asker.party,
      accountId: account.id,
      name: asker.name,
      email: asker.email,
      phone: asker.phone,
      subject: ask.subject,
      message: ask.message,
      dealId: deal?.id ?? null,
      deal: deal ? dealContextOf(deal) : null,
      createdAt: this.clock.now(),
    });
    if (asker.email !== null) {
      await this.outbox.enqueue({
        key: `support-request-received:${request.id}`,
        kind: 'support-request-received',
        to: { email: asker.email, name: asker.name },
        data: { subject: request.subject, reference: request.id, kind: request.kind },
        about: account.id,
      });
    }
    return request;
  }

  /** The deal, if the person is its creator or the brand workspace that accepted it; else 404. */
  private async dealOf(account: Account, dealId: string): Promise<Deal> {
    const deal = isBrandAccount(account)
      ? await this.deals.findById(dealId)
      : await this.deals.findOwned(dealId, account.id);
    if (!deal || (isBrandAccount(account) && brandAccountOf(deal) !== account.id)) {
      throw new SupportDealNotFoundError();
    }
    return deal;
  }

  private async askerOf(account: Account): Promise<Asker> {
    const contact = await this.contacts.find(account.id);
    if (isBrandAccount(account)) {
      return {
        party: 'brand',
        name: accountNameOf(account) || 'there',
        email: contact?.email ?? null,
        phone: account.phone,
      };
    }
    return {
      party: 'creator',
      name: account.displayName,
      email: mailAddressOf(account.email, contact) ?? account.email,
      phone: null,
    };
  }
}

/** The back-office's list: newest first, open or answered, questions or grievances, by page. */
@Injectable()
export class ListSupportRequests {
  constructor(private readonly requests: SupportRequests) {}

  execute(
    query: SupportRequestFilter & { readonly page: number; readonly pageSize: number },
  ): Promise<SupportRequestPage> {
    return this.requests.page(query, query.page, query.pageSize);
  }
}

/** Settings → Help & support: the person's own requests and support's answers. */
@Injectable()
export class ListMySupportRequests {
  constructor(private readonly requests: SupportRequests) {}

  execute(accountId: string): Promise<SupportRequest[]> {
    return this.requests.ofAccount(accountId, SUPPORT_LIST_LIMIT);
  }
}
