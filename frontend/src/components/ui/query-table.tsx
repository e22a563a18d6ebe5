import { DataTable, type DataTableProps } from './data-table';
import { LoadingIndicator } from './loading-indicator';
import { QueryProblem } from './page-header';

/** One server page of a list, as the API returns it. */
export interface PagedRows<Row> {
  items: readonly Row[];
  total: number;
}

export type QueryTableProps<Row> = Omit<DataTableProps<Row>, 'rows' | 'paging' | 'isFetching'> & {
  /** The page's list query (TanStack Query's result): its rows, its error, whether it refetches. */
  result: { data: PagedRows<Row> | undefined; error: unknown; isFetching: boolean };
  /** What the list holds, for the error and loading lines: "your invoices". */
  what: string;
  /** The page shown (1-based) and its size; the server's total comes with the rows. */
  page: number;
  pageSize: number;
};

/**
 * A page's server-paged list: the query's error ("Could not load your invoices."), its first
 * load ("Loading your invoices…"), then the DataTable of the page it has.
 */
export function QueryTable<Row>({ result, what, page, pageSize, ...table }: QueryTableProps<Row>) {
  const { data, error, isFetching } = result;
  if (error) return <QueryProblem error={error} what={what} />;
  if (!data) return <LoadingIndicator label={`Loading ${what}…`} />;
  return (
    <DataTable
      {...table}
      rows={data.items}
      paging={{ page, pageSize, total: data.total }}
      isFetching={isFetching}
    />
  );
}
