import { useMutation } from '@tanstack/react-query';
import { downloadMyData } from '@/api/generated/sdk.gen';
import { downloadBlob } from '@/lib/download-blob';

export const MY_DATA_FILENAME = 'paylock-my-data.zip';

/** "Download my data": the server builds the ZIP of the signed-in creator's own data. */
export function useDownloadMyData() {
  return useMutation({
    mutationFn: async () => {
      const { data } = await downloadMyData({ parseAs: 'blob', throwOnError: true });
      downloadBlob(new Blob([data], { type: 'application/zip' }), MY_DATA_FILENAME);
    },
  });
}
