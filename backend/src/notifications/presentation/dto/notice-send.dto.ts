import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';
import { LINK_TOKEN_PATTERN } from '../../../link-tokens/link-tokens.contract.js';
import { AUDIENCES, type Audience, CHANNELS, type Channel } from '../../domain/notification.js';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../domain/notification.js';
import { type NoticeSend, SEND_STATUSES, type SendStatus } from '../../domain/notice-sends.js';

/** One thing Paylock sent about a deal, as its timeline shows it (no address, no text body). */
export class NoticeSendDto {
  @ApiProperty({ type: String, nullable: true, description: 'The milestone it is about, if one' })
  readonly milestoneId!: string | null;
  @ApiProperty({ enum: NOTIFICATION_KINDS }) readonly kind!: NotificationKind;
  @ApiProperty({ description: "Its title (the e-mail's subject)" }) readonly title!: string;
  @ApiProperty({ enum: AUDIENCES, description: 'To whom: the creator or the brand' })
  readonly to!: Audience;
  @ApiProperty({ enum: CHANNELS }) readonly channel!: Channel;
  @ApiProperty({ type: String, format: 'date-time', description: 'When it was handed over' })
  readonly at!: string;
  @ApiProperty({
    enum: SEND_STATUSES,
    description:
      'in_app: delivered (in the bell). E-mail and SMS: queued in the outbox, sent, retrying after a failed attempt, or failed (given up)',
  })
  readonly status!: SendStatus;
  @ApiProperty({ type: String, format: 'date-time', description: 'When it took that status' })
  readonly statusAt!: string;

  static of(send: NoticeSend): NoticeSendDto {
    return Object.assign(new NoticeSendDto(), {
      milestoneId: send.milestoneId,
      kind: send.kind,
      title: send.title,
      to: send.audience,
      channel: send.channel,
      at: send.at.toISOString(),
      status: send.status,
      statusAt: send.statusAt.toISOString(),
    });
  }
}

export class DealNoticeSendsDto {
  @ApiProperty({ type: [NoticeSendDto], description: 'Oldest first' })
  readonly items!: NoticeSendDto[];

  static of(sends: readonly NoticeSend[]): DealNoticeSendsDto {
    return Object.assign(new DealNoticeSendsDto(), {
      items: sends.map((send) => NoticeSendDto.of(send)),
    });
  }
}

export class BrandNoticeSendsRequestDto {
  @ApiProperty({ description: 'The token of the review link', pattern: LINK_TOKEN_PATTERN })
  @Matches(new RegExp(LINK_TOKEN_PATTERN), { message: 'token is not a valid review link token' })
  @IsString()
  readonly token!: string;
}
