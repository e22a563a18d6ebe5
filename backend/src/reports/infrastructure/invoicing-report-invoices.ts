import { Injectable } from '@nestjs/common';
import type { Invoice } from '../../invoices/invoices.contract.js';
import { Invoicing } from '../../invoices/index.js';
import { ReportInvoices } from '../application/ports/report-invoices.js';

/** A page of the invoices list's largest size. */
const PAGE_SIZE = 100;

/**
 * The creator's invoices through the invoices module's own list (by the creator's id), page by
 * page: one page for a creator with up to 100 invoices. Only issued ones are kept.
 */
@Injectable()
export class InvoicingReportInvoices extends ReportInvoices {
  constructor(private readonly invoicing: Invoicing) {
    super();
  }

  async issuedOf(creatorId: string): Promise<Invoice[]> {
    const issued: Invoice[] = [];
    for (let page = 1; ; page += 1) {
      const { items, total } = await this.invoicing.list(creatorId, 'all', page, PAGE_SIZE);
      issued.push(...items.filter(({ status }) => status === 'issued'));
      if (page * PAGE_SIZE >= total || items.length === 0) return issued;
    }
  }
}
