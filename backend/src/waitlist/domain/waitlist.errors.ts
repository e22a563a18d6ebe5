import { DomainError } from '../../common/domain/domain.error.js';

/** The fields of a waitlist submission, named as the form and the API name them. */
export type WaitlistField =
  'fullName' | 'email' | 'phoneNumber' | 'instagramHandle' | 'userType' | 'privacyNoticeVersion';

/** One value broke its rule; the message is the text shown under the field. */
export class InvalidWaitlistValueError extends DomainError {
  readonly code = 'INVALID_WAITLIST_VALUE';
}

/** A submission with one or more invalid fields: each field with its first message. */
export class InvalidWaitlistApplicationError extends DomainError {
  readonly code = 'INVALID_WAITLIST_APPLICATION';

  constructor(readonly fieldErrors: Readonly<Partial<Record<WaitlistField, string>>>) {
    super(`Invalid waitlist fields: ${Object.keys(fieldErrors).join(', ')}`);
  }
}

export class PhoneAlreadyRegisteredError extends DomainError {
  static readonly CODE = 'PHONE_ALREADY_REGISTERED';
  static readonly MESSAGE = 'This phone number is already registered!';
  readonly code = PhoneAlreadyRegisteredError.CODE;

  constructor() {
    super(PhoneAlreadyRegisteredError.MESSAGE);
  }
}

export class EmailAlreadyRegisteredError extends DomainError {
  static readonly CODE = 'EMAIL_ALREADY_REGISTERED';
  static readonly MESSAGE = 'This email address is already registered!';
  readonly code = EmailAlreadyRegisteredError.CODE;

  constructor() {
    super(EmailAlreadyRegisteredError.MESSAGE);
  }
}

/** A confirmation link that was never issued, was tampered with, or whose entry is gone. */
export class ConfirmationLinkNotFoundError extends DomainError {
  static readonly CODE = 'CONFIRMATION_LINK_NOT_FOUND';
  static readonly MESSAGE = 'This confirmation link is not valid. Ask for a new one below.';
  readonly code = ConfirmationLinkNotFoundError.CODE;

  constructor() {
    super(ConfirmationLinkNotFoundError.MESSAGE);
  }
}

/** A confirmation link past its 72 hours. */
export class ConfirmationLinkExpiredError extends DomainError {
  static readonly CODE = 'CONFIRMATION_LINK_EXPIRED';
  static readonly MESSAGE = 'This confirmation link has expired. Ask for a new one below.';
  readonly code = ConfirmationLinkExpiredError.CODE;

  constructor() {
    super(ConfirmationLinkExpiredError.MESSAGE);
  }
}
