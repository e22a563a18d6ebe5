import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { ColumnDef } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryTable, type PagedRows } from '@/components/ui/query-table';
import { tablePaging, useGroupListParams } from '../hooks/use-list-params';
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

/** One grouped list (campaigns, brands): its views' texts, its query and its table. */
export interface GroupList<Row, View extends string> {
  texts: Record<View, GroupListTexts>;
  /** The list's query hook, for one view and page. */
  useRows: (query: { view: View; page: number; pageSize: number }) => {
    data: PagedRows<Row> | undefined;
    error: unknown;
    isFetching: boolean;
  };
  /** "your campaigns": what could not load, or is loading. */
  what: string;
  columns: ColumnDef<Row>[];
  getRowId: (row: Row) => string;
  noun: readonly [singular: string, plural: string];
  icon: LucideIcon;
}

/**
 * The creator's deals grouped by something (the brand's campaign, the brand): one view of the
 * groups, paged by the server, with a "New deal" action.
 */
export function GroupListPage<Row, View extends string>({
  list,
  view,
}: {
  list: GroupList<Row, View>;
  view: View;
}) {
  const [params, update] = useGroupListParams();
  const result = list.useRows({ view, page: params.page, pageSize: params.pageSize });
  const text = list.texts[view];
  return (
    <>
      <PageHeader title={text.title} description={text.description} action={<NewDealLink />} />
      <QueryTable
        result={result}
        what={list.what}
        caption={text.title}
        columns={list.columns}
        getRowId={list.getRowId}
        {...tablePaging(params, update)}
        noun={list.noun}
        emptyState={
          <EmptyState title={text.emptyTitle} icon={list.icon} action={<NewDealLink />}>
            {text.emptyText}
          </EmptyState>
        }
      />
    </>
  );
}
