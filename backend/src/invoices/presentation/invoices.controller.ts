import {
  applyDecorators,
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Query,
  StreamableFile,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import { NotTheDealsCreatorGuard } from '../../deals/index.js';
import {
  ApiCreatedResponse,
  ApiExtraModels,
  ApiOkResponse,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import {
  type AuthorizedBrand,
  AuthorizedBrandOf,
  type AuthorizedUser,
  AuthorizedUserOf,
  Roles,
} from '../../auth/index.js';
import { type DomainErrorClass, Throws } from '../../common/presentation/domain-error-statuses.js';
import { DomainErrorFilter } from '../../common/presentation/domain-error.filter.js';
import {
  ErrorResponseDto,
  ValidationErrorResponseDto,
} from '../../common/presentation/error-response.dto.js';
import { NoStore } from '../../common/presentation/no-store.decorator.js';
import { PdfDownloadResponse, pdfDownload } from '../../common/presentation/pdf-download.js';
import {
  BAD_TOKEN,
  badRequest,
  operation,
  OwnRead,
  ReviewLinkCall,
  TOO_LARGE,
  UNAVAILABLE,
} from '../../deals/index.js';
import { PublicOperation } from '../../openapi/public-operation.decorator.js';
import { RateLimited } from '../../rate-limit/index.js';
import { BrandBooks } from '../application/brand-books.use-case.js';
import { Invoicing } from '../application/invoicing.use-case.js';
import { SAC_CODES } from '../domain/gst.js';
import type { Invoice } from '../domain/invoice.js';
import {
  InvoiceMilestoneNotFoundError,
  InvoiceNotFoundError,
  InvoiceNotIssuedError,
  MilestoneAlreadyInvoicedError,
  MilestoneNotReleasedError,
  TdsTooLargeError,
} from '../domain/invoice.errors.js';
import {
  BrandInvoicesRequestDto,
  CreateInvoiceRequestDto,
  InvoiceCountsDto,
  InvoiceDto,
  InvoicePageDto,
  ListInvoicesQueryDto,
  RecordTdsRequestDto,
  ReleasedMilestoneDto,
  SacCodeDto,
} from './dto/invoice.dto.js';
import {
  BrandInvoiceDto,
  BrandInvoicePageDto,
  BrandInvoicesQueryDto,
} from './dto/brand-books.dto.js';
import { BRAND_INVOICE_LINK_ERRORS, INVOICES_ERROR_STATUSES } from './invoices.error-statuses.js';

const INVOICE_ID_PARAM = ApiParam({
  name: 'invoiceId',
  schema: { type: 'string', maxLength: 64 },
  description: "The invoice's id. Another creator's invoice answers 404.",
});
const INVOICE_PDF = PdfDownloadResponse('The invoice as a PDF', 'paylock-invoice-<number>.pdf');

/**
 * A brand's call on one of the deal's invoices, by the review link: never cached, the invoice's id
 * in the path, a link that does not lead to that invoice refused like an unknown invoice.
 */
const OneBrandInvoiceCall = (badInput: MethodDecorator, ...errors: DomainErrorClass[]) =>
  applyDecorators(
    NoStore(),
    INVOICE_ID_PARAM,
    ReviewLinkCall(
      badInput,
      INVOICES_ERROR_STATUSES,
      ...BRAND_INVOICE_LINK_ERRORS,
      InvoiceNotFoundError,
      ...errors,
    ),
  );

function pdfFile(invoice: Invoice, pdf: Uint8Array): StreamableFile {
  return pdfDownload(
    pdf,
    `paylock-invoice-${(invoice.number ?? invoice.id).replaceAll('/', '-')}.pdf`,
  );
}

/** The creator's invoices (#27): lists, one invoice, its PDF, and making one by hand. */
@ApiTags('invoices')
@ApiExtraModels(ValidationErrorResponseDto, ErrorResponseDto)
@Controller('invoices')
@Roles('creator')
@UseFilters(new DomainErrorFilter(INVOICES_ERROR_STATUSES))
export class InvoicesController {
  constructor(private readonly invoicing: Invoicing) {}

  @OwnRead(
    undefined,
    {
      summary: "The creator's invoices, one page: all, pending, paid or overdue",
      type: InvoicePageDto,
    },
    badRequest({ view: 'view must be one of the following values: all, pending, paid, overdue' }),
  )
  async listInvoices(
    @Query() query: ListInvoicesQueryDto,
    @AuthorizedUserOf() { user }: AuthorizedUser,
  ): Promise<InvoicePageDto> {
    const page = await this.invoicing.list(user.id, query.view, query.page, query.pageSize);
    const today = this.invoicing.today();
    return InvoicePageDto.of(page, query, (invoice) => InvoiceDto.of(invoice, today));
  }

  @OwnRead('counts', {
    summary: 'How many invoices are pending, paid, overdue or still being issued',
    type: InvoiceCountsDto,
  })
  async countInvoices(@AuthorizedUserOf() { user }: AuthorizedUser): Promise<InvoiceCountsDto> {
    return InvoiceCountsDto.of(await this.invoicing.counts(user.id));
  }

  @OwnRead('releasable', {
    summary: 'Released milestones that have no invoice yet (to make one by hand)',
    type: [ReleasedMilestoneDto],
  })
  async listReleasableMilestones(
    @AuthorizedUserOf() { user }: AuthorizedUser,
  ): Promise<ReleasedMilestoneDto[]> {
    return (await this.invoicing.releasedWithoutInvoice(user.id)).map((milestone) =>
      ReleasedMilestoneDto.of(milestone),
    );
  }

  @Get('sac-codes')
  @operation('The SAC codes an invoice may carry (998361 unless chosen)')
  @ApiOkResponse({ type: [SacCodeDto] })
  listSacCodes(): SacCodeDto[] {
    return SAC_CODES.map(({ code, description }) =>
      Object.assign(new SacCodeDto(), { code, description }),
    );
  }

  @Post()
  @HttpCode(HttpStatus.CREATED)
  @operation(
    'Make the invoice of a released milestone by hand',
    'A milestone not released yet answers 409; one that has its invoice, 409.',
  )
  @ApiCreatedResponse({ type: InvoiceDto })
  @badRequest({
    recipientGstin: 'recipientGstin must be a valid 15-character GSTIN (check character included)',
  })
  @Throws(
    INVOICES_ERROR_STATUSES,
    InvoiceMilestoneNotFoundError,
    MilestoneNotReleasedError,
    MilestoneAlreadyInvoicedError,
  )
  @TOO_LARGE
  @UNAVAILABLE
  async createInvoice(
    @Body() body: CreateInvoiceRequestDto,
    @AuthorizedUserOf() { user }: AuthorizedUser,
  ): Promise<InvoiceDto> {
    const invoice = await this.invoicing.createByHand(user.id, body.dealId, body.milestoneId, {
      sac: body.sac,
      supplierAddress: body.supplierAddress?.trim(),
      recipientAddress: body.recipientAddress?.trim(),
      recipientGstin: body.recipientGstin,
      recipientStateCode: body.recipientStateCode,
    });
    return InvoiceDto.of(invoice, this.invoicing.today());
  }

  @OwnRead(
    ':invoiceId',
    { summary: 'One invoice', type: InvoiceDto },
    INVOICE_ID_PARAM,
    Throws(INVOICES_ERROR_STATUSES, InvoiceNotFoundError),
  )
  async getInvoice(
    @Param('invoiceId') id: string,
    @AuthorizedUserOf() { user }: AuthorizedUser,
  ): Promise<InvoiceDto> {
    return InvoiceDto.of(await this.invoicing.get(user.id, id), this.invoicing.today());
  }

  @Get(':invoiceId/pdf')
  @NoStore()
  @operation("The invoice's PDF (once issued)")
  @INVOICE_ID_PARAM
  @INVOICE_PDF
  @Throws(INVOICES_ERROR_STATUSES, InvoiceNotFoundError, InvoiceNotIssuedError)
  @UNAVAILABLE
  async downloadInvoicePdf(
    @Param('invoiceId') id: string,
    @AuthorizedUserOf() { user }: AuthorizedUser,
  ): Promise<StreamableFile> {
    const { invoice, pdf } = await this.invoicing.pdf(user.id, id);
    return pdfFile(invoice, pdf);
  }
}

/**
 * The brand's side of a deal's invoices, by the review link's token in the body (never in the
 * path or query): the list, each PDF, and recording TDS deducted against an invoice. The token
 * rule is the money routes' (a live link of the deal's current version, of the party that
 * accepted it; ADR 0061).
 */
@ApiTags('deal-review')
@ApiExtraModels(ValidationErrorResponseDto, ErrorResponseDto)
@Controller('deal-review/invoices')
@PublicOperation()
@RateLimited('personal-page')
@UseFilters(new DomainErrorFilter(INVOICES_ERROR_STATUSES))
@UseGuards(NotTheDealsCreatorGuard)
export class BrandInvoicesController {
  constructor(private readonly invoicing: Invoicing) {}

  @Post()
  @NoStore()
  @operation("The deal's invoices, by the brand's review link")
  @ApiOkResponse({ type: [InvoiceDto] })
  @ReviewLinkCall(BAD_TOKEN, INVOICES_ERROR_STATUSES, ...BRAND_INVOICE_LINK_ERRORS)
  async listBrandInvoices(@Body() body: BrandInvoicesRequestDto): Promise<InvoiceDto[]> {
    const today = this.invoicing.today();
    return (await this.invoicing.brandInvoices(body.token)).map((invoice) =>
      InvoiceDto.of(invoice, today),
    );
  }

  @Post(':invoiceId/pdf')
  @operation("An invoice's PDF, by the brand's review link")
  @INVOICE_PDF
  @OneBrandInvoiceCall(BAD_TOKEN, InvoiceNotIssuedError)
  async downloadBrandInvoicePdf(
    @Param('invoiceId') id: string,
    @Body() body: BrandInvoicesRequestDto,
  ): Promise<StreamableFile> {
    const { invoice, pdf } = await this.invoicing.brandPdf(body.token, id);
    return pdfFile(invoice, pdf);
  }

  @Post(':invoiceId/tds')
  @operation(
    'Record TDS deducted against an invoice, by the brand’s review link',
    'The amount (integer paise) and the TDS certificate number; the creator’s wallet shows the net.',
  )
  @ApiOkResponse({ type: InvoiceDto })
  @OneBrandInvoiceCall(
    badRequest({ amountPaise: 'amountPaise must be a whole number of paise' }),
    TdsTooLargeError,
  )
  async recordInvoiceTds(
    @Param('invoiceId') id: string,
    @Body() body: RecordTdsRequestDto,
  ): Promise<InvoiceDto> {
    const invoice = await this.invoicing.recordTds(
      body.token,
      id,
      body.amountPaise,
      body.certificateNumber,
    );
    return InvoiceDto.of(invoice, this.invoicing.today());
  }
}

/**
 * The brand workspace's invoices (#40, item 4): the GST invoices creators issued to it, from its
 * books (a read model kept by followers of the invoices): one page, and each one's PDF. Another
 * brand's invoice answers 404, even when the two share a creator.
 */
@ApiTags('brand')
@ApiExtraModels(ValidationErrorResponseDto, ErrorResponseDto)
@Controller('brand/invoices')
@Roles('brand')
@UseFilters(new DomainErrorFilter(INVOICES_ERROR_STATUSES))
export class BrandAccountInvoicesController {
  constructor(private readonly books: BrandBooks) {}

  @OwnRead(
    undefined,
    {
      summary: 'The invoices issued to this workspace, one page, newest first',
      description: 'Over the deals accepted from this workspace.',
      type: BrandInvoicePageDto,
    },
    badRequest({ page: 'page must not be less than 1' }),
  )
  async listBrandAccountInvoices(
    @Query() query: BrandInvoicesQueryDto,
    @AuthorizedBrandOf() { brand }: AuthorizedBrand,
  ): Promise<BrandInvoicePageDto> {
    const page = await this.books.invoicesPage(brand.id, query.page, query.pageSize);
    return BrandInvoicePageDto.of(page, query, (invoice) => BrandInvoiceDto.of(invoice));
  }

  @Get(':invoiceId/pdf')
  @NoStore()
  @operation("An invoice's PDF (one issued to this workspace)")
  @INVOICE_ID_PARAM
  @INVOICE_PDF
  @Throws(INVOICES_ERROR_STATUSES, InvoiceNotFoundError, InvoiceNotIssuedError)
  @UNAVAILABLE
  async downloadBrandAccountInvoicePdf(
    @Param('invoiceId') id: string,
    @AuthorizedBrandOf() { brand }: AuthorizedBrand,
  ): Promise<StreamableFile> {
    const { invoice, pdf } = await this.books.pdf(brand.id, id);
    return pdfFile(invoice, pdf);
  }
}
