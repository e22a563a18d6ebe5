import { ApiProperty } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { MAX_PROOF_LENGTH } from '../../domain/sign-in-challenge.js';
import { CODE_FORMAT_MESSAGE } from './phone-code.dto.js';

/** "Send me a code" before a change that needs a fresh proof of identity. */
export class RequestReauthenticationCodeDto {
  @ApiProperty({
    required: false,
    description:
      'A solved challenge, as for "Get OTP": needed only after an answer 428 CHALLENGE_REQUIRED.',
    maxLength: MAX_PROOF_LENGTH,
  })
  @IsOptional()
  @MaxLength(MAX_PROOF_LENGTH, { message: 'proof is too long' })
  @IsString({ message: 'proof must be a string' })
  readonly proof?: string;
}

export class ConfirmReauthenticationDto {
  @ApiProperty({
    description: 'The 6-digit code from the SMS: exactly six ASCII digits, no spaces.',
    example: '042917',
    pattern: '^[0-9]{6}$',
    minLength: 6,
    maxLength: 6,
  })
  @Matches(/^[0-9]{6}$/, { message: CODE_FORMAT_MESSAGE })
  @IsString({ message: CODE_FORMAT_MESSAGE })
  readonly code!: string;
}
