import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  getPayoutDestinationOptions,
  getWalletOptions,
  listWalletTransactionsOptions,
} from '@/api/generated/@tanstack/react-query.gen';
import { downloadWalletTransactions } from '@/api/generated/sdk.gen';
import type { ListWalletTransactionsData } from '@/api/generated/types.gen';
import { downloadBlob } from '@/lib/download-blob';

export type TransactionsQuery = NonNullable<ListWalletTransactionsData['query']>;
export type TransactionFilters = Omit<TransactionsQuery, 'page' | 'pageSize'>;

/** Held, releasing and paid out, each by deal, and the money released per month. */
export function useWallet() {
  return useQuery(getWalletOptions());
}

/** One page of the creator's ledger lines; the previous page stays on screen while the next loads. */
export function useWalletTransactions(query: TransactionsQuery) {
  return useQuery({
    ...listWalletTransactionsOptions({ query }),
    placeholderData: keepPreviousData,
  });
}

export function usePayoutDestination() {
  return useQuery(getPayoutDestinationOptions());
}

/** The same lines as a CSV file (the filters apply). */
export async function downloadTransactionsCsv(filters: TransactionFilters): Promise<void> {
  const { data } = await downloadWalletTransactions({
    query: filters,
    parseAs: 'blob',
    throwOnError: true,
  });
  // The body is read as a Blob (typed as the CSV's text): both are parts of a Blob.
  downloadBlob(new Blob([data], { type: 'text/csv' }), 'paylock-wallet-transactions.csv');
}
