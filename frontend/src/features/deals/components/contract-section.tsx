import type { UseMutationResult } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { notify } from '@/lib/notify';
import { SECONDARY_BUTTON } from './deal-parts';

/**
 * A deal's contract, on the creator's deal page and the brand's review page: the heading with
 * "Download PDF" (the PDF fetched by `download` for `downloadKey`), then what the page shows of it.
 */
export function ContractSection({
  headingId,
  title,
  download,
  downloadKey,
  children,
}: {
  headingId: string;
  title: string;
  download: Pick<UseMutationResult<unknown, Error, string>, 'isPending' | 'mutate'>;
  downloadKey: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        <button
          type="button"
          className={SECONDARY_BUTTON}
          disabled={download.isPending}
          onClick={() => {
            download.mutate(downloadKey, {
              onError: (failure) => {
                notify.error(failure.message);
              },
            });
          }}
        >
          <Download aria-hidden="true" className="size-4" />
          {download.isPending ? 'Downloading…' : 'Download PDF'}
        </button>
      </div>
      {children}
    </section>
  );
}
