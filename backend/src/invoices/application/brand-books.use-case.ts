import { Injectable } from '@nestjs/common';
import { brandAccountOf, type Deal, DealReads } from '../../deals/deals.contract.js';
import { LedgerFeed, LedgerReader, type LedgerTransaction } from '../../ledger/ledger.contract.js';
import {
  type BookedInvoice,
  bookedInvoiceOf,
  type BrandStatement,
  brandStatementOf,
} from '../domain/brand-books.js';
import { InvoiceNotFoundError, InvoiceNotIssuedError } from '../domain/invoice.errors.js';
import type { Invoice } from '../domain/invoice.js';
import {
  type BookChange,
  type BookedInvoicePage,
  BrandBooksStore,
} from './ports/brand-books.store.js';
import { InvoiceStore } from './ports/invoice.store.js';
import { catchUpFromPositions, walkJournal } from './journal-walk.js';
import { LedgerCursors } from './ports/ledger-cursors.js';

const BATCH = 200;
const MONEY_KINDS = ['funded', 'refunded'] as const;
/** Where the books' walk of the journal stood before their feed existed (see catchUp). */
const POSITIONS = MONEY_KINDS.map((kind) => ({ cursor: `brand-books:${kind}`, kind }));

/** The brand workspace a deal's money is bound to (accepted from it), or null. */
function brandOf(deal: Deal | undefined): string | null {
  return deal ? brandAccountOf(deal) : null;
}

/** The name the creator signed the deal's latest contract with. */
const creatorNameOf = (deal: Deal | undefined) =>
  deal?.contracts.at(-1)?.creatorAcceptance.fullName ?? '';

/**
 * The brand workspace's books (#40, item 4): followers take every invoice revision and every
 * `funded` / `refunded` ledger transaction of the brand's deals (from the books' ledger feed) once
 * into its read model; the brand's invoice pages, PDFs and statements read that model by its own
 * keys, never the invoices or the ledger of anyone else.
 */
@Injectable()
export class BrandBooks {
  constructor(
    private readonly invoices: InvoiceStore,
    private readonly books: BrandBooksStore,
    private readonly ledger: LedgerReader,
    private readonly feed: LedgerFeed,
    private readonly cursors: LedgerCursors,
    private readonly deals: DealReads,
  ) {}

  /** One pass of the followers: invoices changed, then the brand's payments and refunds. */
  async follow(): Promise<number> {
    const taken = await this.takeInvoices();
    const transactions = await this.feed.next('brand-books', BATCH);
    const booked = await this.takeMoney(transactions);
    await this.feed.taken(
      'brand-books',
      transactions.map(({ id }) => id),
    );
    return taken + booked;
  }

  /** Once per start: the journal from where the books' walk stood before their feed existed. */
  catchUp(): Promise<number> {
    return catchUpFromPositions(this.ledger, this.cursors, POSITIONS, BATCH, (transactions) =>
      this.takeMoney(transactions),
    );
  }

  /** Drops every brand's books and takes the invoices and the whole journal into them again. */
  async rebuild(): Promise<number> {
    await this.books.dropAll();
    await this.invoices.unbookAll();
    let taken = 0;
    for (const kind of MONEY_KINDS) {
      taken += await walkJournal(this.ledger, kind, null, BATCH, (transactions) =>
        this.takeMoney(transactions),
      );
    }
    for (let pass = await this.follow(); pass > 0; pass = await this.follow()) taken += pass;
    return taken;
  }

  private async takeInvoices(): Promise<number> {
    const changed = await this.invoices.unbooked(BATCH);
    const byBrand = new Map<string, BookChange[]>();
    for (const { invoice, rev } of changed) {
      const booked = invoice.brandAccountId ? bookedInvoiceOf(invoice, rev) : null;
      if (!booked || !invoice.brandAccountId) continue;
      const changes = byBrand.get(invoice.brandAccountId) ?? [];
      changes.push({
        id: `invoice:${invoice.id}:${String(rev)}`,
        kind: 'invoice',
        invoice: booked,
      });
      byBrand.set(invoice.brandAccountId, changes);
    }
    for (const [brandId, changes] of byBrand) await this.books.take(brandId, changes);
    for (const { invoice, rev } of changed) await this.invoices.markBooked(invoice.id, rev);
    return changed.length;
  }

  /** Payments and refunds of the brands' deals into their books (each change taken once). */
  private async takeMoney(transactions: readonly LedgerTransaction[]): Promise<number> {
    const deals = new Map<string, Deal | undefined>();
    const byBrand = new Map<string, BookChange[]>();
    for (const transaction of transactions) {
      if (transaction.kind !== 'funded' && transaction.kind !== 'refunded') continue;
      if (!deals.has(transaction.dealId))
        deals.set(transaction.dealId, await this.deals.findById(transaction.dealId));
      const deal = deals.get(transaction.dealId);
      const brandId = brandOf(deal);
      if (!brandId) continue;
      const amountPaise = transaction.lines
        .filter(({ amountPaise }) => amountPaise > 0)
        .reduce((sum, { amountPaise }) => sum + amountPaise, 0);
      const changes = byBrand.get(brandId) ?? [];
      changes.push({
        id: `ledger:${transaction.id}`,
        kind: 'money',
        money: {
          kind: transaction.kind,
          creatorId: transaction.creatorId,
          creatorName: creatorNameOf(deal),
          at: new Date(transaction.at).getTime(),
          amountPaise,
        },
      });
      byBrand.set(brandId, changes);
    }
    let taken = 0;
    for (const [brandId, changes] of byBrand) taken += await this.books.take(brandId, changes);
    return taken;
  }

  // The brand's reads.

  invoicesPage(brandId: string, page: number, pageSize: number): Promise<BookedInvoicePage> {
    return this.books.page(brandId, page, pageSize);
  }

  /** One of the brand's issued invoices with its PDF; another brand's answers as unknown. */
  async pdf(brandId: string, invoiceId: string): Promise<{ invoice: Invoice; pdf: Uint8Array }> {
    const booked: BookedInvoice | undefined = await this.books.invoice(brandId, invoiceId);
    const invoice = booked ? await this.invoices.findById(booked.id) : undefined;
    if (!invoice || invoice.brandAccountId !== brandId) throw new InvoiceNotFoundError();
    const pdf = invoice.status === 'issued' ? await this.invoices.pdfOf(invoice.id) : undefined;
    if (!pdf) throw new InvoiceNotIssuedError();
    return { invoice, pdf };
  }

  async statement(brandId: string, financialYear: string): Promise<BrandStatement> {
    return brandStatementOf(financialYear, await this.books.year(brandId, financialYear));
  }
}
