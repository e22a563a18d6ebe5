import { ApiProperty } from '@nestjs/swagger';
import { EMAIL_MAX_LENGTH } from '../domain/email-address.js';
import { IndianMobileNumber } from '../domain/indian-mobile-number.js';
import { DOCUMENTED_PATTERNS, EmailAddressProperty } from './join-waitlist.request.dto.js';
import { SatisfiesDomainRule } from '../../common/presentation/satisfies-domain-rule.decorator.js';

export class ResendConfirmationRequestDto {
  @EmailAddressProperty(
    `The e-mail address given when joining (trimmed, lower-cased; at most ${EMAIL_MAX_LENGTH} characters)`,
  )
  readonly email!: string;

  @ApiProperty({
    description: 'The phone number given when joining (10 digits starting with 6–9)',
    example: '98765 43210',
    pattern: DOCUMENTED_PATTERNS.phoneNumber,
  })
  @SatisfiesDomainRule((input) => IndianMobileNumber.parse(input))
  readonly phoneNumber!: string;
}

export const RESEND_ANSWER =
  "If a place awaiting confirmation matches this e-mail address and phone number, we've e-mailed it a new confirmation link. It works for 72 hours.";

export class ResendConfirmationResponseDto {
  @ApiProperty({ enum: [true], example: true })
  readonly success = true;

  @ApiProperty({
    type: String,
    description: 'The same answer whether or not anything matched',
    example: RESEND_ANSWER,
  })
  readonly message = RESEND_ANSWER;
}
