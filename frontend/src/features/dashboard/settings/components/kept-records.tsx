import type { KeptRecordDto } from '@/api/generated/types.gen';

const untilWords = (until: string | null) =>
  until === null ? 'Until you ask the grievance contact to remove it' : `Until ${until}`;

/** What an erasure keeps: what, why and until when, one entry each. */
export function KeptRecords({ kept }: { kept: readonly KeptRecordDto[] }) {
  return (
    <ul className="flex flex-col gap-3">
      {kept.map((record) => (
        <li
          key={record.what}
          className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700"
        >
          <p className="font-medium break-words">{record.what}</p>
          <p className="text-slate-700 dark:text-slate-300">{record.why}</p>
          <p className="font-medium">{untilWords(record.until)}</p>
        </li>
      ))}
    </ul>
  );
}
