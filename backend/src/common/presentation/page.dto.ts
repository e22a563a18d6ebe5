import type { Type } from '@nestjs/common';
import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import type { PageRequest } from './paged-query.dto.js';

/** One page of a list's rows as a use case returns it, and how many match in all. */
export interface RowsPage<Row> {
  readonly items: readonly Row[];
  readonly total: number;
}

export interface PageOfOptions {
  /**
   * How the schema types `total`, `page` and `pageSize`: `integer` (the default), or `number`
   * where a published schema already says so (changing it would change the API's types).
   */
  readonly counts?: 'integer' | 'number';
  /** Said of `items` in the schema ("Newest first"). */
  readonly itemsDescription?: string;
}

/**
 * The response body of a paged list: `items` (one page of `item`), `total`, `page`, `pageSize`.
 * Each list names its own schema by extending it:
 *
 *   export class InvoicePageDto extends PageOf(InvoiceDto) {}
 *   return InvoicePageDto.of(await this.invoicing.list(…), query, (invoice) => InvoiceDto.of(invoice));
 */
export function PageOf<Item>(item: Type<Item>, options: PageOfOptions = {}) {
  const count: ApiPropertyOptions = options.counts === 'number' ? {} : { type: 'integer' };
  abstract class PageDto {
    @ApiProperty({
      type: [item],
      ...(options.itemsDescription !== undefined && { description: options.itemsDescription }),
    })
    readonly items!: Item[];
    @ApiProperty(count) readonly total!: number;
    @ApiProperty(count) readonly page!: number;
    @ApiProperty(count) readonly pageSize!: number;

    /** The page of `rows` asked for by `request`, each row shown as `toItem` says. */
    static of<Row, Page extends PageDto>(
      this: new () => Page,
      rows: RowsPage<Row>,
      request: PageRequest,
      toItem: (row: Row) => Item,
    ): Page {
      const page = new this();
      Object.assign(page, {
        items: rows.items.map(toItem),
        total: rows.total,
        page: request.page,
        pageSize: request.pageSize,
      });
      return page;
    }
  }
  return PageDto;
}
