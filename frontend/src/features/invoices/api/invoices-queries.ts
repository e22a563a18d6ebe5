import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  countInvoicesOptions,
  createInvoiceMutation,
  listInvoicesOptions,
  listInvoicesQueryKey,
  listReleasableMilestonesOptions,
  listSacCodesOptions,
} from '@/api/generated/@tanstack/react-query.gen';
import { downloadInvoicePdf } from '@/api/generated/sdk.gen';
import type { InvoiceDto, ListInvoicesData } from '@/api/generated/types.gen';
import { downloadBlob } from '@/lib/download-blob';

export type InvoiceView = NonNullable<NonNullable<ListInvoicesData['query']>['view']>;

export function useInvoices(view: InvoiceView, page: number, pageSize: number) {
  return useQuery({
    ...listInvoicesOptions({ query: { view, page, pageSize } }),
    placeholderData: keepPreviousData,
  });
}

export function useInvoiceCounts() {
  return useQuery(countInvoicesOptions());
}

export function useReleasableMilestones() {
  return useQuery(listReleasableMilestonesOptions());
}

export function useSacCodes() {
  return useQuery({ ...listSacCodesOptions(), staleTime: Infinity });
}

export function useCreateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    ...createInvoiceMutation(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listInvoicesQueryKey() }),
  });
}

export async function downloadInvoice(invoice: InvoiceDto): Promise<void> {
  const { data } = await downloadInvoicePdf({
    path: { invoiceId: invoice.id },
    parseAs: 'blob',
    throwOnError: true,
  });
  const name = (invoice.number ?? invoice.id).replaceAll('/', '-');
  downloadBlob(new Blob([data], { type: 'application/pdf' }), `paylock-invoice-${name}.pdf`);
}
