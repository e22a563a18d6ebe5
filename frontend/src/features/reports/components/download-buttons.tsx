import { Download } from 'lucide-react';
import { useState } from 'react';

const BUTTON =
  'inline-flex items-center gap-2 rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800';

/** "Download CSV" and "Download PDF" of one report; a failed download says so. */
export function DownloadButtons({
  what,
  download,
}: {
  what: string;
  download: (as: 'csv' | 'pdf') => Promise<void>;
}) {
  const [failed, setFailed] = useState<'csv' | 'pdf' | null>(null);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {(['csv', 'pdf'] as const).map((as) => (
          <button
            key={as}
            type="button"
            className={BUTTON}
            aria-label={`Download the ${what} as ${as.toUpperCase()}`}
            onClick={() => {
              setFailed(null);
              download(as).catch(() => {
                setFailed(as);
              });
            }}
          >
            <Download aria-hidden="true" className="size-4" />
            {as.toUpperCase()}
          </button>
        ))}
      </div>
      {failed && (
        <p role="alert" className="text-sm text-red-800 dark:text-red-200">
          The {failed.toUpperCase()} could not be downloaded. Please try again.
        </p>
      )}
    </div>
  );
}
