import { useMutation } from '@tanstack/react-query';
import { downloadMediaKitPdf } from '@/api/generated/sdk.gen';
import { saveFileAnswer } from '@/lib/download-blob';

const PDF_FAILED = () => new Error('The PDF could not be downloaded. Please try again.');

/**
 * Downloads the kit as a PDF. The API needs the bearer token, so the file is fetched by the
 * client and handed to the browser as a download.
 */
export function useDownloadKitPdf() {
  return useMutation({
    mutationFn: async () =>
      saveFileAnswer(
        await downloadMediaKitPdf({ parseAs: 'blob' }),
        'paylock-media-kit.pdf',
        PDF_FAILED,
      ),
  });
}
