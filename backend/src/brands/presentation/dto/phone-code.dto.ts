import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { AuthSessionResponseDto } from '../../../auth/index.js';
import { MAX_INVITE_INPUT_LENGTH } from '../../../invites/index.js';
import { parseBrandPhoneNumber, PHONE_INPUT_MAX_LENGTH } from '../../domain/brand-phone-number.js';
import {
  CODE_PURPOSES,
  type CodePurpose,
  CODE_TTL_MS,
  RESEND_COOLDOWN_MS,
} from '../../domain/one-time-code.js';
import { MAX_PROOF_LENGTH, type SignInChallenge } from '../../domain/sign-in-challenge.js';
import { SatisfiesDomainRule } from '../../../common/presentation/satisfies-domain-rule.decorator.js';

export const CODE_FORMAT_MESSAGE = 'Please enter the 6-digit code from the SMS';

/** What the contract admits as a number: optional +91 or 0, then 6–9 and nine more digits, spaces anywhere. */
const PHONE_PATTERN = String.raw`^\s*(?:(?:\+\s*9\s*1|0)\s*)?[6-9](?:\s*[0-9]){9}\s*$`;

class PhoneAndPurposeDto {
  @ApiProperty({
    description:
      'An Indian mobile number: 10 digits starting with 6–9; spaces and one leading +91 or 0 ' +
      'are accepted and removed. Other countries, other characters and non-ASCII digits are ' +
      `refused (400). At most ${PHONE_INPUT_MAX_LENGTH} characters.`,
    example: '98765 43210',
    pattern: PHONE_PATTERN,
    maxLength: PHONE_INPUT_MAX_LENGTH,
  })
  @SatisfiesDomainRule((input) => parseBrandPhoneNumber(input), { whenAbsent: 'required' })
  readonly phone!: string;

  @ApiProperty({
    enum: CODE_PURPOSES,
    enumName: 'PhoneCodePurpose',
    description:
      "'signup' creates the brand account on verification (an existing one is simply signed in); " +
      "'login' signs an existing account in. A code is good for its purpose only.",
    example: 'signup',
  })
  @IsIn(CODE_PURPOSES, { message: `purpose must be one of ${CODE_PURPOSES.join(', ')}` })
  readonly purpose!: CodePurpose;

  @ApiProperty({
    required: false,
    description:
      'The invite code of an early-access invite (/register?invite=…) for a waitlist entry whose ' +
      'phone is this number. Under SIGNUP_MODE=invite a sign-up needs it (or a deal sent to the ' +
      'number): checked when the code is verified. Ignored for login.',
    maxLength: MAX_INVITE_INPUT_LENGTH,
    example: 'q3X0yYQ2m0l6b5mJ8c0q1c0p6Jb1xv9d3Qz7kq2Wg4E',
  })
  @IsOptional()
  @MaxLength(MAX_INVITE_INPUT_LENGTH, { message: 'invite is too long' })
  @IsString({ message: 'invite must be a string' })
  readonly invite?: string;
}

/** "Get OTP". */
export class RequestPhoneCodeRequestDto extends PhoneAndPurposeDto {
  @ApiProperty({
    required: false,
    description:
      'A solved challenge (GET /api/v1/auth/phone/challenges): base64 of the JSON ' +
      '`{ challenge, solution }` as altcha-lib solves it. Needed only after an answer 428 ' +
      "CHALLENGE_REQUIRED (the hour's general SMS budget is spent); each works once.",
    maxLength: MAX_PROOF_LENGTH,
  })
  @IsOptional()
  @MaxLength(MAX_PROOF_LENGTH, { message: 'proof is too long' })
  @IsString({ message: 'proof must be a string' })
  readonly proof?: string;
}

class ChallengeParametersDto {
  @ApiProperty({ example: 'SHA-256' }) algorithm!: string;
  @ApiProperty({ description: 'Random, hex' }) nonce!: string;
  @ApiProperty({ description: 'Random, hex' }) salt!: string;
  @ApiProperty({ type: 'integer', example: 1 }) cost!: number;
  @ApiProperty({ type: 'integer', example: 32 }) keyLength!: number;
  @ApiProperty({ description: 'The hex prefix the derived key must start with', example: '0000' })
  keyPrefix!: string;
  @ApiProperty({ type: 'integer', required: false, description: 'Unix time (seconds)' })
  expiresAt?: number;
}

/** A proof-of-work challenge (ALTCHA v2 format) for "Get OTP" once the SMS budget is spent. */
export class PhoneChallengeResponseDto {
  @ApiProperty({ type: ChallengeParametersDto }) parameters!: ChallengeParametersDto;
  @ApiProperty({ description: 'HMAC-SHA256 of the parameters, hex' }) signature!: string;

  static of(challenge: SignInChallenge): PhoneChallengeResponseDto {
    return Object.assign(new PhoneChallengeResponseDto(), {
      parameters: Object.assign(new ChallengeParametersDto(), challenge.parameters),
      signature: challenge.signature,
    });
  }
}

/** The code typed from the SMS. */
export class VerifyPhoneCodeRequestDto extends PhoneAndPurposeDto {
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

export class PhoneCodeSentResponseDto {
  @ApiProperty({ type: Boolean, example: true })
  success!: boolean;

  @ApiProperty({
    description: 'The number the code went to, masked: +91, the first two and last two digits',
    example: '+91 98XXXXXX10',
  })
  maskedPhone!: string;

  @ApiProperty({
    description:
      'Seconds until another code may be requested for this number (the resend countdown)',
    example: RESEND_COOLDOWN_MS / 1000,
  })
  resendAfterSeconds!: number;

  @ApiProperty({ description: 'Seconds the code works for', example: CODE_TTL_MS / 1000 })
  expiresInSeconds!: number;

  static of(sent: {
    maskedPhone: string;
    resendAfterSeconds: number;
    expiresInSeconds: number;
  }): PhoneCodeSentResponseDto {
    return Object.assign(new PhoneCodeSentResponseDto(), { success: true, ...sent });
  }
}

/** A verified code: the same session answer as a Google sign-in, plus what the brand still owes. */
export class PhoneSessionResponseDto extends AuthSessionResponseDto {
  @ApiProperty({
    description:
      'True until the company profile (company and contact name) is given: ask for it now ' +
      '(PUT /api/v1/brand/profile), once.',
    example: true,
  })
  profileRequired!: boolean;

  @ApiProperty({ description: 'True when this verification created the account', example: true })
  created!: boolean;
}
