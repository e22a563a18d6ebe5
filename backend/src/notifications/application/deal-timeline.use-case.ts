import { Injectable } from '@nestjs/common';
import type { DeliveryReport } from '../../common/application/delivery-reports.js';
import { BrandMoneyLinks, DealNotFoundError, DealReads } from '../../deals/deals.contract.js';
import { type NoticeSend, sendOfReport, sendsVisibleTo } from '../domain/notice-sends.js';
import { DealSends } from './ports/notification-ports.js';

/**
 * The deal's timeline of what Paylock sent (#39 item 7): per milestone, what went to whom, when,
 * by which channel and how it went. The creator sees both sides' sends; the brand, by its review
 * link (the money routes' rule), only what went to the brand.
 */
@Injectable()
export class DealTimeline {
  constructor(
    private readonly sends: DealSends,
    private readonly deals: DealReads,
    private readonly moneyLinks: BrandMoneyLinks,
  ) {}

  /** The creator's own deal's sends; another's deal is not found (404), like a missing one. */
  async forCreator(creatorId: string, dealId: string): Promise<NoticeSend[]> {
    const deal = await this.deals.findOwned(dealId, creatorId);
    if (!deal) throw new DealNotFoundError();
    return sendsVisibleTo(await this.sends.ofDeal(deal.id), 'creator');
  }

  /** What went to the brand, by its review link (refused as the money routes refuse it). */
  async forBrand(token: string): Promise<NoticeSend[]> {
    const { deal } = await this.moneyLinks.grantOf(token);
    return sendsVisibleTo(await this.sends.ofDeal(deal.id), 'brand');
  }

  /** An outbox's report about a send of a notice (others' references are not ours). */
  async onReport(report: DeliveryReport): Promise<void> {
    const send = sendOfReport(report.ref);
    if (send) await this.sends.report(send.dealId, send.id, report.status, report.at);
  }
}
