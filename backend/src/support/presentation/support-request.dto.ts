import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { PageOf } from '../../common/presentation/page.dto.js';
import { PagedQuery } from '../../common/presentation/paged-query.dto.js';
import { QueryOneOf } from '../../common/presentation/query-params.js';
import {
  GRIEVANCE_ACKNOWLEDGE_HOURS,
  GRIEVANCE_RESOLVE_DAYS,
  SUPPORT_ANSWER_MAX,
  SUPPORT_KINDS,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_PARTIES,
  SUPPORT_STATUSES,
  SUPPORT_SUBJECT_MAX,
  type SupportAnswer,
  type SupportDealContext,
  type SupportDealEvent,
  type SupportKind,
  type SupportParty,
  type SupportStatus,
  type SupportRequest,
} from '../domain/support-request.js';

/** The contract's word for "required once trimmed": something other than white space. */
const NOT_BLANK = { minLength: 1, pattern: '\\S' } as const;
const trimmed = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() : value;

export class CreateSupportRequestDto {
  @ApiPropertyOptional({
    enum: SUPPORT_KINDS,
    enumName: 'SupportKind',
    default: 'question',
    description:
      'A question for support, or a grievance for the grievance officer (acknowledged within ' +
      `${String(GRIEVANCE_ACKNOWLEDGE_HOURS)} hours, resolved within ${String(GRIEVANCE_RESOLVE_DAYS)} days)`,
  })
  @IsOptional()
  @IsIn(SUPPORT_KINDS, { message: 'kind must be one of question, grievance' })
  readonly kind?: SupportKind;

  @ApiProperty({
    ...NOT_BLANK,
    maxLength: SUPPORT_SUBJECT_MAX,
    example: 'The brand has not funded milestone 2',
  })
  @Transform(trimmed)
  @MaxLength(SUPPORT_SUBJECT_MAX, {
    message: `subject must be at most ${String(SUPPORT_SUBJECT_MAX)} characters`,
  })
  @IsString({ message: 'subject is required' })
  @IsNotEmpty({ message: 'subject is required' })
  readonly subject!: string;

  @ApiProperty({
    ...NOT_BLANK,
    maxLength: SUPPORT_MESSAGE_MAX,
    example: 'It has been a week since I sent it.',
  })
  @Transform(trimmed)
  @MaxLength(SUPPORT_MESSAGE_MAX, {
    message: `message must be at most ${String(SUPPORT_MESSAGE_MAX)} characters`,
  })
  @IsString({ message: 'message is required' })
  @IsNotEmpty({ message: 'message is required' })
  readonly message!: string;

