import { ApiProperty } from '@nestjs/swagger';
import { type Account, type Role, ROLES } from '../../../users/index.js';

/** The signed-in user as the app displays them. */
export class AuthUserDto {
  @ApiProperty({
    example: 'Asha Verma',
    description:
      'The Google name; for a brand, its contact name (empty until the company profile is given)',
  })
  displayName!: string;

  @ApiProperty({
    example: 'asha.verma@gmail.com',
    description: 'The verified Google e-mail; empty for a brand account (it signs in by mobile)',
  })
  email!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Profile photo URL from Google; null when the account has none',
    example: 'https://lh3.googleusercontent.com/a/asha',
  })
  photoURL!: string | null;

  @ApiProperty({
    enum: ROLES,
    enumName: 'Role',
    isArray: true,
    description:
      "What the account may do: every Google account is a 'creator'; 'admin' is added while the " +
      "account's verified Google e-mail is listed in ADMIN_EMAILS (checked again by every admin " +
      'operation, so the list may change under a signed-in user). A mobile-number account is ' +
      "['brand'] only: brand routes refuse creators and creator routes refuse brands (403).",
    example: ['creator'],
  })
  roles!: Role[];

  @ApiProperty({
    required: false,
    description: "A brand account's verified mobile number (E.164); absent for creators",
    example: '+919876543210',
  })
  phone?: string;

  static fromDomain(user: Account, roles: readonly Role[]): AuthUserDto {
    if (user.accountType === 'brand') {
      return Object.assign(new AuthUserDto(), {
        displayName: user.contactName ?? '',
        email: '',
        photoURL: null,
        roles: [...roles],
        phone: user.phone,
      });
    }
    return Object.assign(new AuthUserDto(), {
      displayName: user.displayName,
      email: user.email,
      photoURL: user.photoURL,
      roles: [...roles],
    });
  }
}

/** A sign-up, sign-in or refresh: the access token for the Authorization header, and the user. */
export class AuthSessionResponseDto {
  @ApiProperty({ example: true })
  success!: boolean;

  @ApiProperty({
    description:
      'Short-lived access token (JWT, HS256): send as `Authorization: Bearer <token>`. Keep it in ' +
      'memory only; the httpOnly refresh cookie renews it.',
    example: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI2NjQ2ZjAiLCJzaWQiOiJjNWE2In0.c2ln',
  })
  accessToken!: string;

  @ApiProperty({ example: 'Login successfull' })
  message!: string;

  @ApiProperty({ type: AuthUserDto })
  user!: AuthUserDto;

  static of(
    accessToken: string,
    user: Account,
    roles: readonly Role[],
    message: string,
  ): AuthSessionResponseDto {
    return Object.assign(new AuthSessionResponseDto(), {
      success: true,
      accessToken,
      message,
      user: AuthUserDto.fromDomain(user, roles),
    });
  }
}

export class LogoutResponseDto {
  @ApiProperty({ example: true })
  success!: boolean;

  @ApiProperty({ example: 'Logout Successfull' })
  message!: string;

  static of(message: string): LogoutResponseDto {
    return Object.assign(new LogoutResponseDto(), { success: true, message });
  }
}

export const IDENTITY_PROVIDER_KINDS = ['google', 'local'] as const;
export type IdentityProviderKind = (typeof IDENTITY_PROVIDER_KINDS)[number];

export class IdentityProviderResponseDto {
  @ApiProperty({
    enum: IDENTITY_PROVIDER_KINDS,
    description:
      "'google' when sign-in goes to Google; 'local' when it goes to the local development " +
      'identity provider (demo and tests), which signs anyone in without a password.',
    example: 'google',
  })
  kind!: IdentityProviderKind;

  static of(kind: IdentityProviderKind): IdentityProviderResponseDto {
    return Object.assign(new IdentityProviderResponseDto(), { kind });
  }
}
