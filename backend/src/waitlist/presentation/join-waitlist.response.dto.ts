import { ApiProperty } from '@nestjs/swagger';
import type { JoinWaitlistResult } from '../application/join-waitlist.use-case.js';
import { EARLY_ACCESS_SLOTS, type Seat } from '../domain/seat.js';

const formatCount = (count: number) => count.toLocaleString('en-IN');

/** Says plainly whether the seat came with early access. */
export function joinedMessage(seat: Seat): string {
  if (seat.isEarlyAccess) {
    return `You've joined the waitlist and secured early-access slot ${formatCount(seat.number)} of ${formatCount(EARLY_ACCESS_SLOTS)}. We'll reach out with updates soon!`;
  }
  return `You've joined the waitlist as number ${formatCount(seat.number)}. All ${formatCount(EARLY_ACCESS_SLOTS)} early-access slots are already taken, so you are on the waitlist after them. We'll reach out with updates soon!`;
}

export class JoinedWaitlistDto {
  @ApiProperty({ description: 'The entry’s identifier', example: '6733f0c2a4b1e2d3c4f5a6b7' })
  readonly id: string;

  @ApiProperty({
    description: `Place in the order of arrival, from 1; seats 1 to ${EARLY_ACCESS_SLOTS} have early access`,
    type: 'integer',
    minimum: 1,
    example: 42,
  })
  readonly seat: number;

  @ApiProperty({ description: `True for seats 1 to ${EARLY_ACCESS_SLOTS}`, example: true })
  readonly earlyAccess: boolean;

  constructor(id: string, seat: Seat) {
    this.id = id;
    this.seat = seat.number;
    this.earlyAccess = seat.isEarlyAccess;
  }
}

export class JoinWaitlistResponseDto {
  @ApiProperty({ enum: [true], example: true })
  readonly success = true;

  @ApiProperty({
    description: 'Tells the person whether they got an early-access slot',
    example:
      "You've joined the waitlist and secured early-access slot 42 of 1,000. We'll reach out with updates soon!",
  })
  readonly message: string;

  @ApiProperty({ type: JoinedWaitlistDto })
  readonly data: JoinedWaitlistDto;

  private constructor(message: string, data: JoinedWaitlistDto) {
    this.message = message;
    this.data = data;
  }

  static fromResult({ entryId, seat }: JoinWaitlistResult): JoinWaitlistResponseDto {
    return new JoinWaitlistResponseDto(joinedMessage(seat), new JoinedWaitlistDto(entryId, seat));
  }
}
