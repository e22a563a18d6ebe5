import { ApiProperty } from '@nestjs/swagger';
import type { ListedSession } from '../../application/account-sessions.use-case.js';
import { describeUserAgent } from '../session-device.js';

const PLATFORMS = ['desktop', 'mobile', 'tablet', 'tv', 'unknown'] as const;

/** One place the account is signed in. No location: none is derivable without an outside service. */
export class AccountSessionDto {
  @ApiProperty({ description: 'The session id (revoke it with DELETE /auth/sessions/{id})' })
  id!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The browser and its major version, from the User-Agent; null when unknown',
    example: 'Chrome 131',
  })
  browser!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The operating system, from the User-Agent; null when unknown',
    example: 'Android 14',
  })
  os!: string | null;

  @ApiProperty({
    enum: PLATFORMS,
    enumName: 'DevicePlatform',
    description: 'The kind of device, from the User-Agent',
    example: 'mobile',
  })
  platform!: (typeof PLATFORMS)[number];

  @ApiProperty({ description: 'When the session was signed in (ISO 8601)' })
  firstSeenAt!: string;

  @ApiProperty({
    description: 'Its last sign-in or token refresh (ISO 8601); a used session refreshes often',
  })
  lastActiveAt!: string;

  @ApiProperty({ description: 'True for the session making this request ("this device")' })
  current!: boolean;

  static fromListed({ session, current }: ListedSession): AccountSessionDto {
    return Object.assign(new AccountSessionDto(), {
      id: session.id,
      ...describeUserAgent(session.userAgent),
      platform: describeUserAgent(session.userAgent).platform ?? 'unknown',
      firstSeenAt: session.createdAt.toISOString(),
      lastActiveAt: session.lastActiveAt.toISOString(),
      current,
    });
  }
}

export class AccountSessionsResponseDto {
  @ApiProperty({ type: [AccountSessionDto], description: 'Most recently active first' })
  sessions!: AccountSessionDto[];

  static of(listed: readonly ListedSession[]): AccountSessionsResponseDto {
    return Object.assign(new AccountSessionsResponseDto(), {
      sessions: listed.map((entry) => AccountSessionDto.fromListed(entry)),
    });
  }
}

export class SessionsRevokedResponseDto {
  @ApiProperty({ description: 'How many sessions were ended', example: 2 })
  revoked!: number;

  static of(revoked: number): SessionsRevokedResponseDto {
    return Object.assign(new SessionsRevokedResponseDto(), { revoked });
  }
}
