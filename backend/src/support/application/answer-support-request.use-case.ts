import { Injectable } from '@nestjs/common';
import { AuditLog } from '../../admin/admin.contract.js';
import { Clock } from '../../common/application/clock.js';
import { Outbox } from '../../mail/mail.contract.js';
import { AccountNotices } from '../../notifications/notifications.contract.js';
import {
  SupportRequestAlreadyAnsweredError,
  SupportRequestNotFoundError,
  type SupportParty,
  type SupportRequest,
} from '../domain/support-request.js';
import { SupportRequests } from './ports/support-requests.js';

/** Where each party reads its requests and answers: its settings page's help section. */
export const HELP_PATHS: Readonly<Record<SupportParty, string>> = {
  creator: '/creator/settings#help',
  brand: '/brand/settings#help',
};

/** Where the person reads their requests and answers (the app's public address). */
export class SupportSettings {
  constructor(readonly publicUrl: string) {}

  helpUrlOf(party: SupportParty): string {
    return `${this.publicUrl}${HELP_PATHS[party]}`;
  }
}

/** Who answers: an admin's account id and e-mail (as the audit log names them). */
export interface Answerer {
  readonly userId: string;
  readonly email: string;
}

/**
 * An admin answers a support request (#41): stored once (claim-once: two admins answering at
 * once send one answer), recorded in the audit log (the request's id only), mailed to the person
 * through the outbox (a brand without a contact e-mail: texted to its mobile number) and put in
 * their bell.
 */
@Injectable()
export class AnswerSupportRequest {
  constructor(
    private readonly requests: SupportRequests,
    private readonly auditLog: AuditLog,
    private readonly outbox: Outbox,
    private readonly notices: AccountNotices,
    private readonly settings: SupportSettings,
    private readonly clock: Clock,
  ) {}

  async execute(admin: Answerer, requestId: string, text: string): Promise<SupportRequest> {
    const request = await this.requests.find(requestId);
    if (!request) throw new SupportRequestNotFoundError();
    const answer = { text, answeredAt: this.clock.now(), answeredBy: admin.userId };
    if (!(await this.requests.answer(request, answer))) {
      throw new SupportRequestAlreadyAnsweredError();
    }
    await this.auditLog.append({
      at: answer.answeredAt,
      actor: admin,
      action: 'support.answered',
      details: { supportRequestId: request.id },
    });
    const helpUrl = this.settings.helpUrlOf(request.party);
    if (request.email !== null) {
      await this.outbox.enqueue({
        key: `support-request-answered:${request.id}`,
        kind: 'support-request-answered',
        to: { email: request.email, name: request.name },
        data: { subject: request.subject, reference: request.id, answer: text, helpUrl },
        about: request.accountId,
      });
    }
    await this.notices.tell({
      party: request.party,
      accountId: request.accountId,
      kind: 'support_answered',
      eventId: `support-answer:${request.id}`,
      title: `Support answered: ${request.subject}`.slice(0, 80),
      body: text.length > 280 ? `${text.slice(0, 279)}…` : text,
      actionPath: HELP_PATHS[request.party],
      actionLabel: 'Read the answer',
      at: answer.answeredAt,
      ...(request.email === null &&
        request.phone !== null && { sms: { to: request.phone, link: helpUrl } }),
    });
    return { ...request, answer };
  }
}
