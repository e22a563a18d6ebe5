import {
  Body,
  Controller,
  createParamDecorator,
  type ExecutionContext,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Put,
  Query,
  UseFilters,
} from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../auth/index.js';
import { FromAppOriginOnly } from '../../common/presentation/app-origin.guard.js';
import { DomainErrorFilter } from '../../common/presentation/domain-error.filter.js';
import { errorStatuses } from '../../common/presentation/domain-error-statuses.js';
import { NoStore } from '../../common/presentation/no-store.decorator.js';
import { badRequest, operation, OwnRead, UNAVAILABLE } from '../../deals/index.js';
import {
  InvalidNotificationCursorError,
  NotificationInbox,
} from '../application/notifications.use-case.js';
import type { RecipientKey } from '../domain/notification.js';
import {
  MarkedReadDto,
  NotificationPageDto,
  NotificationPreferencesDto,
  NotificationsQueryDto,
  UnreadCountDto,
} from './dto/notification.dto.js';

const STATUSES = errorStatuses([[InvalidNotificationCursorError, HttpStatus.BAD_REQUEST]]);

interface SignedInRequest {
  readonly authorizedAccount?: {
    readonly account: { readonly id: string; readonly accountType?: string };
  };
}

/** Whose bell: a brand workspace's (`brand:<id>`) or a creator's (`user:<id>`). */
const RecipientOf = createParamDecorator(
  (_data: unknown, context: ExecutionContext): RecipientKey => {
    const account = context.switchToHttp().getRequest<SignedInRequest>().authorizedAccount?.account;
    if (!account) throw new Error('used without @Roles()');
    return account.accountType === 'brand' ? `brand:${account.id}` : `user:${account.id}`;
  },
);

/** The bell (#39): the signed-in person's notices, unread count, marking read, preferences. */
@ApiTags('notifications')
@Controller('notifications')
@Roles('creator', 'brand')
@UseFilters(new DomainErrorFilter(STATUSES))
export class NotificationsController {
  constructor(private readonly inbox: NotificationInbox) {}

  @OwnRead(
    undefined,
    {
      summary: 'My notices, newest first (cursor-paged), and the unread count',
      type: NotificationPageDto,
    },
    badRequest({ cursor: 'cursor is not a cursor of this list' }),
  )
  async listNotifications(
    @Query() query: NotificationsQueryDto,
    @RecipientOf() recipient: RecipientKey,
  ): Promise<NotificationPageDto> {
    const [page, unread] = await Promise.all([
      this.inbox.page(recipient, query.cursor, query.limit),
      this.inbox.unread(recipient),
    ]);
    return NotificationPageDto.of(page, unread);
  }

  @OwnRead('unread-count', {
    summary: 'How many of my notices are unread (the bell)',
    type: UnreadCountDto,
  })
  async countUnreadNotifications(@RecipientOf() recipient: RecipientKey): Promise<UnreadCountDto> {
    return Object.assign(new UnreadCountDto(), { unread: await this.inbox.unread(recipient) });
  }

  @Post('read-all')
  @HttpCode(200)
  @FromAppOriginOnly()
  @NoStore()
  @operation('Marks all my notices read')
  @ApiOkResponse({ type: MarkedReadDto })
  @UNAVAILABLE
  async markAllNotificationsRead(@RecipientOf() recipient: RecipientKey): Promise<MarkedReadDto> {
    const marked = await this.inbox.markAllRead(recipient);
    return Object.assign(new MarkedReadDto(), {
      marked,
      unread: await this.inbox.unread(recipient),
    });
  }

  @Post(':id/read')
  @HttpCode(200)
  @FromAppOriginOnly()
  @NoStore()
  @operation(
    'Marks one of my notices read',
    'Marking one already read, or not mine, changes nothing.',
  )
  @ApiOkResponse({ type: MarkedReadDto })
  @UNAVAILABLE
  async markNotificationRead(
    @Param('id') id: string,
    @RecipientOf() recipient: RecipientKey,
  ): Promise<MarkedReadDto> {
    const decoded = Buffer.from(id, 'base64url').toString('utf8');
    const marked = (await this.inbox.markRead(recipient, decoded)) ? 1 : 0;
    return Object.assign(new MarkedReadDto(), {
      marked,
      unread: await this.inbox.unread(recipient),
    });
  }

  @OwnRead('preferences', {
    summary: 'Which reminders I get by e-mail and SMS',
    type: NotificationPreferencesDto,
  })
  async getNotificationPreferences(
    @RecipientOf() recipient: RecipientKey,
  ): Promise<NotificationPreferencesDto> {
    return NotificationPreferencesDto.of(await this.inbox.preferencesOf(recipient));
  }

  @Put('preferences')
  @FromAppOriginOnly()
  @NoStore()
  @operation(
    'Turns reminders by e-mail or SMS on or off',
    'Transactional notices (funded, released, disputes, security) are always sent.',
  )
  @ApiOkResponse({ type: NotificationPreferencesDto })
  @badRequest({ remindersByEmail: 'remindersByEmail must be a boolean value' })
  @UNAVAILABLE
  async setNotificationPreferences(
    @Body() body: NotificationPreferencesDto,
    @RecipientOf() recipient: RecipientKey,
  ): Promise<NotificationPreferencesDto> {
    return NotificationPreferencesDto.of(
      await this.inbox.setPreferences(recipient, {
        remindersByEmail: body.remindersByEmail,
        remindersBySms: body.remindersBySms,
      }),
    );
  }
}
