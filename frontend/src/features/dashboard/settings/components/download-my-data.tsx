import type { DataExportDto } from '@/api/generated/types.gen';
import { Button } from '@/components/ui/button';
import { messageOf } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useDownloadDataExport, useLatestDataExport, useRequestDataExport } from '../api/my-data';

const REQUEST_FAILED = 'We could not start preparing your data. Please try again.';
const DOWNLOAD_FAILED = 'We could not download your data. Please try again.';

const day = new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeZone: 'Asia/Kolkata' });
const megabytes = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 });

function sizeInWords(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${String(Math.max(1, Math.round(bytes / 1024)))} KB`
    : `${megabytes.format(bytes / (1024 * 1024))} MB`;
}

/** Settings → Data & privacy: a ZIP of the account's own data (JSON and CSV), creators and brands. */
export function DownloadMyData() {
  const latest = useLatestDataExport();
  const ask = useRequestDataExport();
  const current = latest.data?.latest ?? null;
  const requestCopy = () => {
    ask.mutateAsync({}).catch((error: unknown) => {
      notify.error(messageOf(error, REQUEST_FAILED));
    });
  };
  return (
    <div className="flex flex-col gap-2">
      <p className="text-slate-700 dark:text-slate-300">
        Download a copy of your profile, nominee, sessions, deals (with their contract PDFs),
        milestones, invoices (with their PDFs), notifications and (creators) ledger lines, as JSON
        and CSV files in one ZIP. It also names who your data went to outside Paylock. We prepare it
        in the background and tell you when it is ready; you can download it for 7 days.
      </p>
      <p role="status" className="text-slate-700 dark:text-slate-300">
        {statusInWords(current)}
      </p>
      <div className="flex flex-wrap gap-2">
        {current?.state === 'ready' && <DownloadReadyCopy ready={current} />}
        <Button
          variant="secondary"
          pending={ask.isPending || current?.state === 'preparing'}
          pendingLabel="Preparing your data…"
          disabled={latest.isPending}
          onClick={requestCopy}
        >
          {current?.state === 'ready' ? 'Prepare a new copy' : 'Download my data'}
        </Button>
      </div>
    </div>
  );
}

function statusInWords(current: DataExportDto | null): string {
  if (current === null) return '';
  if (current.state === 'preparing') {
    return 'We are preparing your data. We will tell you in the bell and by e-mail when it is ready.';
  }
  const until =
    current.expiresAt === null ? '' : ` until ${day.format(new Date(current.expiresAt))}`;
  return `Your data is ready (${sizeInWords(current.sizeBytes ?? 0)}): download it${until}.`;
}

function DownloadReadyCopy({ ready }: { ready: DataExportDto }) {
  const download = useDownloadDataExport();
  return (
    <Button
      pending={download.isPending}
      pendingLabel="Downloading…"
      onClick={() => {
        download.mutateAsync(ready.id).catch((error: unknown) => {
          notify.error(messageOf(error, DOWNLOAD_FAILED));
        });
      }}
    >
      Download the ZIP
    </Button>
  );
}
