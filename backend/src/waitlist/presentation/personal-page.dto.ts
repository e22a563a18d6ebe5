import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, Matches, ValidateIf } from 'class-validator';
import { LINK_TOKEN_PATTERN } from '../../link-tokens/index.js';
import type { PersonalPage } from '../application/get-personal-page.use-case.js';
import { ENTRY_STATUSES, type EntryStatus } from '../application/ports/waitlist-directory.js';
import { EmailAddress, EMAIL_MAX_LENGTH } from '../domain/email-address.js';
import { FullName } from '../domain/full-name.js';
import { IndianMobileNumber } from '../domain/indian-mobile-number.js';
import { InstagramHandle } from '../domain/instagram-handle.js';
import { EARLY_ACCESS_SLOTS } from '../domain/seat.js';
import { parseUserType, USER_TYPES, type UserType } from '../domain/user-type.js';
import { DOCUMENTED_PATTERNS } from './join-waitlist.request.dto.js';
import { SatisfiesDomainRule } from '../../common/presentation/satisfies-domain-rule.decorator.js';

const emailDoc = (description: string) => ({
  description,
  example: 'asha.rao@example.com',
  allOf: [
    { type: 'string' as const, pattern: DOCUMENTED_PATTERNS.email },
    { type: 'string' as const, pattern: DOCUMENTED_PATTERNS.emailLength },
  ],
});

export class RequestPersonalLinkRequestDto {
  @ApiProperty(
    emailDoc(
      `The e-mail address given when joining (trimmed, lower-cased; at most ${EMAIL_MAX_LENGTH} characters)`,
    ),
  )
  @SatisfiesDomainRule((input) => EmailAddress.parse(input))
  readonly email!: string;
}

export const PERSONAL_LINK_ANSWER = "If that address is on the list, we've e-mailed you a link.";

export class RequestPersonalLinkResponseDto {
  @ApiProperty({ enum: [true], example: true })
  readonly success = true;

  @ApiProperty({
    type: String,
    description: 'The same answer whether or not the address is on the list',
    example: PERSONAL_LINK_ANSWER,
  })
  readonly message = PERSONAL_LINK_ANSWER;
}

export const INCOMPLETE_PERSONAL_LINK_MESSAGE =
  'This link is incomplete. Open the whole link from the e-mail, or ask for a new one below.';

/** A link's token: the personal page's, or an address change's. */
export class LinkTokenRequestDto {
  @ApiProperty({
    description: 'The token of the link (its `token` query parameter)',
    pattern: LINK_TOKEN_PATTERN,
    example: 'q3X0yYQ2m0l6b5mJ8c0q1c0p6Jb1xv9d3Qz7kq2Wg4E',
  })
  @Matches(new RegExp(LINK_TOKEN_PATTERN), { message: INCOMPLETE_PERSONAL_LINK_MESSAGE })
  @IsString({ message: INCOMPLETE_PERSONAL_LINK_MESSAGE })
  readonly token!: string;
}

export class ConsentRecordDto {
  @ApiProperty({ description: 'The privacy notice version agreed to', example: '2026-11-23' })
  readonly privacyNoticeVersion!: string;

  @ApiProperty({ format: 'date-time', description: 'When the form was submitted (the consent)' })
  readonly consentedAt!: string;
}

/** The personal page: the entry as its person sees it. */
export class PersonalPageResponseDto {
  @ApiProperty({ example: 'Asha Rao' })
  readonly fullName!: string;

  @ApiProperty({ example: 'asha.rao@example.com' })
  readonly email!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'A new address asked for, until its link (e-mailed to it) is opened',
    example: null,
  })
  readonly pendingEmail!: string | null;

  @ApiProperty({ description: 'Ten digits, as stored', example: '9876543210' })
  readonly phoneNumber!: string;

  @ApiProperty({ description: 'Without the leading @', example: 'asha.creates' })
  readonly instagramHandle!: string;

  @ApiProperty({ enum: USER_TYPES, enumName: 'WaitlistUserType', example: 'influencer' })
  readonly userType!: UserType;

  @ApiProperty({ enum: ENTRY_STATUSES, enumName: 'PersonalEntryStatus', example: 'confirmed' })
  readonly status!: EntryStatus;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    minimum: 1,
    description: 'Null until the e-mail address is confirmed',
    example: 42,
  })
  readonly seat!: number | null;

  @ApiProperty({ description: `True for seats 1 to ${EARLY_ACCESS_SLOTS}`, example: true })
  readonly earlyAccess!: boolean;

  @ApiProperty({
    type: 'integer',
    minimum: 0,
    description: 'Early-access slots still free',
    example: 642,
  })
  readonly slotsLeft!: number;

  @ApiProperty({ format: 'date-time', description: 'When the form was submitted' })
  readonly joinedAt!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  readonly confirmedAt!: string | null;

  @ApiProperty({ type: ConsentRecordDto })
  readonly consent!: ConsentRecordDto;

  @ApiProperty({
    description: 'Where to write with a privacy request or a grievance (GRIEVANCE_EMAIL)',
    example: 'privacy@paylock.in',
  })
  readonly grievanceEmail!: string;

  static fromDomain({ entry, slotsLeft, grievanceEmail }: PersonalPage): PersonalPageResponseDto {
    return Object.assign(new PersonalPageResponseDto(), {
      fullName: entry.fullName.value,
      email: entry.email.value,
      pendingEmail: entry.pendingEmail?.email.value ?? null,
      phoneNumber: entry.phone.national,
      instagramHandle: entry.instagramHandle.value,
      userType: entry.userType,
      status: entry.status,
      seat: entry.seat?.number ?? null,
      earlyAccess: entry.seat?.isEarlyAccess ?? false,
      slotsLeft,
      joinedAt: entry.createdAt.toISOString(),
      confirmedAt: entry.confirmedAt?.toISOString() ?? null,
      consent: {
        privacyNoticeVersion: entry.consent.privacyNoticeVersion,
        consentedAt: entry.consent.consentedAt.toISOString(),
      },
      grievanceEmail,
    });
  }
}

