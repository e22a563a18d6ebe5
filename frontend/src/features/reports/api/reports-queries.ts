import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  getLedgerExtractOptions,
  getStatementOptions,
} from '@/api/generated/@tanstack/react-query.gen';
import {
  downloadLedgerCsv,
  downloadLedgerPdf,
  downloadStatementCsv,
  downloadStatementPdf,
} from '@/api/generated/sdk.gen';
import type { GetLedgerExtractData } from '@/api/generated/types.gen';
import { downloadBlob } from '@/lib/download-blob';

export type LedgerRange = Pick<GetLedgerExtractData['query'], 'from' | 'to'>;

/** The financial-year statement (April–March, India time). */
export function useStatement(financialYear: string) {
  return useQuery({
    ...getStatementOptions({ query: { financialYear } }),
    placeholderData: keepPreviousData,
  });
}

/** A page of the ledger extract of `range` (null: not asked for yet). */
export function useLedgerExtract(range: LedgerRange | null, page: number, pageSize: number) {
  return useQuery({
    ...getLedgerExtractOptions({
      query: { from: range?.from ?? '', to: range?.to ?? '', page, pageSize },
    }),
    enabled: range !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export async function downloadStatement(financialYear: string, as: 'csv' | 'pdf'): Promise<void> {
  const call = as === 'csv' ? downloadStatementCsv : downloadStatementPdf;
  const { data } = await call({ query: { financialYear }, parseAs: 'blob', throwOnError: true });
  // The body is read as a Blob (typed as the file's text): both are parts of a Blob.
  downloadBlob(
    new Blob([data], { type: as === 'csv' ? 'text/csv' : 'application/pdf' }),
    `paylock-statement-${financialYear}.${as}`,
  );
}

export async function downloadLedger(range: LedgerRange, as: 'csv' | 'pdf'): Promise<void> {
  const call = as === 'csv' ? downloadLedgerCsv : downloadLedgerPdf;
  const { data } = await call({ query: range, parseAs: 'blob', throwOnError: true });
  downloadBlob(
    new Blob([data], { type: as === 'csv' ? 'text/csv' : 'application/pdf' }),
    `paylock-ledger-${range.from}-to-${range.to}.${as}`,
  );
}

/** The field messages of a 400 (`{ errors: { to: '…' } }`), or none. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (typeof error === 'object' && error !== null && 'errors' in error) {
    const { errors } = error;
    if (typeof errors === 'object' && errors !== null) return errors as Record<string, string>;
  }
  return {};
}
