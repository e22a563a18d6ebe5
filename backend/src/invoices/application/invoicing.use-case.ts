import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import {
  brandAccountOf,
  BrandMoneyLinks,
  type Deal,
  DealReads,
  type Milestone,
} from '../../deals/deals.contract.js';
import { isValidGstin } from '../../tax/tax.contract.js';
import { LedgerFeed, LedgerReader, type LedgerTransaction } from '../../ledger/ledger.contract.js';
import { InvoiceNotices } from '../../notifications/notifications.contract.js';
import { DEFAULT_SAC, isGstStateCode, type SacCode } from '../domain/gst.js';
import { type Invoice, type InvoiceView, newInvoice } from '../domain/invoice.js';
import {
  InvoiceMilestoneNotFoundError,
  InvoiceNotFoundError,
  InvoiceNotIssuedError,
  MilestoneAlreadyInvoicedError,
  MilestoneNotReleasedError,
  TdsTooLargeError,
} from '../domain/invoice.errors.js';
import { financialYearOf, indianDateOf, invoiceNumber } from '../domain/invoice-number.js';
import { InvoicePdfRenderer } from './ports/invoice-pdf-renderer.js';
import { InvoiceSerials } from './ports/invoice-serials.js';
import { type InvoiceCounts, InvoiceStore } from './ports/invoice.store.js';
import { InvoiceSuppliers } from './ports/invoice-suppliers.js';
import { InvoicesSettings } from './ports/invoices-settings.js';
import { catchUpFromPositions } from './journal-walk.js';
import { LedgerCursors } from './ports/ledger-cursors.js';

/** What the creator may set on an invoice made by hand; the rest comes from the deal. */
export interface InvoiceOptions {
  readonly sac?: SacCode | undefined;
  readonly supplierAddress?: string | undefined;
  readonly recipientAddress?: string | undefined;
  readonly recipientGstin?: string | undefined;
  readonly recipientStateCode?: string | undefined;
}

export interface ReleasedMilestone {
  readonly dealId: string;
  readonly dealTitle: string;
  readonly milestoneId: string;
  readonly milestoneName: string;
  readonly amountPaise: number;
  readonly releasedAt: Date | null;
  /** The brand's GSTIN and billing address given when it accepted: the form's defaults. */
  readonly brandGstin: string | null;
  readonly brandAddress: string | null;
}

const INVOICEABLE = new Set(['released', 'settled']);
/**
 * The worker follows the ledger's `released` transactions, which the release writes before it
 * moves the milestone (ledger first, then the claim-once move): a milestone still `approved` has
 * its release recorded, and is invoiced too, or the follower would pass it by for good.
 */
const RELEASE_RECORDED = new Set(['approved', ...INVOICEABLE]);
/** Where the worker's walk of the journal stood before its ledger feed existed (see catchUp). */
const POSITIONS = [
  { cursor: 'invoices:released', kind: 'released' },
  { cursor: 'invoices:settled', kind: 'settled' },
] as const;
const BATCH = 50;

/**
 * Invoices (#27, ADR 0047): one per released milestone, made by the worker that follows the
 * ledger's `released` transactions or by the creator's hand. Claim the milestone (insert against
 * a unique index), then allocate the serial, render the PDF, queue the e-mail to the brand and
 * mark it issued, in that order: a failure at any step leaves it `to_be_issued` and the worker
 * retries from that step, so it is never half-sent and its serial is never skipped.
 */
@Injectable()
export class Invoicing {
  private readonly logger = new Logger(Invoicing.name);

  constructor(
    private readonly store: InvoiceStore,
    private readonly serials: InvoiceSerials,
    private readonly renderer: InvoicePdfRenderer,
    private readonly suppliers: InvoiceSuppliers,
    private readonly settings: InvoicesSettings,
    private readonly cursors: LedgerCursors,
    private readonly deals: DealReads,
    private readonly ledger: LedgerReader,
    private readonly feed: LedgerFeed,
    private readonly notices: InvoiceNotices,
    private readonly moneyLinks: BrandMoneyLinks,
    private readonly clock: Clock,
  ) {}

  /** The creator makes the invoice of their own released milestone by hand. */
  async createByHand(
    creatorId: string,
    dealId: string,
    milestoneId: string,
    options: InvoiceOptions,
  ): Promise<Invoice> {
    const deal = await this.deals.findOwned(dealId, creatorId);
    const milestone = deal?.milestones.find(({ id }) => id === milestoneId);
    if (!deal || !milestone) throw new InvoiceMilestoneNotFoundError();
    if (!INVOICEABLE.has(milestone.state)) throw new MilestoneNotReleasedError();
    const { invoice, created } = await this.claim(deal, milestone, options);
    if (!created) throw new MilestoneAlreadyInvoicedError();
    return this.complete(invoice);
  }

