import { Flag } from 'lucide-react';
import type { CampaignDto } from '@/api/generated/types.gen';
import type { ColumnDef } from '@/components/ui/data-table';
import { StatusBadge, type StatusTone } from '@/components/ui/status-badge';
import { formatCount } from '../deal-model';
import { formatMoney } from '@/utils/format-money';
import { useCampaigns, type CampaignsQuery } from '../api/deals-queries';
import { groupTotalsColumns } from './group-columns';
import {
  ContractsSearchLink,
  type GroupList,
  GroupListPage,
  type GroupListTexts,
} from './group-list-page';

type CampaignView = NonNullable<CampaignsQuery['view']>;

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
    cell: ({ row }) => <ContractsSearchLink q={row.original.name} />,
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
    id: 'status',
    header: 'Status',
    cell: ({ row }) => {
      const status = statusTexts[row.original.status];
      return <StatusBadge tone={status.tone}>{status.label}</StatusBadge>;
    },
  },
  ...groupTotalsColumns<CampaignDto>(),
];

const texts: Record<CampaignView, GroupListTexts> = {
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

const campaigns: GroupList<CampaignDto, CampaignView> = {
  texts,
  useRows: useCampaigns,
  what: 'your campaigns',
  columns,
  getRowId: (item) => item.name,
  noun: ['campaign', 'campaigns'],
  icon: Flag,
};

/** The brands' campaigns the creator's deals belong to, one view of them. */
export const CampaignsPage = ({ view }: { view: CampaignView }) => (
  <GroupListPage list={campaigns} view={view} />
);
