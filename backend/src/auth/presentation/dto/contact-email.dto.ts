import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsString, Matches, MaxLength } from 'class-validator';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../../../common/domain/email-address.js';
import { LINK_TOKEN_PATTERN } from '../../../link-tokens/index.js';
import type { ContactEmailStatus } from '../../application/contact-email.use-case.js';

const EMAIL_MESSAGE = 'email must be an e-mail address like name@example.com';
export const CONTACT_LINK_MESSAGE =
  'This link is incomplete. Open the whole link from the e-mail, or ask for a new one in Settings.';

/** Settings → Profile: the address to send the account's notices to. */
export class ChangeContactEmailRequestDto {
  @ApiProperty({
    description: 'The new contact address; a link to confirm it is mailed to it.',
    example: 'asha.work@example.com',
    maxLength: EMAIL_MAX_LENGTH,
  })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @Matches(EMAIL_PATTERN, { message: EMAIL_MESSAGE })
  @MaxLength(EMAIL_MAX_LENGTH, { message: EMAIL_MESSAGE })
  @IsString({ message: EMAIL_MESSAGE })
  readonly email!: string;
}

export class ConfirmContactEmailRequestDto {
  @ApiProperty({
    description: 'The token of the mailed link (its `token` query parameter)',
    pattern: LINK_TOKEN_PATTERN,
    example: 'q3X0yYQ2m0l6b5mJ8c0q1c0p6Jb1xv9d3Qz7kq2Wg4E',
  })
  @Matches(new RegExp(LINK_TOKEN_PATTERN), { message: CONTACT_LINK_MESSAGE })
  @IsString({ message: CONTACT_LINK_MESSAGE })
  readonly token!: string;
}

export class ContactEmailStatusDto {
  @ApiProperty({
    description:
      'The confirmed contact address; null while a creator’s notices go to the Google address ' +
      '(a brand: while it has none)',
    type: String,
    nullable: true,
    example: 'asha.work@example.com',
  })
  readonly contactEmail: string | null;

  @ApiProperty({
    description: 'The address waiting for its mailed link to be opened, if any',
    type: String,
    nullable: true,
    example: null,
  })
  readonly pendingEmail: string | null;

  @ApiProperty({
    description:
      'Where the account’s mail goes now; null for a brand without a confirmed contact address',
    type: String,
    nullable: true,
    example: 'asha@gmail.com',
  })
  readonly mailedTo: string | null;

  private constructor(status: ContactEmailStatus) {
    this.contactEmail = status.contactEmail;
    this.pendingEmail = status.pendingEmail;
    this.mailedTo = status.mailedTo;
  }

  static of(status: ContactEmailStatus): ContactEmailStatusDto {
    return new ContactEmailStatusDto(status);
  }
}

export class ContactEmailConfirmedDto {
  @ApiProperty({ description: 'The account’s contact address from now on' })
  readonly contactEmail: string;

  private constructor(contactEmail: string) {
    this.contactEmail = contactEmail;
  }

  static of(contactEmail: string): ContactEmailConfirmedDto {
    return new ContactEmailConfirmedDto(contactEmail);
  }
}
