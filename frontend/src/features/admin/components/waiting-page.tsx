import { useState } from 'react';
import { Link } from 'react-router';
import type { NotificationDto } from '@/api/generated/types.gen';
import { Button } from '@/components/ui/button';
import { type ColumnDef, DataTable } from '@/components/ui/data-table';
import { formatDateTime } from '@/utils/format-date-time';
import { useAdminNotices } from '../api/admin-queries';
import { NudgeDialog } from './nudge-dialog';
import { QueryState } from './query-state';

/** The notices that say a milestone is stuck past its threshold (the rest are disputes). */
const ESCALATIONS = new Set([
  'funding_overdue',
  'approval_overdue',
  'release_overdue',
  'auto_approved_twice',
]);
/** Those that wait on the brand: an admin may nudge it. */
const WAITING_ON_BRAND = new Set(['funding_overdue', 'auto_approved_twice']);
const kindWords: Record<string, string> = {
  funding_overdue: 'Waiting on the brand to fund',
  approval_overdue: 'Approval window ended, not approved',
  release_overdue: 'Approved, not released',
  auto_approved_twice: 'Two approval windows ran out',
  dispute_opened: 'Dispute opened',
  dispute_answered: 'Dispute answered',
  dispute_decided: 'Dispute decided',
};

function columnsWith(onNudge: (notice: NotificationDto) => void): ColumnDef<NotificationDto>[] {
  return [
    ...COLUMNS,
    {
      id: 'nudge',
      header: 'Nudge',
      cell: ({ row }) =>
        WAITING_ON_BRAND.has(row.original.kind) ? (
          <Button
            variant="secondary"
            aria-label={`Nudge the brand: ${row.original.title}`}
            onClick={() => {
              onNudge(row.original);
            }}
          >
            Nudge the brand
          </Button>
        ) : null,
    },
  ];
}

const COLUMNS: ColumnDef<NotificationDto>[] = [
  {
    id: 'at',
    header: 'Since',
    cell: ({ row }) => <time dateTime={row.original.at}>{formatDateTime(row.original.at)}</time>,
  },
  {
    id: 'kind',
    header: 'What',
    cell: ({ row }) => (
      <span className={ESCALATIONS.has(row.original.kind) ? 'font-semibold' : undefined}>
        {kindWords[row.original.kind] ?? row.original.kind}
      </span>
    ),
  },
  {
    id: 'notice',
    header: 'Deal and milestone',
    meta: { wrap: true },
    cell: ({ row }) => (
      <>
        <span className="font-semibold">{row.original.title}</span>
        <br />
        {row.original.body}
      </>
    ),
  },
  {
    id: 'deal',
    header: 'Deal id',
    cell: ({ row }) => <code className="text-xs">{row.original.dealId}</code>,
  },
];

/**
 * "Waiting on brands" (#39): the milestones stuck past a threshold — a brand that has not funded
 * N days on, an approval window that ended without approval, an approval not released — and the
 * disputes, newest first, a server page at a time.
 */
export function AdminWaitingPage() {
  const [cursors, setCursors] = useState<string[]>([]);
  const { data, error, isPending, isFetching } = useAdminNotices(cursors.at(-1));
  const [nudging, setNudging] = useState<NotificationDto | null>(null);
  return (
    <section aria-labelledby="admin-waiting" className="flex flex-col gap-4">
      <h1 id="admin-waiting" className="text-2xl font-semibold">
        Waiting on brands
      </h1>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Milestones stuck past a threshold (docs/notifications.md, "Escalation"), brands that let two
        approval windows of one deal run out, and disputes. Each is listed once, when its threshold
        passes while the milestone is still stuck. Nudge a brand the money waits on with a short
        note of your own.{' '}
        <Link
          to=".."
          relative="path"
          className="font-semibold text-indigo-700 dark:text-indigo-300"
        >
          Back to the overview
        </Link>
      </p>
      <QueryState isPending={isPending} error={error} label="stuck milestones">
        <DataTable
          caption="Stuck milestones and disputes"
          columns={columnsWith(setNudging)}
          rows={data?.items ?? []}
          getRowId={(row) => row.id}
          isFetching={isFetching}
          noun={['notice', 'notices']}
          emptyState={<p>Nothing is stuck. Paylock tells you here when a milestone is.</p>}
        />
        <nav aria-label="Pages of stuck milestones" className="flex gap-2">
          <Button
            variant="secondary"
            disabled={cursors.length === 0}
            onClick={() => {
              setCursors((all) => all.slice(0, -1));
            }}
          >
            Newer
          </Button>
          <Button
            variant="secondary"
            disabled={(data?.nextCursor ?? null) === null}
            onClick={() => {
              const next = data?.nextCursor ?? null;
              if (next !== null) setCursors((all) => [...all, next]);
            }}
          >
            Older
          </Button>
        </nav>
      </QueryState>
      <NudgeDialog
        notice={nudging}
        onClose={() => {
          setNudging(null);
        }}
      />
    </section>
  );
}