const unlessAbsent = ValidateIf((_body: object, value: unknown) => value !== undefined);

/** Any of the correctable fields; the form's rules and messages. The e-mail has its own operation. */
export class CorrectEntryRequestDto {
  @ApiPropertyOptional({ example: 'Asha Rao', pattern: DOCUMENTED_PATTERNS.fullName })
  @unlessAbsent
  @SatisfiesDomainRule((input) => FullName.parse(input))
  readonly fullName?: string;

  @ApiPropertyOptional({ example: '@asha.creates', pattern: DOCUMENTED_PATTERNS.instagramHandle })
  @unlessAbsent
  @SatisfiesDomainRule((input) => InstagramHandle.parse(input))
  readonly instagramHandle?: string;

  @ApiPropertyOptional({ enum: USER_TYPES, enumName: 'WaitlistUserType', example: 'brand' })
  @unlessAbsent
  @SatisfiesDomainRule(parseUserType)
  readonly userType?: UserType;

  @ApiPropertyOptional({
    description: 'Kept unique: another entry’s number answers 409 PHONE_ALREADY_REGISTERED',
    example: '98765 43210',
    pattern: DOCUMENTED_PATTERNS.phoneNumber,
  })
  @unlessAbsent
  @SatisfiesDomainRule((input) => IndianMobileNumber.parse(input))
  readonly phoneNumber?: string;
}

export class RequestEmailChangeRequestDto {
  @ApiProperty(emailDoc('The new address; a link is e-mailed to it'))
  @SatisfiesDomainRule((input) => EmailAddress.parse(input))
  readonly email!: string;
}

export const EMAIL_CHANGE_ANSWER =
  "We've e-mailed a link to the new address. Your address changes once you open it; until then it stays as it is.";

export class EmailChangeRequestedResponseDto {
  @ApiProperty({ enum: [true], example: true })
  readonly success = true;

  @ApiProperty({
    type: String,
    description: 'The same answer whether or not the new address is free',
    example: EMAIL_CHANGE_ANSWER,
  })
  readonly message = EMAIL_CHANGE_ANSWER;
}

/** The switch ends every link and session the old address had (#28). */
const OLD_LINKS_ENDED =
  'Links sent to your old address no longer work: ask for a new link to open your page.';

export class EmailChangedResponseDto {
  @ApiProperty({ enum: [true], example: true })
  readonly success = true;

  @ApiProperty({
    example: `Your e-mail address is now asha.rao@example.com. ${OLD_LINKS_ENDED}`,
  })
  readonly message: string;

  @ApiProperty({ example: 'asha.rao@example.com' })
  readonly email: string;

  constructor(email: string) {
    this.email = email;
    this.message = `Your e-mail address is now ${email}. ${OLD_LINKS_ENDED}`;
  }
}

export const ERASED_MESSAGE =
  "Your details are erased and your consent is withdrawn. We've e-mailed you a confirmation; that was the last e-mail you'll get from us.";

export class EntryErasedResponseDto {
  @ApiProperty({ enum: [true], example: true })
  readonly success = true;

  @ApiProperty({ type: String, example: ERASED_MESSAGE })
  readonly message = ERASED_MESSAGE;
}

class ExportedEventDto {
  @ApiProperty({ format: 'date-time' })
  readonly at!: string;

  @ApiProperty({ example: 'corrected' })
  readonly event!: string;

  @ApiPropertyOptional({ type: [String], example: ['fullName'] })
  readonly fields?: string[];
}

/** "Download my data": everything the waitlist holds about the entry. */
export class PersonalDataExportDto {
  @ApiProperty({ type: String, example: 'Paylock waitlist' })
  readonly source = 'Paylock waitlist';

  @ApiProperty({ format: 'date-time' })
  readonly exportedAt!: string;

  @ApiProperty({ example: '6733f0c2a4b1e2d3c4f5a6b7' })
  readonly entryId!: string;

  @ApiProperty({ type: PersonalPageResponseDto })
  readonly entry!: PersonalPageResponseDto;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  readonly confirmationLinkExpiresAt!: string | null;

  @ApiProperty({
    type: [ExportedEventDto],
    description: 'What happened to the entry, oldest first',
  })
  readonly history!: ExportedEventDto[];

  @ApiProperty({
    type: String,
    description: 'What else exists about the entry, and where',
    example:
      'Link tokens (stored as hashes), page sessions (hashes), and copies of the e-mails sent to this address in the outbox.',
  })
  readonly alsoHeld =
    'Links in e-mails (stored only as hashes of their tokens, with their expiry), page sessions (hashes, 30 minutes), the e-mails sent to your address (kept in our outbox with their content), and the seat row (seat number and time, no personal data).';

  static of(page: PersonalPage, now: Date): PersonalDataExportDto {
    const { entry } = page;
    return Object.assign(new PersonalDataExportDto(), {
      exportedAt: now.toISOString(),
      entryId: entry.id,
      entry: PersonalPageResponseDto.fromDomain(page),
      confirmationLinkExpiresAt: entry.confirmationExpiresAt?.toISOString() ?? null,
      history: entry.history.map(({ at, event, fields }) => ({
        at: at.toISOString(),
        event,
        ...(fields && { fields: [...fields] }),
      })),
    });
  }
}
