import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';
import { LINK_TOKEN_PATTERN } from '../../link-tokens/index.js';
import type { ConfirmedPlace } from '../application/confirm-waitlist-place.use-case.js';
import { EARLY_ACCESS_SLOTS } from '../domain/seat.js';

export const INCOMPLETE_LINK_MESSAGE =
  'This confirmation link is incomplete. Open the whole link from the e-mail, or ask for a new one below.';

export class ConfirmWaitlistPlaceRequestDto {
  @ApiProperty({
    description: 'The token of the confirmation link (its `token` query parameter)',
    pattern: LINK_TOKEN_PATTERN,
    example: 'q3X0yYQ2m0l6b5mJ8c0q1c0p6Jb1xv9d3Qz7kq2Wg4E',
  })
  @Matches(new RegExp(LINK_TOKEN_PATTERN), { message: INCOMPLETE_LINK_MESSAGE })
  @IsString({ message: INCOMPLETE_LINK_MESSAGE })
  readonly token!: string;
}

const formatCount = (count: number) => count.toLocaleString('en-IN');

export class ConfirmedPlaceDto {
  @ApiProperty({
    description: `The place, in the order of confirmation, from 1; seats 1 to ${EARLY_ACCESS_SLOTS} come with early access`,
    type: 'integer',
    minimum: 1,
    example: 42,
  })
  readonly seat: number;

  @ApiProperty({ description: `True for seats 1 to ${EARLY_ACCESS_SLOTS}`, example: true })
  readonly earlyAccess: boolean;

  @ApiProperty({
    description: 'The place was confirmed before (the link opened again): the same seat',
    example: false,
  })
  readonly alreadyConfirmed: boolean;

  constructor({ seat, alreadyConfirmed }: ConfirmedPlace) {
    this.seat = seat.number;
    this.earlyAccess = seat.isEarlyAccess;
    this.alreadyConfirmed = alreadyConfirmed;
  }
}

export class ConfirmWaitlistPlaceResponseDto {
  @ApiProperty({ enum: [true], example: true })
  readonly success = true;

  @ApiProperty({
    example:
      "Your place is confirmed: early-access slot 42 of 1,000. We'll reach out with updates soon!",
  })
  readonly message: string;

  @ApiProperty({ type: ConfirmedPlaceDto })
  readonly data: ConfirmedPlaceDto;

  constructor(place: ConfirmedPlace) {
    const { seat } = place;
    this.message = seat.isEarlyAccess
      ? `Your place is confirmed: early-access slot ${formatCount(seat.number)} of ${formatCount(EARLY_ACCESS_SLOTS)}. We'll reach out with updates soon!`
      : `Your place is confirmed: number ${formatCount(seat.number)} on the waitlist, after the ${formatCount(EARLY_ACCESS_SLOTS)} early-access slots. We'll reach out with updates soon!`;
    this.data = new ConfirmedPlaceDto(place);
  }
}
