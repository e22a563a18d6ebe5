import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { Controller, Get, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { stringify } from 'csv-stringify';
import type { Response } from 'express';
import {
  type AuthorizedBrand,
  AuthorizedBrandOf,
  type AuthorizedUser,
  AuthorizedUserOf,
  Roles,
} from '../../auth/index.js';
import {
  ErrorResponseDto,
  ValidationErrorResponseDto,
} from '../../common/presentation/error-response.dto.js';
import { NoStore } from '../../common/presentation/no-store.decorator.js';
import { PdfDownloadResponse, pdfDownload } from '../../common/presentation/pdf-download.js';
import { RequestValidationException } from '../../common/presentation/request-validation.exception.js';
import { badRequest, operation, OwnRead, UNAVAILABLE } from '../../deals/index.js';
import { BrandReports } from '../application/brand-reports.use-case.js';
import { CreatorReports } from '../application/creator-reports.use-case.js';
import { ReportRangeError } from '../domain/report.errors.js';
import {
  LedgerExtractDto,
  LedgerExtractQueryDto,
  LedgerRangeQueryDto,
  StatementDto,
  StatementQueryDto,
} from './dto/reports.dto.js';
import { BrandStatementDto } from './dto/brand-statement.dto.js';

const BAD_YEAR = badRequest({ financialYear: 'financialYear must not be in the future' });
const BAD_RANGE = badRequest({ to: 'to must not be before from' });
const INJECTION_NOTE =
  'Cells that a spreadsheet would read as a formula (=, +, -, @, tab, CR) start with an apostrophe.';

/** A report's refusal of its range as the API's 400, each field with its message. */
async function answering<T>(report: Promise<T>): Promise<T> {
  try {
    return await report;
  } catch (error) {
    if (error instanceof ReportRangeError) throw new RequestValidationException(error.fieldErrors);
    throw error;
  }
}

async function sendCsv(response: Response, filename: string, rows: string[][]): Promise<void> {
  response.set({
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename}"`,
  });
  await pipeline(Readable.from(rows), stringify({ bom: true }), response);
}

/** The creator's reports (#40, item 3): the financial-year statement and the ledger extract. */
@ApiTags('reports')
@ApiExtraModels(ValidationErrorResponseDto, ErrorResponseDto)
@Controller('reports')
@Roles('creator')
export class ReportsController {
  constructor(private readonly reports: CreatorReports) {}

  @OwnRead(
    'statement',
    {
      summary:
        'The financial-year statement: per brand and month, invoiced, received, refunded, TDS',
      description:
        'April–March in India time. Invoiced figures are the issued invoices; received and refunded come from the ledger. docs/reports.md defines every figure.',
      type: StatementDto,
    },
    BAD_YEAR,
  )
  async getStatement(
    @Query() query: StatementQueryDto,
    @AuthorizedUserOf() { user }: AuthorizedUser,
  ): Promise<StatementDto> {
    return StatementDto.of(await answering(this.reports.statement(user.id, query.financialYear)));
  }

  @Get('statement.csv')
  @NoStore()
  @ApiProduces('text/csv')
  @operation(
    'The statement as CSV: per brand and month, each brand’s year, all brands',
    INJECTION_NOTE,
  )
  @ApiOkResponse({ content: { 'text/csv': { schema: { type: 'string' } } } })
  @BAD_YEAR
  @UNAVAILABLE
  async downloadStatementCsv(
    @Query() query: StatementQueryDto,
    @AuthorizedUserOf() { user }: AuthorizedUser,
    @Res() response: Response,
  ): Promise<void> {
    const rows = await answering(this.reports.statementCsv(user.id, query.financialYear));
    const year = rows[1]?.[0] ?? query.financialYear ?? 'current';
    await sendCsv(response, `paylock-statement-${year}.csv`, rows);
  }

  @Get('statement.pdf')
  @NoStore()
  @operation('The statement as a PDF')
  @PdfDownloadResponse('The statement as a PDF', 'paylock-statement-<year>.pdf')
  @BAD_YEAR
  @UNAVAILABLE
  async downloadStatementPdf(
    @Query() query: StatementQueryDto,
    @AuthorizedUserOf() { user }: AuthorizedUser,
  ): Promise<StreamableFile> {
    const { statement, pdf } = await answering(
      this.reports.statementPdf(user.id, query.financialYear, {
        name: user.displayName,
        email: user.email,
      }),
    );
    return pdfDownload(pdf, `paylock-statement-${statement.financialYear}.pdf`);
  }

