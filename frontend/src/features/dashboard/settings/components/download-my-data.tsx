import { Button } from '@/components/ui/button';
import { messageOf } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useDownloadMyData } from '../api/my-data';

const DOWNLOAD_FAILED = 'We could not prepare your data. Please try again.';

/** Settings → Data & privacy: a ZIP of the account's own data (JSON and CSV), creators and brands. */
export function DownloadMyData() {
  const download = useDownloadMyData();
  return (
    <div className="flex flex-col gap-2">
      <p className="text-slate-700 dark:text-slate-300">
        Download a copy of your profile, nominee, sessions, deals (with their contract PDFs),
        milestones, invoices (with their PDFs), notifications and (creators) ledger lines, as JSON
        and CSV files in one ZIP. It also names who your data went to outside Paylock.
      </p>
      <Button
        variant="secondary"
        className="self-start"
        pending={download.isPending}
        pendingLabel="Preparing your data…"
        onClick={() => {
          download.mutateAsync().catch((error: unknown) => {
            notify.error(messageOf(error, DOWNLOAD_FAILED));
          });
        }}
      >
        Download my data
      </Button>
    </div>
  );
}
