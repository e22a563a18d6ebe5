import { Controller, HttpStatus, Query, UseFilters } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Roles } from '../../auth/index.js';
import { DomainErrorFilter } from '../../common/presentation/domain-error.filter.js';
import { errorStatuses } from '../../common/presentation/domain-error-statuses.js';
import { badRequest, OwnRead } from '../../deals/index.js';
import {
  InvalidNotificationCursorError,
  NotificationInbox,
} from '../application/notifications.use-case.js';
import { ADMINS } from '../domain/recipients.js';
import { NotificationPageDto, NotificationsQueryDto } from './dto/notification.dto.js';

const STATUSES = errorStatuses([[InvalidNotificationCursorError, HttpStatus.BAD_REQUEST]]);

/**
 * The admins' shared notices (#39): milestones stuck past a threshold (brands that do not fund,
 * approval windows that ran out without a release) and disputes, newest first.
 */
@ApiTags('admin')
@Controller('admin/notifications')
@Roles('admin')
@UseFilters(new DomainErrorFilter(STATUSES))
export class AdminNotificationsController {
  constructor(private readonly inbox: NotificationInbox) {}

  @OwnRead(
    undefined,
    {
      summary: "The admins' notices: stuck milestones (escalations) and disputes, newest first",
      type: NotificationPageDto,
    },
    badRequest({ cursor: 'cursor is not a cursor of this list' }),
  )
  async listAdminNotifications(
    @Query() query: NotificationsQueryDto,
  ): Promise<NotificationPageDto> {
    const [page, unread] = await Promise.all([
      this.inbox.page(ADMINS.key, query.cursor, query.limit),
      this.inbox.unread(ADMINS.key),
    ]);
    return NotificationPageDto.of(page, unread);
  }
}
