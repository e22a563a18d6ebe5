import {
  DIRECTORY_SORT_FIELDS,
  type DirectoryFilter,
  type DirectorySort,
  type DirectorySortField,
  ENTRY_STATUSES,
  type EntryStatus,
  type SortDirection,
  USER_TYPES,
  type UserType,
} from '../../waitlist/waitlist.contract.js';
import { InvalidAdminQueryError } from './admin.errors.js';
import { normaliseSearch, SEARCH_MAX_LENGTH } from './search-terms.js';

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
/** Deep pages are slow to skip to and nobody reads them: narrow the filter instead. */
export const MAX_PAGE = 10_000;
const SORT_DIRECTIONS = ['asc', 'desc'] as const;
const BOOLEANS = ['true', 'false'] as const;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** The parameters of the table's query; the export takes the same minus page and pageSize. */
export const FILTER_PARAMETERS = ['status', 'userType', 'earlyAccess', 'from', 'to', 'q'] as const;
export const SORT_PARAMETERS = ['sort', 'order'] as const;
export const PAGE_PARAMETERS = ['page', 'pageSize'] as const;

/**
 * Control characters and the invisible format characters people or tools slip into text (soft
 * hyphen, zero-width, bidi controls, byte-order mark): refused in a search. Written as \u escapes
 * that JavaScript and the contract's consumers (Python's re, for Schemathesis) read alike.
 */
const FORBIDDEN_SEARCH_CLASS =
  '\\u0000-\\u001f\\u007f-\\u009f\\u00ad\\u061c\\u180e\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u206f\\ufeff\\ufff9-\\ufffb';
const SEARCH_FORBIDDEN_CHARACTERS = new RegExp(`[${FORBIDDEN_SEARCH_CLASS}]`);
/** The search parameter's pattern in the contract. */
export const SEARCH_PATTERN = `^[^${FORBIDDEN_SEARCH_CLASS}]*$`;

export const DEFAULT_SORT: DirectorySort = { field: 'joinedAt', direction: 'desc' };

export interface WaitlistQuery {
  readonly filter: DirectoryFilter;
  readonly sort: DirectorySort;
  readonly page: number;
  readonly pageSize: number;
  /** The filter and sort as a canonical query string, a search shown only by its length. */
  readonly summary: string;
}

type Raw = Readonly<Record<string, unknown>>;

class Problems {
  readonly byParameter: Record<string, string> = {};

  add(parameter: string, message: string): void {
    this.byParameter[parameter] ??= message;
  }

  get any(): boolean {
    return Object.keys(this.byParameter).length > 0;
  }
}

/** One value: a parameter given twice (or as a nested object) is refused, not guessed at. */
function single(raw: Raw, name: string, problems: Problems): string | undefined {
  const value = raw[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') {
    problems.add(name, `${name} must be given once`);
    return undefined;
  }
  return value;
}

/** Several values: repeated (`status=a&status=b`) or comma-separated (`status=a,b`). */
function list<T extends string>(
  raw: Raw,
  name: string,
  allowed: readonly T[],
  problems: Problems,
): T[] | undefined {
  const value = raw[name];
  if (value === undefined) return undefined;
  const values = (Array.isArray(value) ? value : [value]).flatMap((item: unknown) =>
    typeof item === 'string' ? item.split(',') : [item],
  );
  const valid = values.filter((item): item is T => allowed.includes(item as T));
  if (valid.length !== values.length || valid.length === 0) {
    problems.add(name, `${name} must be one or more of ${allowed.join(', ')}`);
    return undefined;
  }
  return [...new Set(valid)];
}

function oneOf<T extends string>(
  raw: Raw,
  name: string,
  allowed: readonly T[],
  problems: Problems,
): T | undefined {
  const value = single(raw, name, problems);
  if (value === undefined) return undefined;
  if (!allowed.includes(value as T)) {
    problems.add(name, `${name} must be one of ${allowed.join(', ')}`);
    return undefined;
  }
  return value as T;
}

function integer(
  raw: Raw,
  name: string,
  min: number,
  max: number,
  problems: Problems,
): number | undefined {
  const value = single(raw, name, problems);
  if (value === undefined) return undefined;
  const number = /^\d{1,6}$/.test(value) ? Number(value) : Number.NaN;
  if (!(number >= min && number <= max)) {
    problems.add(name, `${name} must be an integer between ${min} and ${max}`);
    return undefined;
  }
  return number;
}

/** A calendar day (YYYY-MM-DD, UTC) as its midnight. */
function day(raw: Raw, name: string, problems: Problems): Date | undefined {
  const value = single(raw, name, problems);
  if (value === undefined) return undefined;
  const match = DAY.exec(value);
  const date = match ? new Date(`${value}T00:00:00.000Z`) : undefined;
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
    problems.add(name, `${name} must be a date like 2026-11-23`);
    return undefined;
  }
  return date;
}

