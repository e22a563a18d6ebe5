import { HttpStatus } from '@nestjs/common';
import { errorStatuses } from '../../common/presentation/domain-error-statuses.js';
import {
  CreatorActingAsBrandError,
  DealLinkInvalidError,
  DealMoneyLinkExpiredError,
  NotTheDealsBrandError,
} from '../../deals/deals.contract.js';
import {
  InvoiceMilestoneNotFoundError,
  InvoiceNotFoundError,
  InvoiceNotIssuedError,
  MilestoneAlreadyInvoicedError,
  MilestoneNotReleasedError,
  TdsTooLargeError,
} from '../domain/invoice.errors.js';

/** The invoices module's one table of domain errors → HTTP statuses (runtime and OpenAPI). */
export const INVOICES_ERROR_STATUSES = errorStatuses([
  [InvoiceNotFoundError, HttpStatus.NOT_FOUND],
  [InvoiceMilestoneNotFoundError, HttpStatus.NOT_FOUND],
  // The brand's token: the deals' one rule for an accepted deal's money (BrandMoneyLinks).
  [DealLinkInvalidError, HttpStatus.NOT_FOUND],
  [NotTheDealsBrandError, HttpStatus.FORBIDDEN],
  [CreatorActingAsBrandError, HttpStatus.FORBIDDEN],
  [DealMoneyLinkExpiredError, HttpStatus.GONE],
  [MilestoneNotReleasedError, HttpStatus.CONFLICT],
  [MilestoneAlreadyInvoicedError, HttpStatus.CONFLICT],
  [InvoiceNotIssuedError, HttpStatus.CONFLICT],
  [TdsTooLargeError, HttpStatus.BAD_REQUEST],
]);

/** What a brand's token may be refused for, as on the money routes. */
export const BRAND_INVOICE_LINK_ERRORS = [
  DealLinkInvalidError,
  NotTheDealsBrandError,
  CreatorActingAsBrandError,
  DealMoneyLinkExpiredError,
] as const;
