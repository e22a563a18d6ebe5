import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../deal-model';

export interface ListParams<Sort extends string> {
  page: number;
  pageSize: number;
  sort: Sort;
  q: string;
}

const positiveInteger = (text: string | null) => {
  const value = Number(text);
  return Number.isSafeInteger(value) && value >= 1 ? value : undefined;
};

/**
 * A list's page, page size, sort and search, kept in the address (so a reload, a shared link and
 * the back button show the same page). Values at their default are left out of the address.
 */
export function useListParams<Sort extends string>(
  sorts: readonly Sort[],
  defaultSort: Sort,
): [ListParams<Sort>, (patch: Partial<ListParams<Sort>>) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo<ListParams<Sort>>(() => {
    const size = positiveInteger(searchParams.get('pageSize'));
    const sort = searchParams.get('sort');
    return {
      page: positiveInteger(searchParams.get('page')) ?? 1,
      pageSize:
        size !== undefined && (PAGE_SIZES as readonly number[]).includes(size)
          ? size
          : DEFAULT_PAGE_SIZE,
      sort: sorts.find((candidate) => candidate === sort) ?? defaultSort,
      q: (searchParams.get('q') ?? '').slice(0, 100),
    };
  }, [searchParams, sorts, defaultSort]);

  const update = useCallback(
    (patch: Partial<ListParams<Sort>>) => {
      // Anything but a page change starts again at page 1.
      const next = { ...params, ...patch, ...(patch.page === undefined && { page: 1 }) };
      const search = new URLSearchParams();
      if (next.page > 1) search.set('page', String(next.page));
      if (next.pageSize !== DEFAULT_PAGE_SIZE) search.set('pageSize', String(next.pageSize));
      if (next.sort !== defaultSort) search.set('sort', next.sort);
      if (next.q.trim() !== '') search.set('q', next.q.trim());
      setSearchParams(search, { replace: true });
    },
    [params, defaultSort, setSearchParams],
  );

  return [params, update];
}

/** The table's paging props for a list kept by `useListParams` (see QueryTable). */
export function tablePaging<Sort extends string>(
  params: ListParams<Sort>,
  update: (patch: Partial<ListParams<Sort>>) => void,
) {
  return {
    page: params.page,
    pageSize: params.pageSize,
    pageSizes: PAGE_SIZES,
    onPageChange: (page: number) => {
      update({ page });
    },
    onPageSizeChange: (pageSize: number) => {
      update({ pageSize });
    },
  };
}

const NO_SORTS = ['activity'] as const;

/** A grouped list's page and page size (the server orders the groups by last activity). */
export const useGroupListParams = () => useListParams(NO_SORTS, 'activity');