function search(raw: Raw, problems: Problems) {
  const value = single(raw, 'q', problems);
  if (value === undefined) return undefined;
  // Control and invisible format characters (NUL, zero-width, bidi) are never part of a stored
  // value; the contract documents the same list as the parameter's pattern.
  if (SEARCH_FORBIDDEN_CHARACTERS.test(value)) {
    problems.add('q', 'q must be plain text');
    return undefined;
  }
  if (Array.from(value).length > SEARCH_MAX_LENGTH) {
    problems.add('q', `q must be at most ${SEARCH_MAX_LENGTH} characters`);
    return undefined;
  }
  return normaliseSearch(value) ?? undefined;
}

function summaryOf(filter: DirectoryFilter, sort: DirectorySort, searchLength: number): string {
  const parts: [string, string][] = [];
  if (filter.statuses) parts.push(['status', filter.statuses.join(',')]);
  if (filter.userTypes) parts.push(['userType', filter.userTypes.join(',')]);
  if (filter.earlyAccess !== undefined) parts.push(['earlyAccess', String(filter.earlyAccess)]);
  if (filter.joinedFrom) parts.push(['from', filter.joinedFrom.toISOString().slice(0, 10)]);
  if (filter.joinedBefore) {
    const lastDay = new Date(filter.joinedBefore.getTime() - DAY_MS);
    parts.push(['to', lastDay.toISOString().slice(0, 10)]);
  }
  if (filter.search) parts.push(['q', `(${searchLength} characters)`]);
  parts.push(['sort', sort.field], ['order', sort.direction]);
  return parts.map(([key, value]) => `${key}=${value}`).join('&');
}

/**
 * The table's (or, without paging, the export's) query parameters, checked: unknown parameters,
 * unknown statuses, types, sorts and malformed values are refused with one message each; page
 * sizes are capped. Search text stays text (see normaliseSearch).
 */
export function parseWaitlistQuery(raw: Raw, options: { paging: boolean }): WaitlistQuery {
  const problems = new Problems();
  const known: readonly string[] = [
    ...FILTER_PARAMETERS,
    ...SORT_PARAMETERS,
    ...(options.paging ? PAGE_PARAMETERS : []),
  ];
  for (const name of Object.keys(raw)) {
    if (!known.includes(name)) problems.add(name, `${name} is not a known parameter`);
  }
  const statuses = list<EntryStatus>(raw, 'status', ENTRY_STATUSES, problems);
  const userTypes = list<UserType>(raw, 'userType', USER_TYPES, problems);
  const earlyAccess = oneOf(raw, 'earlyAccess', BOOLEANS, problems);
  const from = day(raw, 'from', problems);
  const to = day(raw, 'to', problems);
  // `to` before `from` is an empty range (no entry matches), not an error: each day is valid.
  const searchTerms = search(raw, problems);
  const field = oneOf<DirectorySortField>(raw, 'sort', DIRECTORY_SORT_FIELDS, problems);
  const direction = oneOf<SortDirection>(raw, 'order', SORT_DIRECTIONS, problems);
  const page = options.paging ? integer(raw, 'page', 1, MAX_PAGE, problems) : undefined;
  const pageSize = options.paging
    ? integer(raw, 'pageSize', 1, MAX_PAGE_SIZE, problems)
    : undefined;
  if (problems.any) throw new InvalidAdminQueryError(problems.byParameter);

  const filter: DirectoryFilter = {
    ...(statuses && { statuses }),
    ...(userTypes && { userTypes }),
    ...(earlyAccess && { earlyAccess: earlyAccess === 'true' }),
    ...(from && { joinedFrom: from }),
    ...(to && { joinedBefore: new Date(to.getTime() + DAY_MS) }),
    ...(searchTerms && { search: searchTerms }),
  };
  const sort: DirectorySort = {
    field: field ?? DEFAULT_SORT.field,
    direction: direction ?? (field ? 'asc' : DEFAULT_SORT.direction),
  };
  const searchLength = searchTerms ? Array.from(searchTerms.text).length : 0;
  return {
    filter,
    sort,
    page: page ?? 1,
    pageSize: pageSize ?? DEFAULT_PAGE_SIZE,
    summary: summaryOf(filter, sort, searchLength),
  };
}

/** `page` and `pageSize` alone (the audit log's list), checked as the table's are. */
export function parsePageQuery(raw: Raw): { page: number; pageSize: number } {
  const problems = new Problems();
  for (const name of Object.keys(raw)) {
    if (!(PAGE_PARAMETERS as readonly string[]).includes(name)) {
      problems.add(name, `${name} is not a known parameter`);
    }
  }
  const page = integer(raw, 'page', 1, MAX_PAGE, problems);
  const pageSize = integer(raw, 'pageSize', 1, MAX_PAGE_SIZE, problems);
  if (problems.any) throw new InvalidAdminQueryError(problems.byParameter);
  return { page: page ?? 1, pageSize: pageSize ?? DEFAULT_PAGE_SIZE };
}
