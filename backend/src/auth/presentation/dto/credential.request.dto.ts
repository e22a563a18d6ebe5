import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

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
