import { Injectable } from '@nestjs/common';
import type { Invoice } from '../domain/invoice.js';
import { InvoiceStore } from './ports/invoice.store.js';

/** Whose invoices: the creator who issued them, or the brand workspace billed. */
export interface InvoiceParty {
  readonly kind: 'creator' | 'brand';
  readonly accountId: string;
}

/** An invoice with its PDF as issued (none while it is still to be issued). */
export interface InvoiceWithPdf {
  readonly invoice: Invoice;
  readonly pdf: Uint8Array | undefined;
}

/**
 * A party's invoices on the deals given, with their PDFs (the data download, #41): a creator's
 * own, or those billed to the brand's workspace. Deals the party is not on yield none.
 */
@Injectable()
export class PartyInvoices {
  constructor(private readonly invoices: InvoiceStore) {}

  async onDeals(party: InvoiceParty, dealIds: readonly string[]): Promise<InvoiceWithPdf[]> {
    const found: InvoiceWithPdf[] = [];
    for (const dealId of dealIds) {
      for (const invoice of await this.invoices.findByDeal(dealId)) {
        if (!isOf(invoice, party)) continue;
        const pdf = invoice.status === 'issued' ? await this.invoices.pdfOf(invoice.id) : undefined;
        found.push({ invoice, pdf });
      }
    }
    return found;
  }
}

function isOf(invoice: Invoice, party: InvoiceParty): boolean {
  return party.kind === 'creator'
    ? invoice.creatorId === party.accountId
    : invoice.brandAccountId === party.accountId;
}
