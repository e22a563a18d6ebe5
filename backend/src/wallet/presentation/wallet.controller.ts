import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { stringify } from 'csv-stringify';
import type { Response } from 'express';
import { type AuthorizedUser, AuthorizedUserOf, Roles } from '../../auth/index.js';
import {
  ErrorResponseDto,
  ValidationErrorResponseDto,
} from '../../common/presentation/error-response.dto.js';
import { NoStore } from '../../common/presentation/no-store.decorator.js';
import { badRequest, operation, OwnRead, UNAVAILABLE } from '../../deals/index.js';
import { WalletQueries } from '../application/wallet.use-case.js';
import { InvalidPageCursorError } from '../../ledger/ledger.contract.js';
import { RequestValidationException } from '../../common/presentation/request-validation.exception.js';
import {
  PayoutDestinationDto,
  TransactionFiltersDto,
  TransactionsQueryDto,
  WalletDto,
  WalletLinePageDto,
} from './dto/wallet.dto.js';

const BAD_FILTERS = badRequest({
  kind: 'kind must be one of the following values: funded, released, settled, refunded',
});

/** The creator's wallet (#27): figures, the ledger lines, their CSV, where payouts go. */
@ApiTags('wallet')
@ApiExtraModels(ValidationErrorResponseDto, ErrorResponseDto)
@Controller('wallet')
@Roles('creator')
export class WalletController {
  constructor(private readonly wallet: WalletQueries) {}

  @OwnRead(undefined, {
    summary: 'Money held, releasing and paid out, each by deal; released per month',
    type: WalletDto,
  })
  async getWallet(@AuthorizedUserOf() { user }: AuthorizedUser): Promise<WalletDto> {
    return WalletDto.of(await this.wallet.summary(user.id));
  }

  @OwnRead(
    'transactions',
    {
      summary: "The creator's ledger lines, newest first, with each account's running balance",
      description:
        'Filters: deal, kind, date range (from inclusive, to exclusive). Server-side paging.',
      type: WalletLinePageDto,
    },
    BAD_FILTERS,
  )
  async listWalletTransactions(
    @Query() query: TransactionsQueryDto,
    @AuthorizedUserOf() { user }: AuthorizedUser,
  ): Promise<WalletLinePageDto> {
    const { cursor, ...filters } = query;
    try {
      const page = await this.wallet.transactions(
        user.id,
        filters,
        query.page,
        query.pageSize,
        cursor,
      );
      return WalletLinePageDto.ofPage(page, query);
    } catch (error) {
      if (error instanceof InvalidPageCursorError)
        throw new RequestValidationException({ cursor: error.message });
      throw error;
    }
  }

  @Get('transactions.csv')
  @NoStore()
  @ApiProduces('text/csv')
  @operation(
    'The same lines as CSV (the filters apply; at most 50,000 lines)',
    'Cells that a spreadsheet would read as a formula (=, +, -, @, tab, CR) start with an apostrophe.',
  )
  @ApiOkResponse({ content: { 'text/csv': { schema: { type: 'string' } } } })
  @BAD_FILTERS
  @UNAVAILABLE
  async downloadWalletTransactions(
    @Query() query: TransactionFiltersDto,
    @AuthorizedUserOf() { user }: AuthorizedUser,
    @Res() response: Response,
  ): Promise<void> {
    const rows = await this.wallet.csvRows(user.id, query);
    response.set({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="paylock-wallet-transactions.csv"',
    });
    await pipeline(Readable.from(rows), stringify({ bom: true }), response);
  }

  @OwnRead('payout-destination', {
    summary: 'Where released money goes (masked) and when',
    type: PayoutDestinationDto,
  })
  async getPayoutDestination(
    @AuthorizedUserOf() { user }: AuthorizedUser,
  ): Promise<PayoutDestinationDto> {
    return Object.assign(new PayoutDestinationDto(), {
      maskedDestination: await this.wallet.payoutDestination(user.id),
      schedule:
        'Razorpay Route settles a released transfer to this account automatically on the next working day.',
    });
  }
}
