import { Users } from 'lucide-react';
import type { CollaborationDto } from '@/api/generated/types.gen';
import type { ColumnDef } from '@/components/ui/data-table';
import { formatCount } from '../deal-model';
import { useCollaborations, type CollaborationsQuery } from '../api/deals-queries';
import { groupTotalsColumns } from './group-columns';
import {
  ContractsSearchLink,
  type GroupList,
  GroupListPage,
  type GroupListTexts,
} from './group-list-page';

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

const collaborations: GroupList<CollaborationDto, CollaborationView> = {
  texts,
  useRows: useCollaborations,
  what: 'your collaborations',
  columns,
  getRowId: (item) => item.brand,
  noun: ['brand', 'brands'],
  icon: Users,
};

/** The brands the creator has deals with, one view of them (all, active). */
export const CollaborationsPage = ({ view }: { view: CollaborationView }) => (
  <GroupListPage list={collaborations} view={view} />
);
