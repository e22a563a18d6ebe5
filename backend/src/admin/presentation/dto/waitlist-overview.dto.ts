import { ApiProperty } from '@nestjs/swagger';
import { USER_TYPES, type UserType } from '../../../waitlist/index.js';
import type { WaitlistOverview } from '../../application/get-waitlist-overview.use-case.js';

export class DailyCountDto {
  @ApiProperty({ description: 'UTC day', format: 'date', example: '2026-11-23' })
  day!: string;

  @ApiProperty({ type: 'integer', example: 12 })
  count!: number;
}

export class UserTypeCountDto {
  @ApiProperty({ enum: USER_TYPES, enumName: 'UserType' })
  userType!: UserType;

  @ApiProperty({ type: 'integer', example: 40 })
  count!: number;
}

export class WaitlistOverviewDto {
  @ApiProperty({ type: 'integer' }) entries!: number;
  @ApiProperty({ type: 'integer' }) awaitingConfirmation!: number;
  @ApiProperty({ type: 'integer' }) confirmed!: number;
  @ApiProperty({ type: 'integer' }) invited!: number;
  @ApiProperty({ type: 'integer' }) joined!: number;
  @ApiProperty({ type: 'integer', example: 1000 }) earlyAccessSlots!: number;
  @ApiProperty({ type: 'integer' }) earlyAccessSlotsLeft!: number;

  @ApiProperty({
    description: 'Entries that confirmed their e-mail (confirmed, invited, joined) / all entries',
    minimum: 0,
    maximum: 1,
    example: 0.82,
  })
  confirmationRate!: number;

  @ApiProperty({
    description: 'Conversion from confirmed to joined: joined / (confirmed + invited + joined)',
    minimum: 0,
    maximum: 1,
    example: 0.31,
  })
  joinRate!: number;

  @ApiProperty({ type: [DailyCountDto], description: 'The last 30 UTC days, oldest first' })
  signUpsPerDay!: DailyCountDto[];

  @ApiProperty({ type: [UserTypeCountDto] })
  byUserType!: UserTypeCountDto[];

  static fromDomain(overview: WaitlistOverview): WaitlistOverviewDto {
    const { signUpsPerDay, byUserType, ...counts } = overview;
    return Object.assign(new WaitlistOverviewDto(), counts, {
      signUpsPerDay: signUpsPerDay.map(({ day, count }) =>
        Object.assign(new DailyCountDto(), { day, count }),
      ),
      byUserType: USER_TYPES.map((userType) =>
        Object.assign(new UserTypeCountDto(), { userType, count: byUserType[userType] }),
      ),
    });
  }
}
