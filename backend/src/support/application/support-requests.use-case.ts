import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { DealReads } from '../../deals/deals.contract.js';
import { Outbox } from '../../mail/mail.contract.js';
import { CountHit } from '../../rate-limit/rate-limit.contract.js';
import { ContactEmails, mailAddressOf, type User } from '../../users/users.contract.js';
import {
  SUPPORT_REQUESTS_PER_DAY,
  SupportDealNotFoundError,
  type SupportKind,
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

/**
 * A creator asks support a question, about a deal of theirs or not (#41): stored for the
 * back-office, and a confirmation mailed to where the account's notices go. Counted against the
 * account's daily budget before anything is stored or mailed.
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
    user: User,
    ask: {
      readonly kind?: SupportKind;
      readonly subject: string;
      readonly message: string;
      readonly dealId?: string;
    },
  ): Promise<SupportRequest> {
    if (ask.dealId !== undefined && !(await this.deals.findOwned(ask.dealId, user.id))) {
      throw new SupportDealNotFoundError();
    }
    const budget = await this.countHit.execute(
      `support:${user.id}`,
      DAY_MS,
      SUPPORT_REQUESTS_PER_DAY,
    );
    if (budget.isBlocked) throw new TooManySupportRequestsError();
    const email = mailAddressOf(user.email, await this.contacts.find(user.id)) ?? user.email;
    const request = await this.requests.add({
      kind: ask.kind ?? 'question',
      accountId: user.id,
      name: user.displayName,
      email,
      subject: ask.subject,
      message: ask.message,
      dealId: ask.dealId ?? null,
      createdAt: this.clock.now(),
    });
    await this.outbox.enqueue({
      key: `support-request-received:${request.id}`,
      kind: 'support-request-received',
      to: { email, name: user.displayName },
      data: { subject: request.subject, reference: request.id, kind: request.kind },
      about: user.id,
    });
    return request;
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
