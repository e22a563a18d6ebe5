import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import type { PayoutProfileView } from '../../application/payout-profiles.use-case.js';
import {
  ACCOUNT_NUMBER_MAX_DIGITS,
  ACCOUNT_NUMBER_MIN_DIGITS,
  IFSC_PATTERN,
  LEGAL_NAME_MAX_LENGTH,
  PAN_PATTERN,
  UPI_ID_MAX_LENGTH,
} from '../../domain/payout-identifiers.js';
import { PAYOUT_METHODS, type PayoutMethod } from '../../domain/payout-profile.js';
import {
  PAYOUT_PROFILE_STATUSES,
  type PayoutProfilePersonalRecord,
  type PayoutProfileStatus,
} from '../../payouts.contract.js';

/** Generous caps before the domain's own checks (which answer per field). */
const SHORT = 40;

export class PayoutProfileRequestDto {
  @ApiProperty({
    description: 'The name on the PAN and the bank account. Trimmed; 2 to 120 characters',
    example: 'Riya Sharma',
    maxLength: LEGAL_NAME_MAX_LENGTH * 2,
  })
  @IsString()
  @MaxLength(LEGAL_NAME_MAX_LENGTH * 2)
  readonly legalName!: string;

  @ApiProperty({
    description: `PAN: 5 letters, 4 digits, 1 letter (${PAN_PATTERN} after upper-casing); the 4th letter is the holder type (P for a person)`,
    example: 'ABCPE1234F',
    maxLength: SHORT,
  })
  @IsString()
  @MaxLength(SHORT)
  readonly pan!: string;

  @ApiProperty({
    description: 'Indian mobile number, 10 digits (a leading +91 or 0 is dropped)',
    example: '9876543210',
    maxLength: SHORT,
  })
  @IsString()
  @MaxLength(SHORT)
  readonly phone!: string;

  @ApiPropertyOptional({
    enum: PAYOUT_METHODS,
    nullable: true,
    description:
      "Where Razorpay Route settles: `bank_account` (accountNumber, accountNumberConfirmation and ifsc required) or `upi` (upiId required); only the chosen method's fields are read. When absent: the bank account if an account number is given, else the UPI ID; with neither, 400 naming `payoutMethod`",
    example: 'bank_account',
  })
  @IsOptional()
  @IsIn(PAYOUT_METHODS)
  readonly payoutMethod?: PayoutMethod | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: `Bank account number, ${ACCOUNT_NUMBER_MIN_DIGITS} to ${ACCOUNT_NUMBER_MAX_DIGITS} digits (bank_account)`,
    example: '50100123456789',
    maxLength: SHORT,
  })
  @IsOptional()
  @IsString()
  @MaxLength(SHORT)
  readonly accountNumber?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'The account number again: must match (bank_account)',
    example: '50100123456789',
    maxLength: SHORT,
  })
  @IsOptional()
  @IsString()
  @MaxLength(SHORT)
  readonly accountNumberConfirmation?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: `IFSC (${IFSC_PATTERN}), checked against Razorpay's published IFSC list (bank_account)`,
    example: 'HDFC0000001',
    maxLength: SHORT,
  })
  @IsOptional()
  @IsString()
  @MaxLength(SHORT)
  readonly ifsc?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'UPI ID (name@bank, lower-cased) the linked account settles to (upi)',
    example: 'riya@okaxis',
    maxLength: UPI_ID_MAX_LENGTH,
  })
  @IsOptional()
  @IsString()
  @MaxLength(UPI_ID_MAX_LENGTH)
  readonly upiId?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description:
      'GSTIN (15 characters, check character verified); must contain the PAN. Left out, the saved GSTIN is kept (it is answered masked); null or empty removes it',
    example: '27ABCPE1234F1Z5',
    maxLength: SHORT,
  })
  @IsOptional()
  @IsString()
  @MaxLength(SHORT)
  readonly gstin?: string | null;
}

export class PayoutStepDto {
  @ApiProperty({
    enum: ['identity', 'bankAccount', 'linkedAccount', 'upi'],
    example: 'bankAccount',
  })
  name!: 'identity' | 'bankAccount' | 'linkedAccount' | 'upi';

  @ApiProperty({ enum: PAYOUT_PROFILE_STATUSES, example: 'pending' })
  status!: PayoutProfileStatus;
}

export class PayoutProfileDetailsDto {
  @ApiProperty({ description: 'Increases when the settlement details change', example: 1 })
  revision!: number;

  @ApiProperty({ example: 'Riya Sharma' })
  legalName!: string;

  @ApiProperty({ description: 'Only the 4 digits stay visible', example: '•••••1234•' })
  maskedPan!: string;

  @ApiProperty({ example: '9876543210' })
  phone!: string;

  @ApiProperty({ enum: PAYOUT_METHODS, example: 'bank_account' })
  payoutMethod!: PayoutMethod;

  @ApiProperty({
    description: 'Where payouts go, masked: "HDFC0000001 ••••6789" or "ri••••@okaxis"',
    example: 'HDFC0000001 ••••6789',
  })
  maskedDestination!: string;

