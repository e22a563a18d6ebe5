import { Controller, Get, StreamableFile, UseFilters } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AccessTokenClaimsOf, type AccessTokenClaims, Roles } from '../../auth/index.js';
import { Throws } from '../../common/presentation/domain-error-statuses.js';
import { DomainErrorFilter } from '../../common/presentation/domain-error.filter.js';
import { NoStore } from '../../common/presentation/no-store.decorator.js';
import { RateLimited } from '../../rate-limit/index.js';
import { type Account, Accounts } from '../../users/users.contract.js';
import { ExportAccountData } from '../application/export-account-data.use-case.js';
import { AccountErasedNotFoundError } from '../domain/account-data.errors.js';
import { ACCOUNT_DATA_ERROR_STATUSES } from './account-data.error-statuses.js';

export const EXPORT_FILENAME = 'paylock-my-data.zip';

/** The signed-in account (the guard read it; gone only if erased since). */
export async function signedInAccount(accounts: Accounts, accountId: string): Promise<Account> {
  const account = await accounts.findById(accountId);
  if (!account) throw new AccountErasedNotFoundError();
  return account;
}

/** Settings → Data & privacy: "Download my data" (#41), creators and brands. */
@ApiTags('Account')
@Controller('account')
@RateLimited('auth')
@UseFilters(new DomainErrorFilter(ACCOUNT_DATA_ERROR_STATUSES))
export class AccountDataController {
  constructor(
    private readonly exportData: ExportAccountData,
    private readonly accounts: Accounts,
  ) {}

  @Get('data-export')
  @Roles('creator', 'brand')
  @NoStore()
  @ApiOperation({
    summary: 'Download my data: a ZIP of the signed-in account’s own data (JSON and CSV)',
    description:
      'Profile, contact e-mail, nominee, sessions, deals and milestones (a brand’s: the deals ' +
      'its workspace accepted) with each one’s contract PDF (the signed copy once accepted), ' +
      'invoices (with each issued invoice’s PDF), in-app ' +
      'notifications, a creator’s ledger lines, each as JSON and CSV, and a README ' +
      'naming the processors the data went to. Only the caller’s own data: the request names ' +
      'no account. 404 once the account is erased (or being erased).',
  })
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
  @Throws(ACCOUNT_DATA_ERROR_STATUSES, AccountErasedNotFoundError)
  async downloadMyData(@AccessTokenClaimsOf() claims: AccessTokenClaims): Promise<StreamableFile> {
    const account = await signedInAccount(this.accounts, claims.userId);
    const zip = await this.exportData.execute(account, claims.sessionId);
    return new StreamableFile(zip, {
      type: 'application/zip',
      disposition: `attachment; filename="${EXPORT_FILENAME}"`,
      length: zip.byteLength,
    });
  }
}
