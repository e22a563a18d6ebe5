import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Injectable } from '@nestjs/common';
import pdfmake from 'pdfmake';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import { ContractPdfRenderer } from '../application/ports/contract-documents.js';
import type { ContractDocument } from '../domain/contract-template.js';

const require = createRequire(import.meta.url);
/** DejaVu Sans, shipped in an npm package: it has the ₹ sign (U+20B9), and is never downloaded. */
const FONT_DIRECTORY = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FONTS = {
  DejaVuSans: {
    normal: join(FONT_DIRECTORY, 'DejaVuSans.ttf'),
    bold: join(FONT_DIRECTORY, 'DejaVuSans-Bold.ttf'),
    italics: join(FONT_DIRECTORY, 'DejaVuSans-Oblique.ttf'),
    bolditalics: join(FONT_DIRECTORY, 'DejaVuSans-BoldOblique.ttf'),
  },
};
const FONT_FILES = new Set(Object.values(FONTS.DejaVuSans));

pdfmake.setFonts(FONTS);
// No remote resources ever, and only the font files from the disk.
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => FONT_FILES.has(path));

/** A fixed date in the PDF's metadata: the same contract renders to the same bytes. */
const FIXED_METADATA_DATE = new Date('2026-01-01T00:00:00.000Z');

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
    info: {
      title: document.title,
      creator: 'Paylock',
      producer: 'Paylock',
      creationDate: FIXED_METADATA_DATE,
      modDate: FIXED_METADATA_DATE,
    },
    pageSize: 'A4',
    pageMargins: [48, 56, 48, 56],
    defaultStyle: { font: 'DejaVuSans', fontSize: 9.5, lineHeight: 1.25 },
    styles: {
      title: { fontSize: 16, bold: true, margin: [0, 0, 0, 4] },
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
