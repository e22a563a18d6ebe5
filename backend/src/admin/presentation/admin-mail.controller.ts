import { Controller, Get, HttpCode, Param, Post, Query, UseFilters } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Throws } from '../../common/presentation/domain-error-statuses.js';
import { DomainErrorFilter } from '../../common/presentation/domain-error.filter.js';
import { NoStore } from '../../common/presentation/no-store.decorator.js';
import { type AuthorizedUser, AuthorizedUserOf, Roles } from '../../auth/index.js';
import { ListOutboxMessages, RetryOutboxMessage } from '../application/mail-outbox.use-case.js';
import { MailMessageNotFailedError, MailMessageNotFoundError } from '../domain/admin.errors.js';
import { ADMIN_ERROR_STATUSES } from './admin.error-statuses.js';
import { auditActorOf } from './audit-actor.js';
import { LIST_OUTBOX_MESSAGES_DOCS, RETRY_OUTBOX_MESSAGE_DOCS } from './admin.openapi.js';
import { MailQueryDto, mailQueryOf } from './dto/admin-queries.dto.js';
import { OutboxMessageDto, OutboxMessagePageDto } from './dto/outbox-message.dto.js';

/** The Mail screen: the outbox and a retry for failed messages. Admins only. */
@ApiTags('admin')
@Controller('admin/mail')
@Roles('admin')
@UseFilters(new DomainErrorFilter(ADMIN_ERROR_STATUSES))
export class AdminMailController {
  constructor(
    private readonly listMessages: ListOutboxMessages,
    private readonly retryMessage: RetryOutboxMessage,
  ) {}

  @Get()
  @NoStore()
  @LIST_OUTBOX_MESSAGES_DOCS
  async listOutboxMessages(@Query() params: MailQueryDto): Promise<OutboxMessagePageDto> {
    const result = await this.listMessages.execute(mailQueryOf(params));
    return OutboxMessagePageDto.of(result, result, (message) =>
      OutboxMessageDto.fromDomain(message),
    );
  }

  @Post(':id/retry')
  @HttpCode(204)
  @RETRY_OUTBOX_MESSAGE_DOCS
  @Throws(ADMIN_ERROR_STATUSES, MailMessageNotFoundError, MailMessageNotFailedError)
  async retryOutboxMessage(
    @Param('id') id: string,
    @AuthorizedUserOf() admin: AuthorizedUser,
  ): Promise<void> {
    await this.retryMessage.execute(auditActorOf(admin), id);
  }
}
