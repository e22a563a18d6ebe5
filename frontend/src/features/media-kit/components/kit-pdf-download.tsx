import { Button } from '@/components/ui/button';
import { useDownloadKitPdf } from '../api/kit-pdf-queries';

/** "Download the kit as a PDF": bio, platforms, published packages and, if shown, the record. */
export function KitPdfDownload() {
  const download = useDownloadKitPdf();
  return (
    <section aria-labelledby="kit-pdf" className="flex flex-col items-start gap-2">
      <h2 id="kit-pdf" className="text-lg font-semibold">
        Your kit as a PDF
      </h2>
      <p>
        Your bio, platforms with their self-reported figures, your published packages and, if you
        chose to show it, your track record on Paylock.
      </p>
      <Button
        variant="secondary"
        pending={download.isPending}
        pendingLabel="Preparing the PDF…"
        onClick={() => {
          download.mutate();
        }}
      >
        Download the kit as a PDF
      </Button>
      {download.isError && (
        <p role="alert" className="text-sm text-red-800 dark:text-red-200">
          {download.error.message}
        </p>
      )}
    </section>
  );
}
