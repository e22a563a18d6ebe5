import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  getBrandStatementOptions,
  listBrandAccountInvoicesOptions,
} from '@/api/generated/@tanstack/react-query.gen';
import {
  downloadBrandAccountInvoicePdf,
  downloadBrandStatementCsv,
  downloadBrandStatementPdf,
} from '@/api/generated/sdk.gen';
import { downloadBlob } from '@/lib/download-blob';

/** One page of the invoices issued to the brand workspace, newest first (server-paged). */
export function useBrandInvoices(page: number, pageSize: number) {
  return useQuery({
    ...listBrandAccountInvoicesOptions({ query: { page, pageSize } }),
    placeholderData: keepPreviousData,
  });
}

/** The brand's statement for its books, one financial year (April–March, India time). */
export function useBrandStatement(financialYear: string) {
  return useQuery({
    ...getBrandStatementOptions({ query: { financialYear } }),
    placeholderData: keepPreviousData,
  });
}

export async function downloadInvoicePdf(invoiceId: string, number: string): Promise<void> {
  const { data } = await downloadBrandAccountInvoicePdf({
    path: { invoiceId },
    parseAs: 'blob',
    throwOnError: true,
  });
  // The body is read as a Blob (typed as the file's text): both are parts of a Blob.
  downloadBlob(
    new Blob([data], { type: 'application/pdf' }),
    `paylock-invoice-${number.replaceAll('/', '-')}.pdf`,
  );
}

export async function downloadBrandStatement(
  financialYear: string,
  as: 'csv' | 'pdf',
): Promise<void> {
  const call = as === 'csv' ? downloadBrandStatementCsv : downloadBrandStatementPdf;
  const { data } = await call({ query: { financialYear }, parseAs: 'blob', throwOnError: true });
  downloadBlob(
    new Blob([data], { type: as === 'csv' ? 'text/csv' : 'application/pdf' }),
    `paylock-brand-statement-${financialYear}.${as}`,
  );
}
