import { Users } from 'lucide-react';
import { Link } from 'react-router';
import type { CollaborationDto } from '@/api/generated/types.gen';
import { DataTable, type ColumnDef } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { dealPaths } from '../deal-paths';
import { formatCount } from '../deal-model';
import { formatDateTime } from '@/utils/format-date-time';
import { formatMoney } from '@/utils/format-money';
import { useCollaborations, type CollaborationsQuery } from '../api/deals-queries';
import { PAGE_SIZES } from '../deal-model';
import { useListParams } from '../hooks/use-list-params';
import { NewDealLink, PageHeader, QueryProblem, TEXT_LINK } from './deal-parts';

/** The brand lists the sidebar opens (its Proposals and Archive list deals, not brands). */
type CollaborationView = Extract<NonNullable<CollaborationsQuery['view']>, 'all' | 'active'>;

const NO_SORTS = ['activity'] as const;

const columns: ColumnDef<CollaborationDto>[] = [
  {
    id: 'brand',
    header: 'Brand',
    cell: ({ row }) => (
      <Link
        to={`${dealPaths.contracts}?${new URLSearchParams({ q: row.original.brand }).toString()}`}
        className={TEXT_LINK}
      >
        {row.original.brand}
      </Link>
    ),
  },
  { id: 'deals', header: 'Deals', cell: ({ row }) => formatCount(row.original.dealCount) },
  { id: 'active', header: 'Active', cell: ({ row }) => formatCount(row.original.activeCount) },
  {
    id: 'proposals',
    header: 'Proposals',
    cell: ({ row }) => formatCount(row.original.proposalCount),
  },
  {
    id: 'underContract',
    header: 'Under contract',
    cell: ({ row }) => formatMoney(row.original.totalUnderContractPaise),
  },
  {
    id: 'lastActivity',
    header: 'Last activity',
    cell: ({ row }) => formatDateTime(row.original.lastActivityAt),
  },
];

const texts: Record<
  CollaborationView,
  { title: string; description: string; emptyTitle: string; emptyText: string }
> = {
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
  const [params, update] = useListParams(NO_SORTS, 'activity');
  const { data, isPending, error, isFetching } = useCollaborations({
    view,
    page: params.page,
    pageSize: params.pageSize,
  });
  const text = texts[view];
  return (
    <>
      <PageHeader title={text.title} description={text.description} action={<NewDealLink />} />
      {error ? (
        <QueryProblem error={error} what="your collaborations" />
      ) : isPending ? (
        <LoadingIndicator label="Loading your collaborations…" />
      ) : (
        <DataTable
          caption={text.title}
          columns={columns}
          rows={data.items}
          getRowId={(item) => item.brand}
          paging={{ page: params.page, pageSize: params.pageSize, total: data.total }}
          onPageChange={(page) => {
            update({ page });
          }}
          pageSizes={PAGE_SIZES}
          onPageSizeChange={(pageSize) => {
            update({ pageSize });
          }}
          isFetching={isFetching}
          noun={['brand', 'brands']}
          emptyState={
            <EmptyState title={text.emptyTitle} icon={Users} action={<NewDealLink />}>
              {text.emptyText}
            </EmptyState>
          }
        />
      )}
    </>
  );
}

export const AllCollaborationsPage = () => <CollaborationsPage view="all" />;
export const ActiveCollaborationsPage = () => <CollaborationsPage view="active" />;
