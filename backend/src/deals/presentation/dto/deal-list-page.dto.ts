import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { DealPageDto } from './deal-response.dto.js';
import { ListDealsQueryDto } from './deal-query.dto.js';

/** Opaque cursors are base64url text and a digest joined by a dot. */
const CURSOR_PATTERN = '^[A-Za-z0-9_-]{1,420}\\.[A-Za-z0-9_-]{22}$';

/** The contracts list's query, with the cursor a previous page gave (issue #38). */
export class ListDealsPageQueryDto extends ListDealsQueryDto {
  @ApiPropertyOptional({
    pattern: CURSOR_PATTERN,
    maxLength: 443,
    description:
      "Opaque: a previous page's nextCursor, to read the page after it (newest first, no campaign, brand or text; `page` is then ignored). A cursor altered or given to another account is refused (400).",
  })
  @IsOptional()
  @IsString()
  @MaxLength(443)
  @Matches(new RegExp(CURSOR_PATTERN))
  readonly cursor?: string;
}

/** A page of the contracts list, and the cursor of the page after it. */
export class DealListPageDto extends DealPageDto {
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'Opaque cursor of the next page (newest first, unfiltered lists); null on the last page or for filtered and other orders',
  })
  readonly nextCursor!: string | null;
}
