import { Controller, Get, Header, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type AuthorizedUser, AuthorizedUserOf, Roles } from '../../auth/index.js';
import { ListOutboxMessages, RetryOutboxMessage } from '../application/mail-outbox.use-cases.js';
import { parseMailQuery } from '../domain/mail-query.js';
import { parsed, toHttpError } from './admin-errors.js';
import { LIST_OUTBOX_MESSAGES_DOCS, RETRY_OUTBOX_MESSAGE_DOCS } from './admin.openapi.js';
import { OutboxMessagePageDto } from './dto/outbox-message.dto.js';

/** The Mail screen: the outbox and a retry for failed messages. Admins only. */
@ApiTags('admin')
@Controller('admin/mail')
@Roles('admin')
export class AdminMailController {
  constructor(
    private readonly listMessages: ListOutboxMessages,
    private readonly retryMessage: RetryOutboxMessage,
  ) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  @LIST_OUTBOX_MESSAGES_DOCS
  async listOutboxMessages(@Query() raw: Record<string, unknown>): Promise<OutboxMessagePageDto> {
    const query = parsed(() => parseMailQuery(raw));
    return OutboxMessagePageDto.of(await this.listMessages.execute(query));
  }

  @Post(':id/retry')
  @HttpCode(204)
  @RETRY_OUTBOX_MESSAGE_DOCS
  async retryOutboxMessage(
    @Param('id') id: string,
    @AuthorizedUserOf() { user }: AuthorizedUser,
  ): Promise<void> {
    await this.retryMessage
      .execute({ userId: user.id, email: user.email }, id)
      .catch((error: unknown) => {
        throw toHttpError(error);
      });
  }
}
