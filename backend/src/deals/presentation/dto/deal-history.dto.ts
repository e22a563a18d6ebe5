import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DEAL_STATES, type DealState, type HistoryEntry } from '../../domain/deal.js';
import { CancellationMoveDto } from './cancellation.dto.js';
import { MilestoneMoveDto } from './milestone.dto.js';

/** Who the deal's money belonged to before and after: `email:<address>`, `brand:<accountId>`. */
export class BrandPartyMoveDto {
  @ApiProperty({ example: 'email:priya@glownaturals.in' }) readonly from!: string;
  @ApiProperty({ example: 'brand:6b098cd6057a24cd7d5098e7' }) readonly to!: string;
}

export class HistoryEntryDto {
  @ApiProperty({ format: 'date-time' }) readonly at!: string;
  @ApiProperty({ enum: ['creator', 'brand', 'system', 'admin'] }) readonly by!:
    'creator' | 'brand' | 'system' | 'admin';
  @ApiProperty({ enum: DEAL_STATES, nullable: true, type: String })
  readonly from!: DealState | null;
  @ApiProperty({ enum: DEAL_STATES }) readonly to!: DealState;
  @ApiProperty({ type: 'integer' }) readonly version!: number;
  @ApiPropertyOptional({ description: "The brand's comment or reason, as typed (show it as text)" })
  readonly note?: string;
  @ApiPropertyOptional({
    type: MilestoneMoveDto,
    description: "A milestone's move (the deal's state unchanged)",
  })
  readonly milestone?: MilestoneMoveDto;
  @ApiPropertyOptional({
    type: CancellationMoveDto,
    description: 'A cancellation move (its reason in `note`)',
  })
  readonly cancellation?: CancellationMoveDto;
  @ApiPropertyOptional({
    type: BrandPartyMoveDto,
    description:
      "The deal's money moved to another brand party (a deal accepted by e-mail claimed by a brand workspace)",
  })
  readonly brandParty?: BrandPartyMoveDto;

  static of(entry: HistoryEntry): HistoryEntryDto {
    return Object.assign(new HistoryEntryDto(), {
      at: entry.at.toISOString(),
      by: entry.by,
      from: entry.from,
      to: entry.to,
      version: entry.version,
      ...(entry.note !== undefined && { note: entry.note }),
      ...(entry.milestone !== undefined && {
        milestone: Object.assign(new MilestoneMoveDto(), entry.milestone),
      }),
      ...(entry.cancellation !== undefined && {
        cancellation: Object.assign(new CancellationMoveDto(), entry.cancellation),
      }),
      ...(entry.brandParty !== undefined && {
        brandParty: Object.assign(new BrandPartyMoveDto(), entry.brandParty),
      }),
    });
  }
}
