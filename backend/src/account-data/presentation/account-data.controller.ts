import { Controller, Get, HttpCode, Param, Post, StreamableFile, UseFilters } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { AccessTokenClaimsOf, type AccessTokenClaims, Roles } from '../../auth/index.js';
import { FromAppOriginOnly } from '../../common/presentation/app-origin.guard.js';
import { Throws } from '../../common/presentation/domain-error-statuses.js';
import { DomainErrorFilter } from '../../common/presentation/domain-error.filter.js';
import { NoStore } from '../../common/presentation/no-store.decorator.js';
import { RateLimited } from '../../rate-limit/index.js';
import { type Account, Accounts } from '../../users/users.contract.js';
import {
  DataExportStatusOf,
  DownloadDataExport,
  RequestDataExport,
} from '../application/data-exports.use-case.js';
import {
  AccountErasedNotFoundError,
  DataExportNotFoundError,
} from '../domain/account-data.errors.js';
import { ACCOUNT_DATA_ERROR_STATUSES } from './account-data.error-statuses.js';
import { DataExportDto, LatestDataExportDto } from './dto/data-export.dto.js';

export const EXPORT_FILENAME = 'paylock-my-data.zip';
const EXPORT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The signed-in account (the guard read it; gone only if erased since). */
export async function signedInAccount(accounts: Accounts, accountId: string): Promise<Account> {
  const account = await accounts.findById(accountId);
  if (!account) throw new AccountErasedNotFoundError();
  return account;
}

/**
 * Settings → Data & privacy: "Download my data" (#41), creators and brands. The ZIP is prepared
 * in the background (a hundred deals' contract PDFs take seconds): asked for, then told when
 * ready (bell, e-mail, or SMS), then downloaded here for a week.
 */
@ApiTags('Account')
@Controller('account/data-exports')
@RateLimited('auth')
@Roles('creator', 'brand')
@UseFilters(new DomainErrorFilter(ACCOUNT_DATA_ERROR_STATUSES))
export class AccountDataController {
  constructor(
    private readonly requestExport: RequestDataExport,
    private readonly statusOf: DataExportStatusOf,
    private readonly downloadExport: DownloadDataExport,
    private readonly accounts: Accounts,
  ) {}

  @Post()
  @HttpCode(202)
  @FromAppOriginOnly()
  @NoStore()
  @ApiOperation({
    summary: 'Ask for a copy of my data (prepared in the background)',
    description:
      'Queues a ZIP of the signed-in account’s own data: profile, contact e-mail, nominee, ' +
      'sessions, deals and milestones (a brand’s: the deals its workspace accepted) with each ' +
      'one’s contract PDF (the signed copy once accepted), invoices (with each issued invoice’s ' +
      'PDF), in-app notifications, a creator’s ledger lines, each as JSON and CSV, and a README ' +
      'naming the processors the data went to. While one is being prepared, asking again ' +
      'answers that one. When it is ready the person is told in the bell and by e-mail (a brand ' +
      'without an address: by SMS). Only the caller’s own data: the request names no account. ' +
      '404 once the account is erased (or being erased).',
  })
  @ApiAcceptedResponse({ type: DataExportDto })
  @Throws(ACCOUNT_DATA_ERROR_STATUSES, AccountErasedNotFoundError)
  async requestDataExport(
    @AccessTokenClaimsOf() claims: AccessTokenClaims,
  ): Promise<DataExportDto> {
    const account = await signedInAccount(this.accounts, claims.userId);
    return DataExportDto.of(await this.requestExport.execute(account, claims.sessionId));
  }

  @Get('latest')
  @NoStore()
  @ApiOperation({ summary: 'My copy being prepared, or my latest one ready to download' })
  @ApiOkResponse({ type: LatestDataExportDto })
  async getLatestDataExport(
    @AccessTokenClaimsOf() claims: AccessTokenClaims,
  ): Promise<LatestDataExportDto> {
    return LatestDataExportDto.of(await this.statusOf.execute(claims.userId));
  }

  @Get(':exportId/archive')
  @NoStore()
  @ApiOperation({
    summary: 'Download a ready copy of my data (ZIP)',
    description:
      '404 for a copy not ready, expired, replaced by a newer one, or another account’s.',
  })
  @ApiParam({ name: 'exportId', schema: { type: 'string', format: 'uuid', maxLength: 36 } })
  @ApiOkResponse({
    description: 'The archive',
    content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
    headers: {
      'Content-Disposition': {
        description: `attachment; filename="${EXPORT_FILENAME}"`,
        schema: { type: 'string' },
      },
    },
  })
  @Throws(ACCOUNT_DATA_ERROR_STATUSES, DataExportNotFoundError, AccountErasedNotFoundError)
  async downloadDataExport(
    @AccessTokenClaimsOf() claims: AccessTokenClaims,
    @Param('exportId') exportId: string,
  ): Promise<StreamableFile> {
    if (!EXPORT_ID.test(exportId)) throw new DataExportNotFoundError();
    const zip = await this.downloadExport.execute(claims.userId, exportId);
    return new StreamableFile(zip, {
      type: 'application/zip',
      disposition: `attachment; filename="${EXPORT_FILENAME}"`,
      length: zip.byteLength,
    });
  }
}