  @ApiProperty({ type: String, nullable: true, example: 'HDFC0000001' })
  ifsc!: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'HDFC Bank' })
  bankName!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Only the last 4 digits stay visible',
    example: '••••6789',
  })
  maskedAccountNumber!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'The UPI ID payouts go to, masked: its first two characters and the provider (whole only in the personal-data download)',
    example: 'ri••••@okaxis',
  })
  upiId!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'The GSTIN, masked: the state code, the PAN inside it masked like maskedPan, the last three characters (whole only on invoices and in the personal-data download)',
    example: '27•••••1234•1Z5',
  })
  gstin!: string | null;

  @ApiProperty({ type: String, format: 'date-time' })
  updatedAt!: string;
}

export class PayoutProfileResponseDto {
  @ApiProperty({
    enum: PAYOUT_PROFILE_STATUSES,
    description: 'verified once Razorpay activated the linked account; deals can be sent then',
    example: 'pending',
  })
  status!: PayoutProfileStatus;

  @ApiProperty({ type: [PayoutStepDto] })
  steps!: PayoutStepDto[];

  @ApiProperty({ type: PayoutProfileDetailsDto, nullable: true })
  profile!: PayoutProfileDetailsDto | null;

  @ApiProperty({ type: String, nullable: true, description: 'Why verification failed' })
  failureReason!: string | null;

  static of(view: PayoutProfileView): PayoutProfileResponseDto {
    return Object.assign(new PayoutProfileResponseDto(), {
      status: view.status,
      steps: view.steps.map((step) => Object.assign(new PayoutStepDto(), step)),
      failureReason: view.failureReason,
      profile: view.profile
        ? Object.assign(new PayoutProfileDetailsDto(), {
            ...view.profile,
            updatedAt: view.profile.updatedAt.toISOString(),
          })
        : null,
    });
  }
}

export class PayoutLinkedAccountDataDto {
  @ApiProperty({ example: 1 })
  revision!: number;

  @ApiProperty({
    type: String,
    nullable: true,
    description: "Razorpay's id of the Route linked account made from this revision",
    example: 'acc_00000000000001',
  })
  accountId!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: "Razorpay's own status of the account",
    example: 'activated',
  })
  gatewayStatus!: string | null;

  @ApiProperty({ enum: PAYOUT_PROFILE_STATUSES, example: 'verified' })
  status!: PayoutProfileStatus;

  @ApiProperty({ type: String, nullable: true, example: null })
  failureReason!: string | null;

  @ApiProperty({ type: String, format: 'date-time' })
  updatedAt!: string;
}

export class PayoutProfileDataDto {
  @ApiProperty({ example: 1 })
  revision!: number;

  @ApiProperty({ example: 'Riya Sharma' })
  legalName!: string;

  @ApiProperty({ description: 'In full: this is your own data download', example: 'ABCPE1234F' })
  pan!: string;

  @ApiProperty({ example: '9876543210' })
  phone!: string;

  @ApiProperty({ description: "Your account's e-mail address", example: 'riya@example.com' })
  email!: string;

  @ApiProperty({ enum: PAYOUT_METHODS, example: 'bank_account' })
  payoutMethod!: PayoutMethod;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'In full: this is your own data download',
    example: '50100123456789',
  })
  accountNumber!: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'HDFC0000001' })
  ifsc!: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'HDFC Bank' })
  bankName!: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'riya@okaxis' })
  upiId!: string | null;

  @ApiProperty({ type: String, nullable: true, example: null })
  gstin!: string | null;

  @ApiProperty({ enum: PAYOUT_PROFILE_STATUSES, example: 'verified' })
  status!: PayoutProfileStatus;

  @ApiProperty({ type: String, nullable: true, example: null })
  failureReason!: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'acc_00000000000001' })
  linkedAccountId!: string | null;

  @ApiProperty({ type: [PayoutLinkedAccountDataDto], description: 'Every revision, oldest first' })
  linkedAccounts!: PayoutLinkedAccountDataDto[];

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: String, format: 'date-time' })
  updatedAt!: string;
}

/** The creator's own download of their payout profile (a JSON attachment). */
export class PayoutPersonalDataDto {
  @ApiProperty({ type: String, example: 'Paylock payout profile' })
  readonly source = 'Paylock payout profile';

  @ApiProperty({ type: String, format: 'date-time' })
  exportedAt!: string;

  @ApiProperty({
    type: String,
    description: 'What the file holds, and that the PAN and account number are in full',
  })
  readonly notice =
    'Your own data download: your PAN and bank account number are shown in full here, and masked everywhere else in Paylock. Keep this file safe.';

  @ApiProperty({
    type: PayoutProfileDataDto,
    nullable: true,
    description: 'Null when you have no payout profile',
  })
  profile!: PayoutProfileDataDto | null;

  @ApiProperty({ type: String, description: 'What else exists about the profile, and where' })
  readonly alsoHeld =
    'Razorpay keeps its own records of your linked account and its verification. The payment records of your deals (the ledger, and the transfers to your linked account) and your invoices are kept for the period the law requires for accounts and tax.';

  static of(record: PayoutProfilePersonalRecord | null, now: Date): PayoutPersonalDataDto {
    return Object.assign(new PayoutPersonalDataDto(), {
      exportedAt: now.toISOString(),
      profile: record
        ? Object.assign(new PayoutProfileDataDto(), {
            ...record,
            linkedAccounts: record.linkedAccounts.map((item) =>
              Object.assign(new PayoutLinkedAccountDataDto(), item),
            ),
          })
        : null,
    });
  }
}
