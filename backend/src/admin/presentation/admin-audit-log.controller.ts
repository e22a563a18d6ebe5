import { Controller, Get, Query, UseFilters } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DomainErrorFilter } from '../../common/presentation/domain-error.filter.js';
import { NoStore } from '../../common/presentation/no-store.decorator.js';
import { Roles } from '../../auth/index.js';
import { ListAuditLog } from '../application/list-audit-log.use-case.js';
import { ADMIN_ERROR_STATUSES } from './admin.error-statuses.js';
import { LIST_AUDIT_LOG_DOCS } from './admin.openapi.js';
import { AuditLogQueryDto } from './dto/admin-queries.dto.js';
import { AuditEventDto, AuditLogPageDto } from './dto/audit-log.dto.js';

@ApiTags('admin')
@Controller('admin/audit-log')
@Roles('admin')
@UseFilters(new DomainErrorFilter(ADMIN_ERROR_STATUSES))
export class AdminAuditLogController {
  constructor(private readonly auditLog: ListAuditLog) {}

  @Get()
  @NoStore()
  @LIST_AUDIT_LOG_DOCS
  async listAuditLog(@Query() { page, pageSize }: AuditLogQueryDto): Promise<AuditLogPageDto> {
    return AuditLogPageDto.of(
      await this.auditLog.execute(page, pageSize),
      { page, pageSize },
      (event) => AuditEventDto.fromDomain(event),
    );
  }
}
