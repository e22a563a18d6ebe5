import { ApiProperty } from '@nestjs/swagger';
import type { TrackRecord } from '../../../insights/insights.contract.js';

/** Paylock's counts of a creator's deals: no amounts, no brand names. */
export class TrackRecordDto {
  @ApiProperty({ type: 'integer', description: 'Deals completed through Paylock' })
  readonly dealsCompleted!: number;
  @ApiProperty({ type: 'integer', description: 'Milestones whose work the creator submitted' })
  readonly milestonesDelivered!: number;
  @ApiProperty({
    type: 'integer',
    description: 'Of those, first submitted on or before the due date (India time)',
  })
  readonly milestonesOnTime!: number;
  @ApiProperty({
    type: 'integer',
    description: 'Milestone payments Paylock released to the creator',
  })
  readonly paymentsReceived!: number;

  static of(record: TrackRecord | null): TrackRecordDto | null {
    return record ? Object.assign(new TrackRecordDto(), { ...record }) : null;
  }
}
