import { Flag } from 'lucide-react';
import { Link } from 'react-router';
import type { CampaignDto } from '@/api/generated/types.gen';
import { DataTable, type ColumnDef } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { StatusBadge, type StatusTone } from '@/components/ui/status-badge';
import { dealPaths } from '../deal-paths';
import { formatCount } from '../deal-model';
import { formatDateTime } from '@/utils/format-date-time';
import { formatMoney } from '@/utils/format-money';
import { useCampaigns, type CampaignsQuery } from '../api/deals-queries';
import { PAGE_SIZES } from '../deal-model';
import { useListParams } from '../hooks/use-list-params';
import { NewDealLink, PageHeader, QueryProblem, TEXT_LINK } from './deal-parts';

type CampaignView = NonNullable<CampaignsQuery['view']>;

const NO_SORTS = ['activity'] as const;

const statusTexts: Record<CampaignDto['status'], { label: string; tone: StatusTone }> = {
  running: { label: 'Running', tone: 'success' },
  draft: { label: 'Draft', tone: 'neutral' },
  completed: { label: 'Completed', tone: 'info' },
  other: { label: 'Closed', tone: 'neutral' },
};

const columns: ColumnDef<CampaignDto>[] = [
  {
    id: 'name',
    header: 'Campaign',
    cell: ({ row }) => (
      <Link
        to={`${dealPaths.contracts}?${new URLSearchParams({ q: row.original.name }).toString()}`}
        className={TEXT_LINK}
      >
        {row.original.name}
      </Link>
    ),
  },
  { id: 'brands', header: 'Brands', cell: ({ row }) => row.original.brands.join(', ') },
  { id: 'deals', header: 'Deals', cell: ({ row }) => formatCount(row.original.dealCount) },
  {
    id: 'progress',
    header: 'Progress',
    cell: ({ row }) => (
      <span className="inline-flex items-center gap-2">
        <progress
          value={row.original.progressPercent}
          max={100}
          aria-label={`${row.original.name}: ${String(row.original.progressPercent)}% of deals completed`}
          className="h-2 w-20 accent-indigo-700"
        />
        {row.original.progressPercent}%
      </span>
    ),
  },
  { id: 'total', header: 'Total', cell: ({ row }) => formatMoney(row.original.totalPaise) },
  {
    id: 'underContract',
    header: 'Under contract',
    cell: ({ row }) => formatMoney(row.original.totalUnderContractPaise),
  },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row }) => {
      const status = statusTexts[row.original.status];
      return <StatusBadge tone={status.tone}>{status.label}</StatusBadge>;
    },
  },
  {
    id: 'lastActivity',
    header: 'Last activity',
    cell: ({ row }) => formatDateTime(row.original.lastActivityAt),
  },
];

const texts: Record<
  CampaignView,
  { title: string; description: string; emptyTitle: string; emptyText: string }
> = {
  all: {
    title: 'Campaigns',
    description:
      "Your deals grouped by the brand's campaign they belong to, with their totals and progress.",
    emptyTitle: 'No campaigns yet',
    emptyText:
      'Name the campaign when you start a deal (for example "Diwali 2026 launch") and its deals are grouped here.',
  },
  running: {
    title: 'Running campaigns',
    description: 'Campaigns with at least one active contract.',
    emptyTitle: 'No running campaigns',
    emptyText:
      'A campaign runs once a brand accepts one of its deals. Send a deal that names its campaign.',
  },
  draft: {
    title: 'Draft campaigns',
    description: 'Campaigns whose deals are all still drafts.',
    emptyTitle: 'No draft campaigns',
    emptyText: 'Start a deal and name its campaign to plan it here before you send it.',
  },
  completed: {
    title: 'Completed campaigns',
    description: 'Campaigns whose deals are all completed.',
    emptyTitle: 'No completed campaigns yet',
    emptyText:
      'A campaign is completed once every one of its deals is. Your running campaigns are on their way.',
  },
};

/** The brands' campaigns the creator's deals belong to, one view of them. */
export function CampaignsPage({ view }: { view: CampaignView }) {
  const [params, update] = useListParams(NO_SORTS, 'activity');
  const { data, isPending, error, isFetching } = useCampaigns({
    view,
    page: params.page,
    pageSize: params.pageSize,
  });
  const text = texts[view];
  return (
    <>
      <PageHeader title={text.title} description={text.description} action={<NewDealLink />} />
      {error ? (
        <QueryProblem error={error} what="your campaigns" />
      ) : isPending ? (
        <LoadingIndicator label="Loading your campaigns…" />
      ) : (
        <DataTable
          caption={text.title}
          columns={columns}
          rows={data.items}
          getRowId={(item) => item.name}
          paging={{ page: params.page, pageSize: params.pageSize, total: data.total }}
          onPageChange={(page) => {
            update({ page });
          }}
          pageSizes={PAGE_SIZES}
          onPageSizeChange={(pageSize) => {
            update({ pageSize });
          }}
          isFetching={isFetching}
          noun={['campaign', 'campaigns']}
          emptyState={
            <EmptyState title={text.emptyTitle} icon={Flag} action={<NewDealLink />}>
              {text.emptyText}
            </EmptyState>
          }
        />
      )}
    </>
  );
}

export const AllCampaignsPage = () => <CampaignsPage view="all" />;
export const RunningCampaignsPage = () => <CampaignsPage view="running" />;
export const DraftCampaignsPage = () => <CampaignsPage view="draft" />;
export const CompletedCampaignsPage = () => <CampaignsPage view="completed" />;
