import { ApiProperty } from '@nestjs/swagger';
import type { WaitlistStats } from '../domain/waitlist-stats.js';

export class WaitlistStatsResponseDto {
  @ApiProperty({ description: 'Early-access slots in all', type: 'integer', example: 1000 })
  readonly totalSlots: number;

  @ApiProperty({
    description: 'Early-access slots taken (never more than totalSlots)',
    type: 'integer',
    minimum: 0,
    example: 358,
  })
  readonly takenSlots: number;

  @ApiProperty({
    description: 'Early-access slots still free (never below 0)',
    type: 'integer',
    minimum: 0,
    example: 642,
  })
  readonly remainingSlots: number;

  constructor({ totalSlots, takenSlots, remainingSlots }: WaitlistStats) {
    this.totalSlots = totalSlots;
    this.takenSlots = takenSlots;
    this.remainingSlots = remainingSlots;
  }
}
