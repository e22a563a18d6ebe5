import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { QueryInteger } from '../../../common/presentation/query-params.js';
import { cursorOf } from '../../application/notifications.use-case.js';
import type { NotificationPage } from '../../application/ports/notification-ports.js';
import type { SentNudge } from '../../application/nudge-brand.use-case.js';
import {
  type Channel,
  CHANNELS,
  type Notification,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from '../../domain/notification.js';
import { NUDGE_MAX_LENGTH } from '../../domain/nudges.js';
import type { NoticePreferences } from '../../domain/who-gets-what.js';

export class NotificationsQueryDto {
  @ApiPropertyOptional({
    description: 'The `nextCursor` of the previous page (opaque); absent for the first page',
    maxLength: 400,
  })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{1,400}$/, { message: 'cursor is not a cursor of this list' })
  readonly cursor?: string;

  @QueryInteger({ min: 1, max: 50, default: 20, description: 'Notices per page' })
  readonly limit: number = 20;
}

export class NotificationDto {
  @ApiProperty({ description: 'Opaque; used to mark it read' }) readonly id!: string;
  @ApiProperty({ enum: NOTIFICATION_KINDS }) readonly kind!: NotificationKind;
  @ApiProperty() readonly dealId!: string;
  @ApiProperty({ type: String, nullable: true }) readonly milestoneId!: string | null;
  @ApiProperty() readonly title!: string;
  @ApiProperty() readonly body!: string;
  @ApiProperty({ description: "The web app's path of the one action" })
  readonly actionPath!: string;
  @ApiProperty() readonly actionLabel!: string;
  @ApiProperty({ type: String, format: 'date-time' }) readonly at!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) readonly readAt!:
    string | null;

  static of(notification: Notification): NotificationDto {
    return Object.assign(new NotificationDto(), {
      id: cursorOf(notification.id),
      kind: notification.kind,
      dealId: notification.dealId,
      milestoneId: notification.milestoneId,
      title: notification.title,
      body: notification.body,
      actionPath: notification.actionPath,
      actionLabel: notification.actionLabel,
      at: notification.at.toISOString(),
      readAt: notification.readAt?.toISOString() ?? null,
    });
  }
}

export class NotificationPageDto {
  @ApiProperty({ type: [NotificationDto], description: 'Newest first' })
  readonly items!: NotificationDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Pass as `cursor` for the next page; null on the last',
  })
  readonly nextCursor!: string | null;
  @ApiProperty({ type: 'integer', description: 'Unread notices in all (a counter, not a count)' })
  readonly unread!: number;

  static of(page: NotificationPage, unread: number): NotificationPageDto {
    return Object.assign(new NotificationPageDto(), {
      items: page.items.map((item) => NotificationDto.of(item)),
      nextCursor: page.nextAfter === null ? null : cursorOf(page.nextAfter),
      unread,
    });
  }
}

export class UnreadCountDto {
  @ApiProperty({ type: 'integer' }) readonly unread!: number;
}

export class MarkedReadDto {
  @ApiProperty({ type: 'integer', description: 'How many were unread' }) readonly marked!: number;
  @ApiProperty({ type: 'integer' }) readonly unread!: number;
}

export class NotificationPreferencesDto implements NoticePreferences {
  @ApiProperty({ description: 'Reminders by e-mail (transactional notices are always sent)' })
  @IsBoolean()
  readonly remindersByEmail!: boolean;

  @ApiProperty({ description: 'Reminders by SMS, for brands signed in by phone' })
  @IsBoolean()
  readonly remindersBySms!: boolean;

  static of(preferences: NoticePreferences): NotificationPreferencesDto {
    return Object.assign(new NotificationPreferencesDto(), preferences);
  }
}

export class NudgeRequestDto {
  @ApiProperty({
    description: "The admin's note to the brand, as they will read it",
    minLength: 1,
    maxLength: NUDGE_MAX_LENGTH,
    pattern: '\\S',
    example: 'Hi Priya, the creator is ready to start once "Signing" is funded.',
  })
  @Matches(/\S/, { message: 'message is required' })
  @MaxLength(NUDGE_MAX_LENGTH)
  @IsString()
  readonly message!: string;
}

export class SentNudgeDto {
  @ApiProperty() readonly dealId!: string;
  @ApiProperty({ type: String, nullable: true, description: 'The milestone the money waits on' })
  readonly milestoneId!: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) readonly sentAt!: string;
  @ApiProperty({
    enum: CHANNELS,
    isArray: true,
    description: "The brand's channels it went through (in-app, e-mail, SMS)",
  })
  readonly channels!: Channel[];

  static of(nudge: SentNudge): SentNudgeDto {
    return Object.assign(new SentNudgeDto(), {
      dealId: nudge.dealId,
      milestoneId: nudge.milestoneId,
      sentAt: nudge.at.toISOString(),
      channels: [...nudge.channels],
    });
  }
}
