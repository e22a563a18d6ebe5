import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import { PDF_TITLE_STYLE } from '../../common/infrastructure/pdf-printer.js';
import { formatRupees } from '../../deals/deals.contract.js';
import type { ReportHolder } from '../application/ports/report-pdf-renderer.js';

/** The reports' PDF parts: styles, cells and tables the statements and the extract share. */
export const STYLES: TDocumentDefinitions['styles'] = {
  title: PDF_TITLE_STYLE,
  meta: { margin: [0, 0, 0, 12] },
  heading: { fontSize: 11, bold: true, margin: [0, 12, 0, 4] },
  table: { fontSize: 7.5, margin: [0, 4, 0, 8] },
  small: { fontSize: 8, color: '#555555', margin: [0, 4, 0, 4] },
};

export const bold = (text: string): TableCell => ({ text, bold: true });
export const money = (paise: number): TableCell => ({
  text: formatRupees(paise),
  alignment: 'right',
});

export function table(widths: (string | number)[], body: TableCell[][]): Content {
  return { table: { headerRows: 1, widths, body }, layout: 'lightHorizontalLines', style: 'table' };
}

export const holderLine = (holder: ReportHolder) =>
  `${holder.name}${holder.email !== null ? ` (${holder.email})` : ''}`;
