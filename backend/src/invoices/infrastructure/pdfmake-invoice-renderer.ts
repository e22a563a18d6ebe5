import { Injectable } from '@nestjs/common';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import {
  PDF_TITLE_STYLE,
  paylockPdfPage,
  pdfmake,
} from '../../common/infrastructure/pdf-printer.js';
import { formatRupees } from '../../deals/deals.contract.js';
import { InvoicePdfRenderer } from '../application/ports/invoice-pdf-renderer.js';
import { SAC_CODES } from '../domain/gst.js';
import type { Invoice, InvoiceParty } from '../domain/invoice.js';
import { indianDateOf } from '../domain/invoice-number.js';

const percent = (basisPoints: number) => `${String(basisPoints / 100)}%`;

function party(heading: string, who: InvoiceParty): Content {
  return {
    stack: [
      { text: heading, bold: true },
      who.name,
      who.address ?? 'Address not given',
      `GSTIN: ${who.gstin ?? 'Unregistered'}`,
    ],
  };
}

/** The document definition of an invoice: text only, the same font as the contracts. */
export function invoiceDefinition(invoice: Invoice): TDocumentDefinitions {
  const title = invoice.kind === 'tax_invoice' ? 'Tax invoice' : 'Bill of supply';
  const sac = SAC_CODES.find(({ code }) => code === invoice.sac);
  const rows: string[][] = [['Taxable value', formatRupees(invoice.taxablePaise)]];
  if (invoice.gst?.supply === 'intra_state') {
    rows.push([
      `CGST @ ${percent(invoice.gst.cgstBasisPoints)}`,
      formatRupees(invoice.gst.cgstPaise),
    ]);
    rows.push([
      `SGST @ ${percent(invoice.gst.sgstBasisPoints)}`,
      formatRupees(invoice.gst.sgstPaise),
    ]);
  } else if (invoice.gst) {
    rows.push([
      `IGST @ ${percent(invoice.gst.igstBasisPoints)}`,
      formatRupees(invoice.gst.igstPaise),
    ]);
  }
  rows.push(['Total', formatRupees(invoice.totalPaise)]);
  const content: Content[] = [
    { text: title, style: 'title' },
    {
      text: [
        `Invoice number: ${invoice.number ?? ''}\n`,
        `Date: ${invoice.issuedAt ? indianDateOf(invoice.issuedAt) : ''}\n`,
        `Place of supply: ${
          invoice.placeOfSupply
            ? `${invoice.placeOfSupply.stateName} (${invoice.placeOfSupply.stateCode})`
            : 'Not stated'
        }`,
      ],
      style: 'meta',
    },
    {
      columns: [
        party('Supplier (creator)', invoice.supplier),
        party('Recipient (brand)', invoice.recipient),
      ],
    },
    {
      table: {
        headerRows: 1,
        widths: ['*', 'auto', 'auto'],
        body: [
          [
            { text: 'Description', bold: true },
            { text: 'SAC', bold: true },
            { text: 'Taxable value', bold: true },
          ],
          [
            invoice.description,
            `${invoice.sac}${sac ? ` (${sac.description})` : ''}`,
            formatRupees(invoice.taxablePaise),
          ],
        ],
      },
      layout: 'lightHorizontalLines',
      style: 'table',
    },
    {
      table: { widths: ['*', 'auto'], body: rows },
      layout: 'lightHorizontalLines',
      style: 'table',
    },
    { text: `Amount in words: ${invoice.totalInWords}`, style: 'body' },
    ...(invoice.kind === 'bill_of_supply'
      ? [{ text: 'The supplier is not registered under GST; no tax is charged.', style: 'body' }]
      : []),
    {
      text: 'TDS under the Income-tax Act may be deducted by the recipient; the creator sees any TDS recorded against this invoice in their Paylock wallet.',
      style: 'small',
    },
    { text: `For ${invoice.supplier.name}`, margin: [0, 36, 0, 0] },
    { text: '______________________________', margin: [0, 24, 0, 0] },
    { text: 'Signature of the supplier or authorised signatory', style: 'small' },
  ];
  return {
    ...paylockPdfPage(`${title} ${invoice.number ?? ''}`),
    styles: {
      title: PDF_TITLE_STYLE,
      meta: { margin: [0, 0, 0, 12] },
      body: { margin: [0, 4, 0, 4] },
      small: { fontSize: 8, color: '#555555', margin: [0, 4, 0, 4] },
      table: { margin: [0, 8, 0, 8] },
    },
    content,
  };
}

@Injectable()
export class PdfmakeInvoiceRenderer extends InvoicePdfRenderer {
  async render(invoice: Invoice): Promise<Uint8Array> {
    const buffer = await pdfmake.createPdf(invoiceDefinition(invoice)).getBuffer();
    return new Uint8Array(buffer);
  }
}
