import {
  DomainError,
  describedError,
  InvalidFieldsError,
} from '../../common/domain/domain.error.js';

/** The fields of a waitlist submission, named as the form and the API name them. */
export type WaitlistField =
  'fullName' | 'email' | 'phoneNumber' | 'instagramHandle' | 'userType' | 'privacyNoticeVersion';

/** One value broke its rule; the message is the text shown under the field. */
export class InvalidWaitlistValueError extends DomainError {
  readonly code = 'INVALID_WAITLIST_VALUE';
}

/** A submission with one or more invalid fields: each field with its first message. */
export class InvalidWaitlistApplicationError extends InvalidFieldsError {
  readonly code = 'INVALID_WAITLIST_APPLICATION';

  constructor(override readonly fieldErrors: Readonly<Partial<Record<WaitlistField, string>>>) {
    super(fieldErrors, `Invalid waitlist fields: ${Object.keys(fieldErrors).join(', ')}`);
  }
}

export class PhoneAlreadyRegisteredError extends describedError(
  'PHONE_ALREADY_REGISTERED',
  'This phone number is already registered!',
) {}

export class EmailAlreadyRegisteredError extends describedError(
  'EMAIL_ALREADY_REGISTERED',
  'This email address is already registered!',
) {}

/** A confirmation link that was never issued, was tampered with, or whose entry is gone. */
export class ConfirmationLinkNotFoundError extends describedError(
  'CONFIRMATION_LINK_NOT_FOUND',
  'This confirmation link is not valid. Ask for a new one below.',
) {}

/** A confirmation link past its 72 hours. */
export class ConfirmationLinkExpiredError extends describedError(
  'CONFIRMATION_LINK_EXPIRED',
  'This confirmation link has expired. Ask for a new one below.',
) {}

/** A personal-page link never issued, tampered with, or whose entry is gone. */
export class PersonalLinkNotFoundError extends describedError(
  'PERSONAL_LINK_NOT_FOUND',
  'This link is not valid. Ask for a new one below.',
) {}

/** A personal-page link past its 7 days. */
export class PersonalLinkExpiredError extends describedError(
  'PERSONAL_LINK_EXPIRED',
  'This link has expired. Ask for a new one below.',
) {}

/** A personal-page link opened before: each one opens the page once. */
export class PersonalLinkUsedError extends describedError(
  'PERSONAL_LINK_USED',
  'This link has already been used. Ask for a new one below.',
) {}

/** No personal-page session: never opened, ended with "Done", past its 30 minutes, or erased. */
export class PersonalSessionRequiredError extends describedError(
  'PERSONAL_SESSION_REQUIRED',
  'Your page has closed (after 30 minutes, or when you chose Done). Ask for a new link to open it again.',
) {}

/** An e-mail change link never issued, tampered with, superseded by a newer one, or used. */
export class EmailChangeLinkNotFoundError extends describedError(
  'EMAIL_CHANGE_LINK_NOT_FOUND',
  'This link is not valid (a newer one may have been sent). Ask for the change again on your page.',
) {}

export class EmailChangeLinkExpiredError extends describedError(
  'EMAIL_CHANGE_LINK_EXPIRED',
  'This link has expired. Ask for the change again on your page.',
) {}

/** Too many changes from one personal page in a day (each one is checked against the others). */
export class TooManyCorrectionsError extends describedError(
  'TOO_MANY_CORRECTIONS',
  'You have made many changes today. Please try again tomorrow.',
) {}
