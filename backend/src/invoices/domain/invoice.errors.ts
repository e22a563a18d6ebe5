import { describedError } from '../../common/domain/domain.error.js';

/** Another creator's invoice, or none: one answer, so that ids tell nothing. */
export class InvoiceNotFoundError extends describedError('INVOICE_NOT_FOUND', 'No such invoice.') {}

/** Another creator's milestone, or none. */
export class InvoiceMilestoneNotFoundError extends describedError(
  'INVOICE_MILESTONE_NOT_FOUND',
  'No such milestone.',
) {}

/** Invoices are made for released milestones only. */
export class MilestoneNotReleasedError extends describedError(
  'MILESTONE_NOT_RELEASED',
  'This milestone has not been released yet, so it cannot be invoiced.',
) {}

/** One invoice per milestone: this one has its invoice already. */
export class MilestoneAlreadyInvoicedError extends describedError(
  'MILESTONE_ALREADY_INVOICED',
  'This milestone already has an invoice.',
) {}

/** The PDF is made when the invoice is issued; until then there is nothing to download. */
export class InvoiceNotIssuedError extends describedError(
  'INVOICE_NOT_ISSUED',
  'This invoice is still being issued. Try again in a minute.',
) {}

/** TDS cannot exceed the invoice's total. */
export class TdsTooLargeError extends describedError(
  'TDS_TOO_LARGE',
  'The TDS amount cannot be more than the invoice total.',
) {}
