import { HttpStatus } from '@nestjs/common';
import { errorStatuses } from '../../common/presentation/domain-error-statuses.js';
import {
  InvoiceLinkInvalidError,
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
  [InvoiceLinkInvalidError, HttpStatus.NOT_FOUND],
  [MilestoneNotReleasedError, HttpStatus.CONFLICT],
  [MilestoneAlreadyInvoicedError, HttpStatus.CONFLICT],
  [InvoiceNotIssuedError, HttpStatus.CONFLICT],
  [TdsTooLargeError, HttpStatus.BAD_REQUEST],
]);
