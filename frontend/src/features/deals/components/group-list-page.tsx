import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { ColumnDef } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryTable, type PagedRows } from '@/components/ui/query-table';
import { tablePaging, type useGroupListParams } from '../hooks/use-list-params';
import { dealPaths } from '../deal-paths';
import { NewDealLink, PageHeader, TEXT_LINK } from './deal-parts';

/** A group's name, linking to the contracts list searched for it. */
export function ContractsSearchLink({ q }: { q: string }) {
  return (
    <Link
      to={`${dealPaths.contracts}?${new URLSearchParams({ q }).toString()}`}
      className={TEXT_LINK}
    >
      {q}
    </Link>
  );
}

/** What one view of a grouped list says: its heading, and its empty state. */
export interface GroupListTexts {
  title: string;
  description: string;
  emptyTitle: string;
  emptyText: string;
}

/**
 * The creator's deals grouped by something (the brand's campaign, the brand): one view of the
 * groups, paged by the server, with a "New deal" action.
 */
export function GroupListPage<Row>({
  text,
  params: [params, update],
  result,
  what,
  columns,
  getRowId,
  noun,
  icon,
}: {
  text: GroupListTexts;
  params: ReturnType<typeof useGroupListParams>;
  result: { data: PagedRows<Row> | undefined; error: unknown; isFetching: boolean };
  /** "your campaigns": what could not load, or is loading. */
  what: string;
  columns: ColumnDef<Row>[];
  getRowId: (row: Row) => string;
  noun: readonly [singular: string, plural: string];
  icon: LucideIcon;
}) {
  return (
    <>
      <PageHeader title={text.title} description={text.description} action={<NewDealLink />} />
      <QueryTable
        result={result}
        what={what}
        caption={text.title}
        columns={columns}
        getRowId={getRowId}
        {...tablePaging(params, update)}
        noun={noun}
        emptyState={
          <EmptyState title={text.emptyTitle} icon={icon} action={<NewDealLink />}>
            {text.emptyText}
          </EmptyState>
        }
      />
    </>
  );
}
