import { Controller, Get, Header, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Roles } from '../../auth/index.js';
import { ListAuditLog } from '../application/list-audit-log.use-case.js';
import { parsePageQuery } from '../domain/waitlist-query.js';
import { parsed } from './admin-errors.js';
import { LIST_AUDIT_LOG_DOCS } from './admin.openapi.js';
import { AuditLogPageDto } from './dto/audit-log.dto.js';

@ApiTags('admin')
@Controller('admin/audit-log')
@Roles('admin')
export class AdminAuditLogController {
  constructor(private readonly auditLog: ListAuditLog) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  @LIST_AUDIT_LOG_DOCS
  async listAuditLog(@Query() raw: Record<string, unknown>): Promise<AuditLogPageDto> {
    const { page, pageSize } = parsed(() => parsePageQuery(raw));
    return AuditLogPageDto.of(await this.auditLog.execute(page, pageSize), page, pageSize);
  }
}