  @OwnRead(
    'ledger',
    {
      summary: "The creator's ledger lines from one day to another (India time), newest first",
      description: 'Both days included; at most 5 years; not in the future.',
      type: LedgerExtractDto,
    },
    BAD_RANGE,
  )
  async getLedgerExtract(
    @Query() query: LedgerExtractQueryDto,
    @AuthorizedUserOf() { user }: AuthorizedUser,
  ): Promise<LedgerExtractDto> {
    const extract = await answering(
      this.reports.ledgerExtract(user.id, query, query.page, query.pageSize),
    );
    return LedgerExtractDto.ofExtract(extract, query);
  }

  @Get('ledger.csv')
  @NoStore()
  @ApiProduces('text/csv')
  @operation('The ledger extract as CSV (at most 50,000 lines)', INJECTION_NOTE)
  @ApiOkResponse({ content: { 'text/csv': { schema: { type: 'string' } } } })
  @BAD_RANGE
  @UNAVAILABLE
  async downloadLedgerCsv(
    @Query() query: LedgerRangeQueryDto,
    @AuthorizedUserOf() { user }: AuthorizedUser,
    @Res() response: Response,
  ): Promise<void> {
    const rows = await answering(this.reports.ledgerCsv(user.id, query));
    await sendCsv(response, `paylock-ledger-${query.from}-to-${query.to}.csv`, rows);
  }

  @Get('ledger.pdf')
  @NoStore()
  @operation('The ledger extract as a PDF (the newest 2,000 lines; the CSV has them all)')
  @PdfDownloadResponse('The ledger extract as a PDF', 'paylock-ledger-<from>-to-<to>.pdf')
  @BAD_RANGE
  @UNAVAILABLE
  async downloadLedgerPdf(
    @Query() query: LedgerRangeQueryDto,
    @AuthorizedUserOf() { user }: AuthorizedUser,
  ): Promise<StreamableFile> {
    const { pdf } = await answering(
      this.reports.ledgerPdf(user.id, query, { name: user.displayName, email: user.email }),
    );
    return pdfDownload(pdf, `paylock-ledger-${query.from}-to-${query.to}.pdf`);
  }
}

/**
 * The brand workspace's statement for its own books (#40, item 4), from its books (a read model
 * kept by followers of the invoices and the ledger): per creator and month, as JSON, CSV and PDF.
 */
@ApiTags('brand')
@ApiExtraModels(ValidationErrorResponseDto, ErrorResponseDto)
@Controller('brand/reports')
@Roles('brand')
export class BrandReportsController {
  constructor(private readonly reports: BrandReports) {}

  @OwnRead(
    'statement',
    {
      summary:
        'The statement for your books: per creator and month, invoiced (with GST), paid, refunded, TDS',
      description:
        'April–March in India time, over the deals accepted from this workspace. docs/insights.md defines every figure.',
      type: BrandStatementDto,
    },
    BAD_YEAR,
  )
  async getBrandStatement(
    @Query() query: StatementQueryDto,
    @AuthorizedBrandOf() { brand }: AuthorizedBrand,
  ): Promise<BrandStatementDto> {
    return BrandStatementDto.of(
      await answering(this.reports.statement(brand.id, query.financialYear)),
    );
  }

  @Get('statement.csv')
  @NoStore()
  @ApiProduces('text/csv')
  @operation(
    'The statement for your books as CSV: per creator and month, each creator’s year, all creators',
    INJECTION_NOTE,
  )
  @ApiOkResponse({ content: { 'text/csv': { schema: { type: 'string' } } } })
  @BAD_YEAR
  @UNAVAILABLE
  async downloadBrandStatementCsv(
    @Query() query: StatementQueryDto,
    @AuthorizedBrandOf() { brand }: AuthorizedBrand,
    @Res() response: Response,
  ): Promise<void> {
    const rows = await answering(this.reports.statementCsv(brand.id, query.financialYear));
    const year = rows[1]?.[0] ?? query.financialYear ?? 'current';
    await sendCsv(response, `paylock-brand-statement-${year}.csv`, rows);
  }

  @Get('statement.pdf')
  @NoStore()
  @operation('The statement for your books as a PDF')
  @PdfDownloadResponse('The statement as a PDF', 'paylock-brand-statement-<year>.pdf')
  @BAD_YEAR
  @UNAVAILABLE
  async downloadBrandStatementPdf(
    @Query() query: StatementQueryDto,
    @AuthorizedBrandOf() { brand }: AuthorizedBrand,
  ): Promise<StreamableFile> {
    const { statement, pdf } = await answering(
      this.reports.statementPdf(brand.id, query.financialYear, {
        name: brand.companyName ?? brand.contactName ?? brand.phone,
        email: null,
      }),
    );
    return pdfDownload(pdf, `paylock-brand-statement-${statement.financialYear}.pdf`);
  }
}
