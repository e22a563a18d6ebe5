import { ApiProperty } from '@nestjs/swagger';
import type {
  CheckYourEmail,
  ConfirmationEmailOutcome,
  JoinWaitlistResult,
} from '../application/join-waitlist.use-case.js';
import { CONFIRMATION_LINK_HOURS, MAX_RESENDS_PER_DAY } from '../domain/confirmation.js';

const CONFIRMATION_EMAIL_OUTCOMES: readonly ConfirmationEmailOutcome[] = [
  'sent',
  'sent_again',
  'not_sent_again',
];

/** The specification's success text, then what to do next. */
export function joinedMessage({ maskedEmail, confirmationEmail }: JoinWaitlistResult): string {
  const joined = "You've successfully joined our waitlist. We'll reach out with updates soon!";
  switch (confirmationEmail) {
    case 'sent':
      return `${joined} Confirm your place with the link we've e-mailed to ${maskedEmail}: it works for ${CONFIRMATION_LINK_HOURS} hours.`;
    case 'sent_again':
      return `${joined} We've e-mailed your confirmation link again to ${maskedEmail}: it works for ${CONFIRMATION_LINK_HOURS} hours.`;
    case 'not_sent_again':
      return `${joined} We've already e-mailed your confirmation link to ${maskedEmail} ${MAX_RESENDS_PER_DAY} more times today: please look for it there (and in spam), or try again tomorrow.`;
  }
}

export class JoinedWaitlistDto {
  @ApiProperty({ description: 'The entry’s identifier', example: '6733f0c2a4b1e2d3c4f5a6b7' })
  readonly id: string;

  @ApiProperty({
    description:
      'The entry waits for its e-mail address to be confirmed; the seat comes with the confirmation',
    type: String,
    enum: ['awaiting_confirmation'],
    example: 'awaiting_confirmation',
  })
  readonly status = 'awaiting_confirmation' as const;

  @ApiProperty({
    description: 'The address the confirmation link was sent to, masked',
    example: 'a•••o@example.com',
  })
  readonly email: string;

  @ApiProperty({
    description: `sent: a new entry, its link e-mailed. sent_again: the phone and e-mail match an entry still awaiting confirmation, whose link was e-mailed again. not_sent_again: as sent_again, but that entry was already sent its link ${MAX_RESENDS_PER_DAY} more times in the last 24 hours.`,
    type: String,
    enum: CONFIRMATION_EMAIL_OUTCOMES,
    enumName: 'ConfirmationEmailOutcome',
    example: 'sent',
  })
  readonly confirmationEmail: ConfirmationEmailOutcome;

  @ApiProperty({
    description: 'Until when the latest confirmation link works',
    type: String,
    format: 'date-time',
    example: '2026-11-23T10:15:00.000Z',
  })
  readonly linkExpiresAt: string;

  @ApiProperty({
    description: 'How long a confirmation link works, in hours',
    type: 'integer',
    enum: [CONFIRMATION_LINK_HOURS],
    example: CONFIRMATION_LINK_HOURS,
  })
  readonly linkValidForHours = CONFIRMATION_LINK_HOURS;

  constructor(result: JoinWaitlistResult) {
    this.id = result.entryId;
    this.email = result.maskedEmail;
    this.confirmationEmail = result.confirmationEmail;
    this.linkExpiresAt = result.linkExpiresAt.toISOString();
  }
}

export class JoinWaitlistResponseDto {
  @ApiProperty({ enum: [true], example: true })
  readonly success = true;

  @ApiProperty({
    description: 'The specification’s success text, then where to find the confirmation link',
    example:
      "You've successfully joined our waitlist. We'll reach out with updates soon! Confirm your place with the link we've e-mailed to a•••o@example.com: it works for 72 hours.",
  })
  readonly message: string;

  @ApiProperty({ type: JoinedWaitlistDto })
  readonly data: JoinedWaitlistDto;

  private constructor(message: string, data: JoinedWaitlistDto) {
    this.message = message;
    this.data = data;
  }

  static fromResult(result: JoinWaitlistResult): JoinWaitlistResponseDto {
    return new JoinWaitlistResponseDto(joinedMessage(result), new JoinedWaitlistDto(result));
  }
}

/** The one answer, for free and taken details alike, of a client past its "already registered" budget (#36). */
export function checkYourEmailMessage({ maskedEmail }: CheckYourEmail): string {
  return `Thank you! Please check your e-mail at ${maskedEmail} for the next step.`;
}

export class CheckYourEmailDto {
  @ApiProperty({
    description:
      'The submission was taken in; whether it joined is told by e-mail only (a new entry gets ' +
      'its confirmation link, the owner of details already on the list is told someone tried)',
    type: String,
    enum: ['check_email'],
    example: 'check_email',
  })
  readonly status = 'check_email' as const;

  @ApiProperty({ description: 'The address given, masked', example: 'a•••o@example.com' })
  readonly email: string;

  constructor(answer: CheckYourEmail) {
    this.email = answer.maskedEmail;
  }
}

export class JoinWaitlistAcceptedResponseDto {
  @ApiProperty({ enum: [true], example: true })
  readonly success = true;

  @ApiProperty({
    description: 'What to do next: look in the mailbox of the address given',
    example: 'Thank you! Please check your e-mail at a•••o@example.com for the next step.',
  })
  readonly message: string;

  @ApiProperty({ type: CheckYourEmailDto })
  readonly data: CheckYourEmailDto;

  constructor(answer: CheckYourEmail) {
    this.message = checkYourEmailMessage(answer);
    this.data = new CheckYourEmailDto(answer);
  }
}
