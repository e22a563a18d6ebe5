import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getLatestDataExportOptions,
  getLatestDataExportQueryKey,
  requestDataExportMutation,
} from '@/api/generated/@tanstack/react-query.gen';
import { downloadDataExport } from '@/api/generated/sdk.gen';
import { downloadBlob } from '@/lib/download-blob';

export const MY_DATA_FILENAME = 'paylock-my-data.zip';
/** How often the page looks again while the copy is being prepared. */
export const PREPARING_REFRESH_MS = 2_000;

/** The copy being prepared, else the latest one ready (null: none); followed while preparing. */
export function useLatestDataExport() {
  return useQuery({
    ...getLatestDataExportOptions(),
    refetchInterval: (query) =>
      query.state.data?.latest?.state === 'preparing' ? PREPARING_REFRESH_MS : false,
  });
}

/** Asks the server to prepare a copy of the account's own data in the background. */
export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    ...requestDataExportMutation(),
    onSuccess: (asked) => {
      queryClient.setQueryData(getLatestDataExportQueryKey(), { latest: asked });
    },
  });
}

/** Saves a ready copy's ZIP as paylock-my-data.zip. */
export function useDownloadDataExport() {
  return useMutation({
    mutationFn: async (exportId: string) => {
      const { data } = await downloadDataExport({
        path: { exportId },
        parseAs: 'blob',
        throwOnError: true,
      });
      downloadBlob(new Blob([data], { type: 'application/zip' }), MY_DATA_FILENAME);
    },
  });
}
