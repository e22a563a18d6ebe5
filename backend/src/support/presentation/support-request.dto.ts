import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import {
  SUPPORT_MESSAGE_MAX,
  SUPPORT_SUBJECT_MAX,
  type SupportRequest,
} from '../domain/support-request.js';

const trimmed = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() : value;

export class CreateSupportRequestDto {
  @ApiProperty({ maxLength: SUPPORT_SUBJECT_MAX, example: 'The brand has not funded milestone 2' })
  @Transform(trimmed)
  @MaxLength(SUPPORT_SUBJECT_MAX, {
    message: `subject must be at most ${String(SUPPORT_SUBJECT_MAX)} characters`,
  })
  @IsString({ message: 'subject is required' })
  @IsNotEmpty({ message: 'subject is required' })
  readonly subject!: string;

  @ApiProperty({ maxLength: SUPPORT_MESSAGE_MAX, example: 'It has been a week since I sent it.' })
  @Transform(trimmed)
  @MaxLength(SUPPORT_MESSAGE_MAX, {
    message: `message must be at most ${String(SUPPORT_MESSAGE_MAX)} characters`,
  })
  @IsString({ message: 'message is required' })
  @IsNotEmpty({ message: 'message is required' })
  readonly message!: string;

  @ApiPropertyOptional({
    description: 'A deal of yours the request is about',
    example: '3b241101-e2bb-4255-8caf-4136c566a962',
    pattern: '^[\\w-]{1,64}$',
  })
  @IsOptional()
  @Matches(/^[\w-]{1,64}$/, { message: 'dealId must be a deal id' })
  @IsString({ message: 'dealId must be a deal id' })
  readonly dealId?: string;
}

export class SupportRequestCreatedDto {
  @ApiProperty({ description: 'The request’s reference (named in the confirmation e-mail)' })
  readonly id: string;

  @ApiProperty({ type: String, format: 'date-time' })
  readonly createdAt: string;

  private constructor(request: SupportRequest) {
    this.id = request.id;
    this.createdAt = request.createdAt.toISOString();
  }

  static of(request: SupportRequest): SupportRequestCreatedDto {
    return new SupportRequestCreatedDto(request);
  }
}

export class SupportRequestDto {
  @ApiProperty() readonly id: string;
  @ApiProperty() readonly accountId: string;
  @ApiProperty() readonly name: string;
  @ApiProperty() readonly email: string;
  @ApiProperty() readonly subject: string;
  @ApiProperty() readonly message: string;
  @ApiProperty({ type: String, nullable: true }) readonly dealId: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) readonly createdAt: string;

  private constructor(request: SupportRequest) {
    this.id = request.id;
    this.accountId = request.accountId;
    this.name = request.name;
    this.email = request.email;
    this.subject = request.subject;
    this.message = request.message;
    this.dealId = request.dealId;
    this.createdAt = request.createdAt.toISOString();
  }

  static of(request: SupportRequest): SupportRequestDto {
    return new SupportRequestDto(request);
  }
}

export class SupportRequestListDto {
  @ApiProperty({ type: [SupportRequestDto], description: 'The newest 100, newest first' })
  readonly items: SupportRequestDto[];

  private constructor(items: SupportRequestDto[]) {
    this.items = items;
  }

  static of(requests: readonly SupportRequest[]): SupportRequestListDto {
    return new SupportRequestListDto(requests.map((request) => SupportRequestDto.of(request)));
  }
}
