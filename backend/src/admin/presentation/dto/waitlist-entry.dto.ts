import { ApiProperty } from '@nestjs/swagger';
import { pick } from '../../../common/domain/pick.js';
import {
  type DirectoryEntry,
  type DirectoryPage,
  ENTRY_STATUSES,
  type EntryEvent,
  type EntryStatus,
  USER_TYPES,
  type UserType,
} from '../../../waitlist/index.js';

/** The account an invite was redeemed by; its Google e-mail may differ from the entry's. */
export class JoinedAccountDto {
  @ApiProperty({ description: 'The Paylock account id' })
  id!: string;

  @ApiProperty({
    description: "The account's (Google) e-mail: compare with the entry's",
    example: 'asha.creates@gmail.com',
  })
  email!: string;
}

/** The entry's fields the directory shows as they are stored. */
const SHOWN_AS_STORED = [
  'id',
  'fullName',
  'email',
  'phone',
  'instagramHandle',
  'userType',
  'status',
  'seat',
  'earlyAccess',
] as const satisfies readonly (keyof DirectoryEntry)[];

export class WaitlistEntryDto {
  @ApiProperty({ example: '6742f1c2a9e7b4d4e21a9512' })
  id!: string;

  @ApiProperty({ example: 'Asha Verma' })
  fullName!: string;

  @ApiProperty({ example: 'asha.verma@gmail.com' })
  email!: string;

  @ApiProperty({ description: 'Ten digits, without the country code', example: '9876543210' })
  phone!: string;

  @ApiProperty({ description: 'Without the leading @', example: 'asha.creates' })
  instagramHandle!: string;

  @ApiProperty({ enum: USER_TYPES, enumName: 'UserType', example: 'influencer' })
  userType!: UserType;

  @ApiProperty({ enum: ENTRY_STATUSES, enumName: 'EntryStatus', example: 'confirmed' })
  status!: EntryStatus;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'Place in the queue, given when the e-mail is confirmed; null before',
    example: 42,
  })
  seat!: number | null;

  @ApiProperty({ description: 'Seat within the 1,000 early-access slots', example: true })
  earlyAccess!: boolean;

  @ApiProperty({ description: 'When the form was submitted', format: 'date-time' })
  joinedAt!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  confirmedAt!: string | null;

  @ApiProperty({
    type: JoinedAccountDto,
    nullable: true,
    description: "The account created with this entry's invite (status joined); null before",
  })
  account!: JoinedAccountDto | null;

  static fromDomain(entry: DirectoryEntry): WaitlistEntryDto {
    return Object.assign(new WaitlistEntryDto(), pick(entry, SHOWN_AS_STORED), {
      joinedAt: entry.joinedAt.toISOString(),
      confirmedAt: entry.confirmedAt?.toISOString() ?? null,
      account: entry.account ? Object.assign(new JoinedAccountDto(), entry.account) : null,
    });
  }
}

export class EntryEventDto {
  @ApiProperty({ format: 'date-time' })
  at!: string;

  @ApiProperty({ description: 'What happened, e.g. submitted, confirmed', example: 'submitted' })
  event!: string;

  @ApiProperty({
    type: [String],
    required: false,
    description: 'The fields a change touched',
    example: ['email'],
  })
  fields?: string[];

  static fromDomain({ at, event, fields }: EntryEvent): EntryEventDto {
    return Object.assign(new EntryEventDto(), {
      at: at.toISOString(),
      event,
      ...(fields && { fields: [...fields] }),
    });
  }
}

export class WaitlistEntryDetailDto extends WaitlistEntryDto {
  @ApiProperty({ type: [EntryEventDto], description: 'Oldest first' })
  history!: EntryEventDto[];

  static override fromDomain(entry: DirectoryEntry): WaitlistEntryDetailDto {
    return Object.assign(new WaitlistEntryDetailDto(), WaitlistEntryDto.fromDomain(entry), {
      history: entry.history.map((event) => EntryEventDto.fromDomain(event)),
    });
  }
}

export class WaitlistEntryPageDto {
  @ApiProperty({ type: [WaitlistEntryDto] })
  items!: WaitlistEntryDto[];

  @ApiProperty({ type: 'integer', description: 'Entries matching the filter', example: 1234 })
  total!: number;

  @ApiProperty({ type: 'integer', example: 1 })
  page!: number;

  @ApiProperty({ type: 'integer', example: 25 })
  pageSize!: number;

  static of(result: DirectoryPage, page: number, pageSize: number): WaitlistEntryPageDto {
    return Object.assign(new WaitlistEntryPageDto(), {
      items: result.items.map((entry) => WaitlistEntryDto.fromDomain(entry)),
      total: result.total,
      page,
      pageSize,
    });
  }
}
