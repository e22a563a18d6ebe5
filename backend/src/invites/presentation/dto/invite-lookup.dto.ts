import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import type { InvitePreview } from '../../application/invite-redemptions.js';
import { MAX_INVITE_INPUT_LENGTH } from '../../domain/invite.js';

export class InviteLookupRequestDto {
  @ApiProperty({
    description:
      'The invite code: the `invite` query parameter of the link in the invite e-mail. Any string is ' +
      'answered: one that is not a code is told so (404 INVITE_INVALID).',
    example: 'q3X0yYQ2m0l6b5mJ8c0q1c0p6Jb1xv9d3Qz7kq2Wg4E',
    maxLength: MAX_INVITE_INPUT_LENGTH,
  })
  @MaxLength(MAX_INVITE_INPUT_LENGTH, { message: 'code is too long' })
  @IsString({ message: 'code must be a string' })
  readonly code!: string;
}

export class InvitePreviewDto {
  @ApiProperty({
    description: 'The invited address, masked: enough for its owner to recognise it',
    example: 'a***k@g***l.com',
  })
  readonly maskedEmail: string;

  @ApiProperty({ description: 'Until when the invite works', format: 'date-time' })
  readonly expiresAt: string;

  constructor(preview: InvitePreview) {
    this.maskedEmail = preview.maskedEmail;
    this.expiresAt = preview.expiresAt.toISOString();
  }
}
