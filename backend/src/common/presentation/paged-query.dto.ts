import { QueryInteger } from './query-params.js';

/** How far a list may be paged: the default and largest page size, the deepest page. */
export interface PagingLimits {
  readonly defaultPageSize: number;
  readonly maxPageSize: number;
  /** Deep pages are slow to skip to and nobody reads them: narrow the filter instead. */
  readonly maxPage: number;
}

/** What a paged list asks of its use case. */
export interface PageRequest {
  readonly page: number;
  readonly pageSize: number;
}

/**
 * The `page` (1-based) and `pageSize` query parameters of a list, checked and defaulted. Every
 * paged list composes it, so paging reads, documents and refuses alike everywhere:
 *
 *   export class AuditLogQueryDto extends PagedQuery(ADMIN_PAGING) {}
 *   export class EntriesQueryDto extends IntersectionType(EntryFilterQueryDto, PagedQuery(ADMIN_PAGING)) {}
 *
 * (`IntersectionType` from @nestjs/swagger carries the validation, transforms, defaults and
 * OpenAPI metadata of both.) Refusals read "page must be an integer between 1 and 10000".
 */
export function PagedQuery(limits: PagingLimits) {
  class PagedQueryDto implements PageRequest {
    @QueryInteger({ min: 1, max: limits.maxPage, default: 1 })
    readonly page: number = 1;

    @QueryInteger({ min: 1, max: limits.maxPageSize, default: limits.defaultPageSize })
    readonly pageSize: number = limits.defaultPageSize;
  }
  return PagedQueryDto;
}
