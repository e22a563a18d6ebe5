import { FileSignature } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { DealListItemDto } from '@/api/generated/types.gen';
import type { ColumnDef, TableSort } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryTable } from '@/components/ui/query-table';
import { dealPath } from '../deal-paths';
import { formatDateTime } from '@/utils/format-date-time';
import { formatMoney } from '@/utils/format-money';
import { useDeals } from '../api/deals-queries';
import { DEAL_SORTS, type DealSort, type DealView } from '../deal-model';
import { tablePaging, useListParams } from '../hooks/use-list-params';
import { DealStateBadge, NewDealLink, PageHeader, SearchBox, TEXT_LINK } from './deal-parts';

/** The server's sort as the table shows it (which column, which way), and back. */
const tableSortOf: Record<DealSort, TableSort> = {
  newest: { id: 'createdAt', desc: true },
  oldest: { id: 'createdAt', desc: false },
  updated: { id: 'updatedAt', desc: true },
  amount_desc: { id: 'total', desc: true },
  amount_asc: { id: 'total', desc: false },
  title: { id: 'title', desc: false },
};

function dealSortOf({ id, desc }: TableSort): DealSort {
  if (id === 'title') return 'title';
  if (id === 'total') return desc ? 'amount_desc' : 'amount_asc';
  if (id === 'updatedAt') return 'updated';
  return desc ? 'newest' : 'oldest';
}

const columns: ColumnDef<DealListItemDto>[] = [
  {
    id: 'title',
    header: 'Deal',
    enableSorting: true,
    cell: ({ row }) => (
      <Link to={dealPath(row.original.id)} className={TEXT_LINK}>
        {row.original.title}
      </Link>
    ),
  },
  { id: 'brand', header: 'Brand', cell: ({ row }) => row.original.brandCompany },
  { id: 'campaign', header: 'Campaign', cell: ({ row }) => row.original.campaign ?? '—' },
  {
    id: 'total',
    header: 'Total',
    enableSorting: true,
    cell: ({ row }) => formatMoney(row.original.totalPaise),
  },
  {
    id: 'state',
    header: 'Status',
    cell: ({ row }) => <DealStateBadge state={row.original.state} />,
  },
  {
    id: 'createdAt',
    header: 'Created',
    enableSorting: true,
    cell: ({ row }) => formatDateTime(row.original.createdAt),
  },
  {
    id: 'updatedAt',
    header: 'Last change',
    enableSorting: true,
    cell: ({ row }) => formatDateTime(row.original.updatedAt),
  },
];

export interface DealsListProps {
  view: DealView;
  title: string;
  description: string;
  /** What the empty list says, and what to do next. */
  empty: { title: string; text: string };
}

/** One of the creator's deal lists (all, active, awaiting the brand, …): paged, searched, sorted. */
export function DealsListPage({ view, title, description, empty }: DealsListProps) {
  const [params, update] = useListParams(DEAL_SORTS, 'newest');
  const query = useMemo(
    () => ({
      view,
      page: params.page,
      pageSize: params.pageSize,
      sort: params.sort,
      ...(params.q && { q: params.q }),
    }),
    [view, params],
  );
  return (
    <>
      <PageHeader title={title} description={description} action={<NewDealLink />} />
      <SearchBox
        label="Search by title, brand or campaign"
        value={params.q}
        onSearch={(q) => {
          update({ q });
        }}
      />
      <QueryTable
        result={useDeals(query)}
        what="your deals"
        caption={title}
        columns={columns}
        getRowId={(deal) => deal.id}
        sort={tableSortOf[params.sort]}
        onSortChange={(sort) => {
          update({ sort: dealSortOf(sort) });
        }}
        {...tablePaging(params, update)}
        noun={['deal', 'deals']}
        emptyState={
          params.q ? (
            <EmptyState title="No deals match your search" icon={FileSignature}>
              Try other words, or clear the search to see every deal in this list.
            </EmptyState>
          ) : (
            <EmptyState title={empty.title} icon={FileSignature} action={<NewDealLink />}>
              {empty.text}
            </EmptyState>
          )
        }
      />
    </>
  );
}
