import { Controller, Get, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AccessTokenClaimsOf,
  type AccessTokenClaims,
  type AuthorizedUser,
  AuthorizedUserOf,
  Roles,
} from '../../auth/index.js';
import { NoStore } from '../../common/presentation/no-store.decorator.js';
import { RateLimited } from '../../rate-limit/index.js';
import { ExportAccountData } from '../application/export-account-data.use-case.js';

export const EXPORT_FILENAME = 'paylock-my-data.zip';

/** Settings → Data & privacy: "Download my data" (#41). */
@ApiTags('Account')
@Controller('account')
@RateLimited('auth')
export class AccountDataController {
  constructor(private readonly exportData: ExportAccountData) {}

  @Get('data-export')
  @Roles('creator')
  @NoStore()
  @ApiOperation({
    summary: 'Download my data: a ZIP of the signed-in creator’s own data (JSON and CSV)',
    description:
      'Profile, contact e-mail, sessions, deals, milestones and ledger lines, each as JSON and ' +
      'CSV, and a README naming the processors the data went to. Only the caller’s own data: ' +
      'the request names no account.',
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
  async downloadMyData(
    @AuthorizedUserOf() { user }: AuthorizedUser,
    @AccessTokenClaimsOf() claims: AccessTokenClaims,
  ): Promise<StreamableFile> {
    const zip = await this.exportData.execute(user, claims.sessionId);
    return new StreamableFile(zip, {
      type: 'application/zip',
      disposition: `attachment; filename="${EXPORT_FILENAME}"`,
      length: zip.byteLength,
    });
  }
}
