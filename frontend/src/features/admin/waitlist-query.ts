import type { ListWaitlistEntriesData } from '../../api/generated/types.gen';

export type WaitlistQuery = NonNullable<ListWaitlistEntriesData['query']>;
export type EntryStatus = NonNullable<WaitlistQuery['status']>[number];
export type UserType = NonNullable<WaitlistQuery['userType']>[number];
export type SortField = NonNullable<WaitlistQuery['sort']>;
export type SortOrder = NonNullable<WaitlistQuery['order']>;

export const ENTRY_STATUSES: readonly { value: EntryStatus; label: string }[] = [
  { value: 'awaiting_confirmation', label: 'Awaiting confirmation' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'invited', label: 'Invited' },
  { value: 'joined', label: 'Joined' },
];

export const USER_TYPES: readonly { value: UserType; label: string }[] = [
  { value: 'influencer', label: 'Influencer' },
  { value: 'brand', label: 'Brand' },
  { value: 'agency', label: 'Agency' },
  { value: 'talent_manager', label: 'Talent Manager' },
];

export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

const statusValues = ENTRY_STATUSES.map(({ value }) => value);
const userTypeValues = USER_TYPES.map(({ value }) => value);
const SORT_FIELDS: readonly SortField[] = ['seat', 'joinedAt', 'name'];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const labelOf = <T extends string>(list: readonly { value: T; label: string }[], value: T) =>
  list.find((item) => item.value === value)?.label ?? value;
export const statusLabel = (status: EntryStatus) => labelOf(ENTRY_STATUSES, status);
export const userTypeLabel = (userType: UserType) => labelOf(USER_TYPES, userType);

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.find((item) => item === value);
}

function positive(value: string | null): number | undefined {
  const number = Number(value);
  return Number.isSafeInteger(number) && number >= 1 ? number : undefined;
}

/**
 * The table's state lives in the address (shareable, survives a reload): read it back, keeping
 * only values the API accepts, so a hand-edited address never turns into a 400.
 */
export function queryFromSearchParams(params: URLSearchParams): WaitlistQuery {
  const status = params
    .getAll('status')
    .filter((value): value is EntryStatus => (statusValues as readonly string[]).includes(value));
  const userType = params
    .getAll('userType')
    .filter((value): value is UserType => (userTypeValues as readonly string[]).includes(value));
  const earlyAccess = oneOf(params.get('earlyAccess'), ['true', 'false'] as const);
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const q = (params.get('q') ?? '').slice(0, 100);
  const sort = oneOf(params.get('sort'), SORT_FIELDS);
  const order = oneOf(params.get('order'), ['asc', 'desc'] as const);
  const pageSize = PAGE_SIZES.find((size) => size === positive(params.get('pageSize')));
  const page = positive(params.get('page'));
  return {
    ...(status.length > 0 && { status }),
    ...(userType.length > 0 && { userType }),
    ...(earlyAccess && { earlyAccess }),
    ...(DAY.test(from) && { from }),
    ...(DAY.test(to) && { to }),
    ...(q.trim() && { q }),
    ...(sort && { sort }),
    ...(order && { order }),
    ...(page && page > 1 && { page }),
    ...(pageSize && pageSize !== DEFAULT_PAGE_SIZE && { pageSize }),
  };
}

export function searchParamsFromQuery(query: WaitlistQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query) as [string, unknown][]) {
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) {
      if (typeof item === 'string' || typeof item === 'number') params.append(key, String(item));
    }
  }
  return params;
}

/** The query without some of its parameters (e.g. the page, when a filter changes). */
export function without<Key extends keyof WaitlistQuery>(
  query: WaitlistQuery,
  ...keys: Key[]
): Omit<WaitlistQuery, Key> {
  const dropped: readonly string[] = keys;
  return Object.fromEntries(
    Object.entries(query).filter(([key]) => !dropped.includes(key)),
  ) as Omit<WaitlistQuery, Key>;
}

/** The export takes the table's filter and sort, not its page. */
export function exportQueryOf(query: WaitlistQuery): Omit<WaitlistQuery, 'page' | 'pageSize'> {
  return without(query, 'page', 'pageSize');
}
