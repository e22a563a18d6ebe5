import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { MAX_INVITE_INPUT_LENGTH } from '../../../invites/index.js';

/** A Google ID token, as Google Identity Services hands it to the browser. */
export class CredentialRequestDto {
  @ApiProperty({
    description:
      'The Google ID token (a signed JWT) from Google sign-in. The server verifies its signature, ' +
      'issuer, audience, expiry and verified e-mail; it never trusts identity fields sent by a client.',
    example:
      'eyJhbGciOiJSUzI1NiIsImtpZCI6IjEifQ.eyJpc3MiOiJodHRwczovL2FjY291bnRzLmdvb2dsZS5jb20ifQ.c2ln',
    minLength: 1,
    maxLength: 8192,
  })
  @MaxLength(8192, { message: 'credential is too long' })
  @IsString({ message: 'credential must be a string' })
  @IsNotEmpty({ message: 'credential is required' })
  credential!: string;
}

/** A sign-up: the Google ID token and, when the person was invited, the invite code. */
export class RegisterRequestDto extends CredentialRequestDto {
  @ApiProperty({
    required: false,
    description:
      'The invite code from the invite link (/register?invite=…): redeemed once, by this sign-up. ' +
      'Required under SIGNUP_MODE=invite (except for ADMIN_EMAILS addresses).',
    example: 'q3X0yYQ2m0l6b5mJ8c0q1c0p6Jb1xv9d3Qz7kq2Wg4E',
    maxLength: MAX_INVITE_INPUT_LENGTH,
  })
  @IsOptional()
  @MaxLength(MAX_INVITE_INPUT_LENGTH, { message: 'invite is too long' })
  @IsString({ message: 'invite must be a string' })
  invite?: string;
}
