import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Controller, Get, Param, Query, Res, UseFilters } from '@nestjs/common';
import { ApiExtraModels, ApiTags } from '@nestjs/swagger';
import { Throws } from '../../common/presentation/domain-error-statuses.js';
import { DomainErrorFilter } from '../../common/presentation/domain-error.filter.js';
import { NoStore } from '../../common/presentation/no-store.decorator.js';
import { stringify } from 'csv-stringify';
import type { Response } from 'express';
import {
  ErrorResponseDto,
  ValidationErrorResponseDto,
} from '../../common/presentation/error-response.dto.js';
import { type AuthorizedUser, AuthorizedUserOf, Roles } from '../../auth/index.js';
import { ExportWaitlist } from '../application/export-waitlist.use-case.js';
import { GetWaitlistOverview } from '../application/get-waitlist-overview.use-case.js';
import {
  GetWaitlistEntry,
  ListWaitlistEntries,
} from '../application/list-waitlist-entries.use-case.js';
import { ExportLimitReachedError, WaitlistEntryNotFoundError } from '../domain/admin.errors.js';
import { ADMIN_ERROR_STATUSES } from './admin.error-statuses.js';
import { auditActorOf } from './audit-actor.js';
import {
  EXPORT_WAITLIST_DOCS,
  GET_WAITLIST_ENTRY_DOCS,
  GET_WAITLIST_OVERVIEW_DOCS,
  LIST_WAITLIST_ENTRIES_DOCS,
} from './admin.openapi.js';
import {
  WaitlistFilterQueryDto,
  WaitlistPageQueryDto,
  waitlistQueryOf,
} from './dto/admin-queries.dto.js';
import { WaitlistEntryDetailDto, WaitlistEntryPageDto } from './dto/waitlist-entry.dto.js';
import { WaitlistOverviewDto } from './dto/waitlist-overview.dto.js';

/** The back-office's view of the waitlist: admins only, checked on every request. */
@ApiTags('admin')
@ApiExtraModels(ValidationErrorResponseDto, ErrorResponseDto)
@Controller('admin/waitlist')
@Roles('admin')
@UseFilters(new DomainErrorFilter(ADMIN_ERROR_STATUSES))
export class AdminWaitlistController {
  constructor(
    private readonly listEntries: ListWaitlistEntries,
    private readonly getEntry: GetWaitlistEntry,
    private readonly getOverview: GetWaitlistOverview,
    private readonly exportEntries: ExportWaitlist,
  ) {}

  @Get()
  @NoStore()
  @LIST_WAITLIST_ENTRIES_DOCS
  async listWaitlistEntries(@Query() params: WaitlistPageQueryDto): Promise<WaitlistEntryPageDto> {
    const query = waitlistQueryOf(params, params);
    const result = await this.listEntries.execute(query);
    return WaitlistEntryPageDto.of(result, query.page, query.pageSize);
  }

  @Get('overview')
  @NoStore()
  @GET_WAITLIST_OVERVIEW_DOCS
  async getWaitlistOverview(): Promise<WaitlistOverviewDto> {
    return WaitlistOverviewDto.fromDomain(await this.getOverview.execute());
  }

  @Get('export')
  @EXPORT_WAITLIST_DOCS
  @Throws(ADMIN_ERROR_STATUSES, ExportLimitReachedError)
  async exportWaitlist(
    @Query() params: WaitlistFilterQueryDto,
    @AuthorizedUserOf() admin: AuthorizedUser,
    @Res() response: Response,
  ): Promise<void> {
    const query = waitlistQueryOf(params);
    const exported = await this.exportEntries.execute(auditActorOf(admin), query);
    const day = new Date().toISOString().slice(0, 10);
    response.status(200).set({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="paylock-waitlist-${day}.csv"`,
      'Cache-Control': 'no-store',
    });
    try {
      // Back-pressure end to end: the cursor is read only as fast as the client downloads.
      await pipeline(Readable.from(exported.rows), stringify({ bom: true }), response);
    } catch {
      // The client went away or the database failed mid-file: the answer has started, so the
      // connection is closed as it is; the audit log records the rows sent and `completed: false`.
    }
  }

  @Get(':id')
  @NoStore()
  @GET_WAITLIST_ENTRY_DOCS
  @Throws(ADMIN_ERROR_STATUSES, WaitlistEntryNotFoundError)
  async getWaitlistEntry(@Param('id') id: string): Promise<WaitlistEntryDetailDto> {
    return WaitlistEntryDetailDto.fromDomain(await this.getEntry.execute(id));
  }
}
