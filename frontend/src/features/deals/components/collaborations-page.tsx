import { Users } from 'lucide-react';
import type { CollaborationDto } from '@/api/generated/types.gen';
import type { ColumnDef } from '@/components/ui/data-table';
import { formatCount } from '../deal-model';
import { useCollaborations, type CollaborationsQuery } from '../api/deals-queries';
import { groupTotalsColumns } from './group-columns';
import { useGroupListParams } from '../hooks/use-list-params';
import { ContractsSearchLink, GroupListPage, type GroupListTexts } from './group-list-page';

/** The brand lists the sidebar opens (its Proposals and Archive list deals, not brands). */
type CollaborationView = Extract<NonNullable<CollaborationsQuery['view']>, 'all' | 'active'>;

const columns: ColumnDef<CollaborationDto>[] = [
  {
    id: 'brand',
    header: 'Brand',
    cell: ({ row }) => <ContractsSearchLink q={row.original.brand} />,
  },
  { id: 'deals', header: 'Deals', cell: ({ row }) => formatCount(row.original.dealCount) },
  { id: 'active', header: 'Active', cell: ({ row }) => formatCount(row.original.activeCount) },
  {
    id: 'proposals',
    header: 'Proposals',
    cell: ({ row }) => formatCount(row.original.proposalCount),
  },
  ...groupTotalsColumns<CollaborationDto>(),
];

const texts: Record<CollaborationView, GroupListTexts> = {
  all: {
    title: 'Brand collaborations',
    description: 'Every brand you have a deal with, and where your deals with it stand.',
    emptyTitle: 'No brand collaborations yet',
    emptyText: 'A brand appears here once you start a deal with it. Start your first deal.',
  },
  active: {
    title: 'Active collaborations',
    description: 'Brands with at least one active contract.',
    emptyTitle: 'No active collaborations',
    emptyText:
      'A collaboration becomes active when a brand accepts your deal. Send a deal to a brand.',
  },
};

/** The brands the creator has deals with, one view of them (all, active, proposals, archive). */
export function CollaborationsPage({ view }: { view: CollaborationView }) {
  const params = useGroupListParams();
  const [{ page, pageSize }] = params;
  return (
    <GroupListPage
      text={texts[view]}
      params={params}
      result={useCollaborations({ view, page, pageSize })}
      what="your collaborations"
      columns={columns}
      getRowId={(item) => item.brand}
      noun={['brand', 'brands']}
      icon={Users}
    />
  );
}

export const AllCollaborationsPage = () => <CollaborationsPage view="all" />;
export const ActiveCollaborationsPage = () => <CollaborationsPage view="active" />;