  @ApiPropertyOptional({
    description:
      'A deal of yours the request is about (a brand: one its workspace accepted); 404 otherwise',
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

export class SupportAnswerDto {
  @ApiProperty({ description: 'Support’s answer, as mailed' }) readonly text: string;
  @ApiProperty({ type: String, format: 'date-time' }) readonly answeredAt: string;

  private constructor(answer: SupportAnswer) {
    this.text = answer.text;
    this.answeredAt = answer.answeredAt.toISOString();
  }

  static of(answer: SupportAnswer | null): SupportAnswerDto | null {
    return answer ? new SupportAnswerDto(answer) : null;
  }
}

/** A request as its author sees it (Settings → Help & support). */
export class MySupportRequestDto {
  @ApiProperty() readonly id: string;
  @ApiProperty({ enum: SUPPORT_KINDS, enumName: 'SupportKind' }) readonly kind: SupportKind;
  @ApiProperty() readonly subject: string;
  @ApiProperty() readonly message: string;
  @ApiProperty({ type: String, nullable: true }) readonly dealId: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) readonly createdAt: string;
  @ApiProperty({ enum: ['open', 'answered'] }) readonly status: 'open' | 'answered';
  @ApiProperty({ type: SupportAnswerDto, nullable: true }) readonly answer: SupportAnswerDto | null;

  protected constructor(request: SupportRequest) {
    this.id = request.id;
    this.kind = request.kind;
    this.subject = request.subject;
    this.message = request.message;
    this.dealId = request.dealId;
    this.createdAt = request.createdAt.toISOString();
    this.status = request.answer ? 'answered' : 'open';
    this.answer = SupportAnswerDto.of(request.answer);
  }

  static of(request: SupportRequest): MySupportRequestDto {
    return new MySupportRequestDto(request);
  }
}

export class MySupportRequestListDto {
  @ApiProperty({ type: [MySupportRequestDto], description: 'The newest 100, newest first' })
  readonly items: MySupportRequestDto[];

  private constructor(items: MySupportRequestDto[]) {
    this.items = items;
  }

  static of(requests: readonly SupportRequest[]): MySupportRequestListDto {
    return new MySupportRequestListDto(requests.map((request) => MySupportRequestDto.of(request)));
  }
}

export class SupportDealEventDto {
  @ApiProperty({ type: String, format: 'date-time' }) readonly at: string;
  @ApiProperty({ description: 'Who acted: creator, brand, system or admin' }) readonly by: string;
  @ApiProperty({ example: 'milestone “Reel 1”: funded → submitted' }) readonly what: string;

  constructor(event: SupportDealEvent) {
    this.at = event.at.toISOString();
    this.by = event.by;
    this.what = event.what;
  }
}

/** The deal a request is about, as it stood when the request was sent. */
export class SupportDealContextDto {
  @ApiProperty() readonly title: string;
  @ApiProperty({ description: 'The deal’s state then' }) readonly state: string;
  @ApiProperty({ type: [SupportDealEventDto], description: 'Its latest history, newest first' })
  readonly recent: SupportDealEventDto[];

  private constructor(deal: SupportDealContext) {
    this.title = deal.title;
    this.state = deal.state;
    this.recent = deal.recent.map((event) => new SupportDealEventDto(event));
  }

  static of(deal: SupportDealContext | null): SupportDealContextDto | null {
    return deal ? new SupportDealContextDto(deal) : null;
  }
}

/** A request as the back-office sees it: who asked, about which deal, and where the answer goes. */
export class SupportRequestDto extends MySupportRequestDto {
  @ApiProperty() readonly accountId: string;
  @ApiProperty({ enum: SUPPORT_PARTIES, description: 'A creator’s request or a brand’s' })
  readonly party: SupportParty;
  @ApiProperty() readonly name: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Where the answer is mailed; null: a brand without a contact e-mail (SMS)',
  })
  readonly email: string | null;
  @ApiProperty({
    enum: ['email', 'sms'],
    description: 'How the answer reaches the person besides their bell',
  })
  readonly answerBy: 'email' | 'sms';
  @ApiProperty({ type: SupportDealContextDto, nullable: true })
  readonly deal: SupportDealContextDto | null;

  constructor(request: SupportRequest) {
    super(request);
    this.accountId = request.accountId;
    this.party = request.party;
    this.name = request.name;
    this.email = request.email;
    this.answerBy = request.email === null ? 'sms' : 'email';
    this.deal = SupportDealContextDto.of(request.deal);
  }

  static override of(request: SupportRequest): SupportRequestDto {
    return new SupportRequestDto(request);
  }
}

export class SupportRequestPageDto extends PageOf(SupportRequestDto, {
  itemsDescription: 'Newest first',
}) {}

export class AnswerSupportRequestDto {
  @ApiProperty({
    ...NOT_BLANK,
    maxLength: SUPPORT_ANSWER_MAX,
    example: 'The brand funded it this morning.',
  })
  @Transform(trimmed)
  @MaxLength(SUPPORT_ANSWER_MAX, {
    message: `answer must be at most ${String(SUPPORT_ANSWER_MAX)} characters`,
  })
  @IsString({ message: 'answer is required' })
  @IsNotEmpty({ message: 'answer is required' })
  readonly answer!: string;
}

/** The back-office's support list: pages as every back-office list does. */
export class SupportRequestQueryDto extends PagedQuery({
  defaultPageSize: 25,
  maxPageSize: 100,
  maxPage: 10_000,
}) {
  @QueryOneOf(SUPPORT_STATUSES, { description: 'Only open (unanswered) or answered requests' })
  readonly status?: SupportStatus;

  @QueryOneOf(SUPPORT_KINDS, { description: 'Only questions or only grievances' })
  readonly kind?: SupportKind;
}