  /**
   * The worker's path, from the ledger's `released` transaction: the milestone's invoice, made once
   * however often it is asked.
   */
  async issueForRelease(dealId: string, milestoneId: string): Promise<Invoice | undefined> {
    const deal = await this.deals.findById(dealId);
    const milestone = deal?.milestones.find(({ id }) => id === milestoneId);
    if (!deal || !milestone || !RELEASE_RECORDED.has(milestone.state)) return undefined;
    const { invoice } = await this.claim(deal, milestone, {});
    return invoice.status === 'issued' ? invoice : this.complete(invoice);
  }

  private async claim(
    deal: Deal,
    milestone: Milestone,
    options: InvoiceOptions,
  ): Promise<{ invoice: Invoice; created: boolean }> {
    const supplier = await this.suppliers.supplierOf(deal.creatorId);
    // The brand's billing details given when it accepted are the defaults; the creator's own
    // values on a hand-made invoice win over them.
    const billing = deal.brand.billing;
    const recipientGstin = options.recipientGstin ?? billing?.gstin ?? null;
    if (recipientGstin !== null && !isValidGstin(recipientGstin)) {
      throw new TypeError('the recipient GSTIN is validated at the boundary');
    }
    // The place of supply (newInvoice): the recipient GSTIN's state, else the state picked here.
    const recipientStateCode =
      options.recipientStateCode !== undefined && isGstStateCode(options.recipientStateCode)
        ? options.recipientStateCode
        : null;
    const invoice = newInvoice({
      id: this.store.nextId(),
      creatorId: deal.creatorId,
      brandAccountId: brandAccountOf(deal),
      dealId: deal.id,
      milestoneId: milestone.id,
      description: `${deal.title} — ${milestone.name}`,
      taxablePaise: milestone.amountPaise,
      dueDate: milestone.dueDate,
      supplier: {
        name: supplier?.name ?? 'Creator',
        address: options.supplierAddress ?? supplier?.address ?? null,
        gstin: deal.gstApplies ? deal.gstin : null,
      },
      recipient: {
        name: deal.brand.companyName,
        address: options.recipientAddress ?? billing?.address ?? null,
        gstin: recipientGstin,
      },
      recipientStateCode,
      sac: options.sac ?? DEFAULT_SAC,
      rates: this.settings.gstRates,
      now: this.clock.now(),
    });
    return this.store.claim(invoice);
  }

  /** Serial (once), PDF, e-mail, issued: each step repeatable; a failure leaves it to be issued. */
  async complete(claimed: Invoice): Promise<Invoice> {
    let invoice = claimed;
    if (invoice.serial === null) {
      const now = this.clock.now();
      const { financialYear, serial } = await this.serials.allocate(
        invoice.id,
        invoice.creatorId,
        financialYearOf(now),
      );
      invoice = await this.store.setNumber(invoice.id, {
        financialYear,
        serial,
        number: invoiceNumber(financialYear, serial),
        issuedAt: now,
      });
    }
    const deal = await this.deals.findById(invoice.dealId);
    const milestone = deal?.milestones.find(({ id }) => id === invoice.milestoneId);
    let pdf: Uint8Array;
    try {
      pdf = await this.renderer.render(invoice);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn(`invoice ${invoice.id} could not be rendered: ${message}`);
      await this.store.markFailed(invoice.id, 'The PDF could not be rendered; retrying.');
      return { ...invoice, lastError: 'The PDF could not be rendered; retrying.' };
    }
    if (deal && milestone) {
      // The brand is told through the notifications (bell, e-mail with the PDF), once per invoice.
      const told = await this.notices.issued({
        invoiceId: invoice.id,
        dealId: deal.id,
        milestoneId: milestone.id,
        number: invoice.number ?? '',
        creatorName: invoice.supplier.name,
        totalPaise: invoice.totalPaise,
        issuedAt: invoice.issuedAt ?? this.clock.now(),
        pdf: {
          filename: `invoice-${(invoice.number ?? invoice.id).replaceAll('/', '-')}.pdf`,
          contentType: 'application/pdf',
          content: pdf,
        },
      });
      // Another instance claimed the notice and has not finished (perhaps it died): the invoice
      // stays to be issued, so the worker's next pass asks again until the notice is sent.
      if (told === 'held') return invoice;
    }
    await this.store.markIssued(invoice.id, pdf);
    return { ...invoice, status: 'issued', lastError: null };
  }

