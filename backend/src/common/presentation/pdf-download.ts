import { StreamableFile } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';

/** A PDF answered as a download saved under `filename`. */
export function pdfDownload(pdf: Uint8Array, filename: string): StreamableFile {
  return new StreamableFile(pdf, {
    type: 'application/pdf',
    disposition: `attachment; filename="${filename}"`,
    length: pdf.byteLength,
  });
}

/**
 * Documents a 200 that is a PDF download, `filename` as the `Content-Disposition` names it; the
 * error answers stay JSON (no ApiProduces).
 */
export const PdfDownloadResponse = (description: string, filename: string): MethodDecorator =>
  ApiOkResponse({
    description,
    content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
    headers: {
      'Content-Disposition': {
        description: `attachment; filename="${filename}"`,
        schema: { type: 'string' },
      },
    },
  });
