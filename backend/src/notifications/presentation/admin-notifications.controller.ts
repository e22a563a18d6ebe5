import {
  Body,
  Controller,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Query,
  UseFilters,
} from '@nestjs/common';
import { ApiCreatedResponse, ApiTags } from '@nestjs/swagger';
import { type AuthorizedUser, AuthorizedUserOf, Roles } from '../../auth/index.js';
import { DomainErrorFilter } from '../../common/presentation/domain-error.filter.js';
import { errorStatuses, Throws } from '../../common/presentation/domain-error-statuses.js';
import { NoStore } from '../../common/presentation/no-store.decorator.js';
import { DealNotFoundError } from '../../deals/deals.contract.js';
import { badRequest, DEAL_ID_PARAM, operation, OwnRead, UNAVAILABLE } from '../../deals/index.js';
import { NudgeBrand } from '../application/nudge-brand.use-case.js';
import { DealNotWaitingError, NudgedTodayError } from '../domain/nudges.js';
import {
  InvalidNotificationCursorError,
  NotificationInbox,
} from '../application/notifications.use-case.js';
import { ADMINS } from '../domain/recipients.js';
import {
  NotificationPageDto,
  NotificationsQueryDto,
  NudgeRequestDto,
  SentNudgeDto,
} from './dto/notification.dto.js';

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

const NUDGE_STATUSES = errorStatuses([
  [DealNotFoundError, HttpStatus.NOT_FOUND],
  [DealNotWaitingError, HttpStatus.CONFLICT],
  [NudgedTodayError, HttpStatus.TOO_MANY_REQUESTS],
]);

/** The admins' personal nudge from the waiting list (#39 item 8): audited, one a deal a day. */
@ApiTags('admin')
@Controller('admin/waiting')
@Roles('admin')
@UseFilters(new DomainErrorFilter(NUDGE_STATUSES))
export class AdminNudgesController {
  constructor(private readonly nudges: NudgeBrand) {}

  @Post(':dealId/nudges')
  @HttpCode(HttpStatus.CREATED)
  @NoStore()
  @operation(
    "Send the deal's brand a personal nudge",
    "A short note from the admin, delivered like any notice: the brand's bell, e-mail where its address is known, SMS (a registered template linking to the note) where it signed in by phone. At most one per deal and India day (429 DEAL_NUDGED_TODAY with Retry-After); recorded in the admin audit log (the deal, not the note). Only an accepted deal's brand can be nudged (409 DEAL_NOT_WAITING).",
  )
  @DEAL_ID_PARAM
  @ApiCreatedResponse({ type: SentNudgeDto })
  @Throws(NUDGE_STATUSES, DealNotFoundError, DealNotWaitingError, NudgedTodayError)
  @badRequest({ message: 'message is required' })
  @UNAVAILABLE
  async nudgeBrand(
    @Param('dealId') dealId: string,
    @Body() body: NudgeRequestDto,
    @AuthorizedUserOf() { user }: AuthorizedUser,
  ): Promise<SentNudgeDto> {
    const nudge = await this.nudges.nudge(dealId, body.message.trim(), {
      userId: user.id,
      email: user.email,
    });
    return SentNudgeDto.of(nudge);
  }
}