  /**
   * One round of the worker: invoices for the `released` transactions of its ledger feed,
   * settlements for the `settled` ones, and another try for invoices still to be issued. Returns
   * how much it did. `stopping` is asked before each item: a process shutting down leaves the
   * rest (each a PDF to render) to the next pass, of this instance or another.
   */
  async tick(stopping: () => boolean = () => false): Promise<number> {
    const transactions = await this.feed.next('invoices', BATCH);
    const handled: string[] = [];
    try {
      for (const transaction of transactions) {
        if (stopping()) break;
        await this.follow(transaction);
        handled.push(transaction.id);
      }
    } finally {
      await this.feed.taken('invoices', handled);
    }
    let done = handled.length;
    for (const invoice of await this.store.toBeIssued(BATCH)) {
      if (stopping()) break;
      const result = await this.complete(invoice);
      if (result.status === 'issued') done += 1;
    }
    return done;
  }

  /** Once per start: the journal from where the worker's walk stood before its feed existed. */
  catchUp(): Promise<number> {
    return catchUpFromPositions(this.ledger, this.cursors, POSITIONS, BATCH, async (batch) => {
      for (const transaction of batch) await this.follow(transaction);
      return batch.length;
    });
  }

  /** A release's invoice, or a settlement's mark on it: each idempotent. */
  private async follow(transaction: LedgerTransaction): Promise<void> {
    const { dealId, milestoneId, at } = transaction;
    if (transaction.kind === 'released') await this.issueForRelease(dealId, milestoneId);
    if (transaction.kind === 'settled') await this.store.markSettled(dealId, milestoneId, at);
  }

  // Creator's reads.

  list(creatorId: string, view: InvoiceView, page: number, pageSize: number) {
    return this.store.list({ creatorId, view, today: this.today(), page, pageSize });
  }

  counts(creatorId: string): Promise<InvoiceCounts> {
    return this.store.counts(creatorId, this.today());
  }

  async get(creatorId: string, id: string): Promise<Invoice> {
    const invoice = await this.store.findOwned(id, creatorId);
    if (!invoice) throw new InvoiceNotFoundError();
    return invoice;
  }

  async pdf(creatorId: string, id: string): Promise<{ invoice: Invoice; pdf: Uint8Array }> {
    return this.pdfOf(await this.get(creatorId, id));
  }

  /** The creator's released milestones that have no invoice yet (for /create). */
  async releasedWithoutInvoice(creatorId: string): Promise<ReleasedMilestone[]> {
    const invoiced = await this.store.milestonesInvoiced(creatorId);
    const summaries = await this.deals.summaries(creatorId);
    const result: ReleasedMilestone[] = [];
    for (const summary of summaries) {
      if (summary.state !== 'accepted' && summary.state !== 'completed') continue;
      const deal = await this.deals.findOwned(summary.id, creatorId);
      for (const milestone of deal?.milestones ?? []) {
        if (!INVOICEABLE.has(milestone.state) || invoiced.has(`${summary.id}:${milestone.id}`))
          continue;
        result.push({
          dealId: summary.id,
          dealTitle: summary.title,
          milestoneId: milestone.id,
          milestoneName: milestone.name,
          amountPaise: milestone.amountPaise,
          releasedAt: milestone.releasedAt,
          brandGstin: deal?.brand.billing?.gstin ?? null,
          brandAddress: deal?.brand.billing?.address ?? null,
        });
      }
    }
    return result;
  }

  // The brand's side, by the deal review link's token.

  async brandInvoices(token: string): Promise<Invoice[]> {
    const dealId = await this.brandDealId(token);
    return this.store.findByDeal(dealId);
  }

  async brandPdf(token: string, id: string): Promise<{ invoice: Invoice; pdf: Uint8Array }> {
    return this.pdfOf(await this.brandInvoice(token, id));
  }

  async recordTds(
    token: string,
    id: string,
    amountPaise: number,
    certificateNumber: string,
  ): Promise<Invoice> {
    const invoice = await this.brandInvoice(token, id);
    if (amountPaise > invoice.totalPaise) throw new TdsTooLargeError();
    return this.store.recordTds(invoice.id, {
      amountPaise,
      certificateNumber,
      recordedAt: this.clock.now(),
    });
  }

  private async brandInvoice(token: string, id: string): Promise<Invoice> {
    const dealId = await this.brandDealId(token);
    const invoice = await this.store.findById(id);
    if (!invoice || invoice.dealId !== dealId) throw new InvoiceNotFoundError();
    return invoice;
  }

  /** The deal of a brand's token, by the money routes' one rule (BrandMoneyLinks). */
  private async brandDealId(token: string): Promise<string> {
    return (await this.moneyLinks.grantOf(token)).deal.id;
  }

  private async pdfOf(invoice: Invoice): Promise<{ invoice: Invoice; pdf: Uint8Array }> {
    const pdf = invoice.status === 'issued' ? await this.store.pdfOf(invoice.id) : undefined;
    if (!pdf) throw new InvoiceNotIssuedError();
    return { invoice, pdf };
  }

  today(): string {
    return indianDateOf(this.clock.now());
  }
}
