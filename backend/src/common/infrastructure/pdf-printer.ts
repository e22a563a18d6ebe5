import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import pdfmake from 'pdfmake';
import type { Style, TDocumentDefinitions } from 'pdfmake/interfaces.js';

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

/** The one font every Paylock PDF (contracts, invoices) is set in. */
const PDF_FONT = 'DejaVuSans';

/** A fixed date in a PDF's metadata: the same document renders to the same bytes. */
const FIXED_PDF_METADATA_DATE = new Date('2026-01-01T00:00:00.000Z');

/** The title style every Paylock PDF opens with. */
export const PDF_TITLE_STYLE: Style = { fontSize: 16, bold: true, margin: [0, 0, 0, 4] };

/**
 * What every Paylock PDF (contracts, invoices) shares: its metadata, with fixed dates, A4 with the
 * same margins, and the one font at the body size.
 */
export function paylockPdfPage(
  title: string,
): Pick<TDocumentDefinitions, 'info' | 'pageSize' | 'pageMargins' | 'defaultStyle'> {
  return {
    info: {
      title,
      creator: 'Paylock',
      producer: 'Paylock',
      creationDate: FIXED_PDF_METADATA_DATE,
      modDate: FIXED_PDF_METADATA_DATE,
    },
    pageSize: 'A4',
    pageMargins: [48, 56, 48, 56],
    defaultStyle: { font: PDF_FONT, fontSize: 9.5, lineHeight: 1.25 },
  };
}

/** pdfmake, set up once for the process: the fonts above, no remote or other local files. */
export { pdfmake };
