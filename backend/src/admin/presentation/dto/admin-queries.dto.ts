import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { OUTBOX_STATUSES, type OutboxStatus } from '../../../mail/mail.contract.js';
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
} from '../../../waitlist/waitlist.contract.js';
import {
  PagedQuery,
  type PageRequest,
  type PagingLimits,
} from '../../../common/presentation/paged-query.dto.js';
import {
  GivenOnce,
  QueryDay,
  QueryList,
  QueryOneOf,
  QueryRule,
  startOfDay,
} from '../../../common/presentation/query-params.js';
import type { MailQuery, WaitlistQuery } from '../../application/admin-queries.js';
import { normaliseSearch, SEARCH_MAX_LENGTH } from './search-terms.js';

/** Every back-office list pages alike. */
export const ADMIN_PAGING: PagingLimits = {
  defaultPageSize: 25,
  maxPageSize: 100,
  maxPage: 10_000,
};

const DAY_MS = 86_400_000;

/**
 * Control characters and the invisible format characters people or tools slip into text (soft
 * hyphen, zero-width, bidi controls, byte-order mark): refused in a search. Written as \u escapes
 * that JavaScript and the contract's consumers (Python's re, for Schemathesis) read alike.
 */
const FORBIDDEN_SEARCH_CLASS =
  '\\u0000-\\u001f\\u007f-\\u009f\\u00ad\\u061c\\u180e\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u206f\\ufeff\\ufff9-\\ufffb';
/** The search parameter's pattern in the contract. */
export const SEARCH_PATTERN = `^[^${FORBIDDEN_SEARCH_CLASS}]*$`;
const PLAIN_SEARCH = new RegExp(SEARCH_PATTERN);

export const DEFAULT_SORT: DirectorySort = { field: 'joinedAt', direction: 'desc' };

/** The waitlist's filter and sort: the export's parameters, and the table's with paging. */
export class WaitlistFilterQueryDto {
  @QueryList(ENTRY_STATUSES, {
    description: 'Any of these statuses (repeat the parameter or separate with commas)',
  })
  readonly status?: EntryStatus[];

  @QueryList(USER_TYPES, { description: 'Any of these user types' })
  readonly userType?: UserType[];

  @QueryOneOf(['true', 'false'], { description: 'true: seats 1–1,000; false: every other entry' })
  readonly earlyAccess?: 'true' | 'false';

  @QueryDay({ description: 'Submitted on or after this UTC day' })
  readonly from?: string;

  @QueryDay({ description: 'Submitted on or before this UTC day' })
  readonly to?: string;

  @ApiPropertyOptional({
    type: 'string',
    maxLength: SEARCH_MAX_LENGTH,
    pattern: SEARCH_PATTERN,
    description:
      'Text searched in names, e-mails, phone numbers and Instagram handles, normalised as the ' +
      'waitlist form normalises them (+91 and spaces dropped from numbers, @ from handles). Plain ' +
      'text: no pattern or operator syntax.',
  })
  @applyDecorators(
    IsOptional(),
    GivenOnce(),
    // Control and invisible format characters (NUL, zero-width, bidi) are never part of a stored
    // value; the contract documents the same list as the parameter's pattern.
    QueryRule('plainText', (value) => PLAIN_SEARCH.test(String(value)), 'must be plain text'),
    QueryRule(
      'searchLength',
      (value) => Array.from(String(value)).length <= SEARCH_MAX_LENGTH,
      `must be at most ${SEARCH_MAX_LENGTH} characters`,
    ),
  )
  readonly q?: string;

  @QueryOneOf(DIRECTORY_SORT_FIELDS, { description: 'Default joinedAt (newest first)' })
  readonly sort?: DirectorySortField;

  @QueryOneOf(['asc', 'desc'], { description: 'Default asc with a sort, desc without' })
  readonly order?: SortDirection;
}

/** The filter's fields as plain data (the table's DTO carries them too). */
type WaitlistFilterParams = Pick<WaitlistFilterQueryDto, keyof WaitlistFilterQueryDto>;

export class WaitlistPageQueryDto extends IntersectionType(
  WaitlistFilterQueryDto,
  PagedQuery(ADMIN_PAGING),
) {}

export class AuditLogQueryDto extends PagedQuery(ADMIN_PAGING) {}

export class MailQueryDto extends PagedQuery(ADMIN_PAGING) {
  @QueryOneOf(OUTBOX_STATUSES, { description: 'Only messages in this status' })
  readonly status?: OutboxStatus;
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
 * The checked parameters as the use cases' query: days as a half-open range, the search
 * normalised (see normaliseSearch), the default sort newest first (ascending once a field is
 * chosen). `to` before `from` is an empty range (no entry matches), not an error.
 */
export function waitlistQueryOf(
  dto: WaitlistFilterParams,
  { page, pageSize }: PageRequest = { page: 1, pageSize: ADMIN_PAGING.defaultPageSize },
): WaitlistQuery {
  const search = dto.q === undefined ? null : normaliseSearch(dto.q);
  const filter: DirectoryFilter = {
    ...(dto.status && { statuses: dto.status }),
    ...(dto.userType && { userTypes: dto.userType }),
    ...(dto.earlyAccess && { earlyAccess: dto.earlyAccess === 'true' }),
    ...(dto.from && { joinedFrom: startOfDay(dto.from) }),
    ...(dto.to && { joinedBefore: new Date(startOfDay(dto.to).getTime() + DAY_MS) }),
    ...(search && { search }),
  };
  const sort: DirectorySort = {
    field: dto.sort ?? DEFAULT_SORT.field,
    direction: dto.order ?? (dto.sort ? 'asc' : DEFAULT_SORT.direction),
  };
  const searchLength = search ? Array.from(search.text).length : 0;
  return { filter, sort, page, pageSize, summary: summaryOf(filter, sort, searchLength) };
}

export function mailQueryOf({ status, page, pageSize }: MailQueryDto): MailQuery {
  return { ...(status !== undefined && { status }), page, pageSize };
}
