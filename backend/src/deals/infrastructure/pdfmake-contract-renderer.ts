import { Injectable } from '@nestjs/common';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import {
  PDF_TITLE_STYLE,
  paylockPdfPage,
  pdfmake,
} from '../../common/infrastructure/pdf-printer.js';
import { ContractPdfRenderer } from '../application/ports/contract-documents.js';
import type { ContractDocument } from '../domain/contract-template.js';

/** The document definition of a contract: text only (pdfmake writes text as text, never markup). */
export function contractDefinition(document: ContractDocument): TDocumentDefinitions {
  const content: Content[] = [
    { text: document.title, style: 'title' },
    { text: document.subtitle, style: 'meta' },
  ];
  document.sections.forEach((section, index) => {
    const isAuditTrail = section.heading === 'Audit trail';
    content.push({
      text: section.heading,
      style: 'heading',
      ...(isAuditTrail && index > 0 ? { pageBreak: 'before' as const } : {}),
    });
    for (const paragraph of section.paragraphs) content.push({ text: paragraph, style: 'body' });
    if (section.table) {
      content.push({
        table: {
          headerRows: 1,
          widths: section.table.header.map(() => '*'),
          body: [
            section.table.header.map((cell) => ({ text: cell, bold: true })),
            ...section.table.rows.map((row) => row.map((cell) => ({ text: cell }))),
          ],
        },
        layout: 'lightHorizontalLines',
        style: 'table',
      });
    }
  });
  return {
    ...paylockPdfPage(document.title),
    styles: {
      title: PDF_TITLE_STYLE,
      meta: { fontSize: 8, color: '#555555', margin: [0, 0, 0, 12] },
      heading: { fontSize: 11.5, bold: true, margin: [0, 10, 0, 4] },
      body: { margin: [0, 0, 0, 4] },
      table: { fontSize: 8, margin: [0, 4, 0, 8] },
    },
    footer: (currentPage: number, pageCount: number) => ({
      text: `Page ${String(currentPage)} of ${String(pageCount)}`,
      alignment: 'center',
      fontSize: 7.5,
      color: '#777777',
    }),
    content,
  };
}

@Injectable()
export class PdfmakeContractRenderer extends ContractPdfRenderer {
  async render(document: ContractDocument): Promise<Uint8Array> {
    const buffer = await pdfmake.createPdf(contractDefinition(document)).getBuffer();
    return new Uint8Array(buffer);
  }
}
