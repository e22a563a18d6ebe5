import {
  dealBrandAction,
  dealCancellationAgreed,
  dealCancellationProposed,
  dealClaimLink,
  dealMoneyLink,
  dealReviewRequest,
  dealSigned,
} from './kinds/deal-mails.js';
import {
  contactEmailChanged,
  contactEmailConfirmation,
  newSignIn,
  supportRequestReceived,
} from './kinds/contact-email-mails.js';
import { accountErased } from './kinds/account-erased.js';
import { dataExportReady } from './kinds/data-export-ready.js';
import { earlyAccessInvite } from './kinds/early-access-invite.js';
import { supportRequestAnswered } from './kinds/support-mails.js';
import { emailChangeConfirmation } from './kinds/email-change-confirmation.js';
import { invoiceIssued } from './kinds/invoice-mails.js';
import { notification } from './kinds/notification-mail.js';
import { erasureConfirmation } from './kinds/erasure-confirmation.js';
import { personalLink } from './kinds/personal-link.js';
import { waitlistConfirmation } from './kinds/waitlist-confirmation.js';
import { waitlistJoinAttempt } from './kinds/waitlist-join-attempt.js';
import {
  type MailFooter,
  MailTemplateError,
  renderMail,
  type RenderedMail,
  singleLine,
} from './mail-template.js';
import type { MailKind, MailRecipient } from './outgoing-mail.js';

type Template = (
  to: MailRecipient,
  data: Readonly<Record<string, string>>,
) => ReturnType<typeof waitlistConfirmation>;

/** Each kind's template; adding a kind to MAIL_KINDS without one here fails the type check. */
const TEMPLATES: Readonly<Record<MailKind, Template>> = {
  'waitlist-confirmation': waitlistConfirmation,
  'early-access-invite': earlyAccessInvite,
  'personal-link': personalLink,
  'waitlist-join-attempt': waitlistJoinAttempt,
  'email-change-confirmation': emailChangeConfirmation,
  'erasure-confirmation': erasureConfirmation,
  'deal-review-request': dealReviewRequest,
  'deal-brand-action': dealBrandAction,
  'deal-signed': dealSigned,
  'deal-cancellation-proposed': dealCancellationProposed,
  'deal-cancellation-agreed': dealCancellationAgreed,
  'deal-money-link': dealMoneyLink,
  'deal-claim-link': dealClaimLink,
  'invoice-issued': invoiceIssued,
  notification,
  'contact-email-confirmation': contactEmailConfirmation,
  'contact-email-changed': contactEmailChanged,
  'new-sign-in': newSignIn,
  'support-request-received': supportRequestReceived,
  'support-request-answered': supportRequestAnswered,
  'account-erased': accountErased,
  'data-export-ready': dataExportReady,
};

/** Subject, text and HTML of a stored message. Throws MailTemplateError for data that does not fit. */
export function renderMailKind(
  kind: MailKind,
  to: MailRecipient,
  data: Readonly<Record<string, string>>,
  footer: MailFooter,
): RenderedMail {
  return renderMail(TEMPLATES[kind](to, data), footer);
}

/**
 * The subject line a stored message is (or was) sent with, for the back-office's list; undefined
 * when its data no longer fits its template (the worker parks such a message as failed).
 */
export function subjectOfMailKind(
  kind: MailKind,
  to: MailRecipient,
  data: Readonly<Record<string, string>>,
): string | undefined {
  try {
    return singleLine(TEMPLATES[kind](to, data).subject);
  } catch (error) {
    if (error instanceof MailTemplateError) return undefined;
    throw error;
  }
}
