import { Injectable } from '@nestjs/common';
import { DealReads } from '../../deals/deals.contract.js';
import type { MailAttachment } from '../../mail/mail.contract.js';
import { brandRecipientOf } from '../domain/recipients.js';
import { NoticeDelivery } from './notice-delivery.js';

/** An invoice just issued for a released milestone, as the brand is told of it. */
export interface IssuedInvoice {
  readonly invoiceId: string;
  readonly dealId: string;
  readonly milestoneId: string;
  readonly number: string;
  readonly creatorName: string;
  readonly totalPaise: number;
  readonly issuedAt: Date;
  readonly pdf: MailAttachment;
}

/**
 * What became of the brand's notice: `told` (sent now or before), or `held` by another instance
 * that claimed it and has not finished (alive and busy, or dead: its claim lapses, then any
 * instance sends it). A held notice is asked for again later.
 */
export type InvoiceNoticeOutcome = 'told' | 'held';

/** The invoices' way to tell the brand (#39): through the notifications, once per invoice. */
export abstract class InvoiceNotices {
  abstract issued(invoice: IssuedInvoice): Promise<InvoiceNoticeOutcome>;
}

/**
 * The brand of the deal is told once per invoice (the deliveries' claims, `invoice:<id>`), in its
 * bell if it has one, and by e-mail with the PDF attached: to the address it accepted with, or,
 * for a brand workspace (which has no address of its own here), to the deal's brand contact, as
 * before (an invoice is a tax document its accounts need by mail).
 */
@Injectable()
export class SendInvoiceNotices extends InvoiceNotices {
  constructor(
    private readonly deals: DealReads,
    private readonly delivery: NoticeDelivery,
  ) {
    super();
  }

  async issued(invoice: IssuedInvoice): Promise<InvoiceNoticeOutcome> {
    const deal = await this.deals.findById(invoice.dealId);
    if (!deal) return 'told';
    const brand = brandRecipientOf(deal);
    const { held } = await this.delivery.deliver({
      eventId: `invoice:${invoice.invoiceId}`,
      kind: 'invoice_issued',
      deal,
      milestoneId: invoice.milestoneId,
      at: invoice.issuedAt,
      recipient: { ...brand, email: brand.email ?? deal.brand.contactEmail },
      facts: {
        partyName: invoice.creatorName,
        invoiceNumber: invoice.number,
        amountPaise: invoice.totalPaise,
      },
      attachments: [invoice.pdf],
    });
    return held ? 'held' : 'told';
  }
}
