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

/** The SMS budget (SMS_HOURLY_BUDGET, #25): show an alert while `exhausted`. */
export class SmsBudgetDto {
  @ApiProperty({ type: 'integer', description: 'SMS_HOURLY_BUDGET', example: 500 })
  hourlyBudget!: number;

  @ApiProperty({ type: 'integer', description: 'SMS the provider accepted in the last hour' })
  sentLastHour!: number;

  @ApiProperty({
    description:
      'True while the general share of the budget refused a code within the last hour (pumping, ' +
      'or real demand above the budget): codes now go out only to numbers with an account (from ' +
      'a reserved share) and, after a solved challenge, to other numbers (docs/auth.md)',
    example: false,
  })
  exhausted!: boolean;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'The last time the budget refused a code; null if never',
  })
  lastExhaustedAt!: string | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description:
      'The last time half the hourly budget was spent within one hour (the early alert); null ' +
      'if never',
  })
  lastHalfSpentAt!: string | null;
}

export class ReconciliationSummaryDto {
  @ApiProperty({ type: 'integer', description: 'Differences between the ledger and the gateway' })
  differences!: number;

  @ApiProperty({ format: 'date-time' }) ranAt!: string;
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

  @ApiProperty({ type: SmsBudgetDto })
  smsBudget!: SmsBudgetDto;

  @ApiProperty({
    type: ReconciliationSummaryDto,
    nullable: true,
    description: "The money's last reconciliation with the payment gateway; null before the first",
  })
  reconciliation!: ReconciliationSummaryDto | null;

  static fromDomain(overview: WaitlistOverview): WaitlistOverviewDto {
    const { signUpsPerDay, byUserType, smsBudget, reconciliation, ...counts } = overview;
    return Object.assign(new WaitlistOverviewDto(), counts, {
      reconciliation: reconciliation
        ? Object.assign(new ReconciliationSummaryDto(), {
            differences: reconciliation.differences,
            ranAt: reconciliation.ranAt.toISOString(),
          })
        : null,
      smsBudget: Object.assign(new SmsBudgetDto(), {
        hourlyBudget: smsBudget.hourlyBudget,
        sentLastHour: smsBudget.sentLastHour,
        exhausted: smsBudget.exhausted,
        lastExhaustedAt: smsBudget.lastExhaustedAt?.toISOString() ?? null,
        lastHalfSpentAt: smsBudget.lastHalfSpentAt?.toISOString() ?? null,
      }),
      signUpsPerDay: signUpsPerDay.map(({ day, count }) =>
        Object.assign(new DailyCountDto(), { day, count }),
      ),
      byUserType: USER_TYPES.map((userType) =>
        Object.assign(new UserTypeCountDto(), { userType, count: byUserType[userType] }),
      ),
    });
  }
}
