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

/** A personal-page link never issued, tampered with, or whose entry is gone. */
export class PersonalLinkNotFoundError extends DomainError {
  static readonly CODE = 'PERSONAL_LINK_NOT_FOUND';
  static readonly MESSAGE = 'This link is not valid. Ask for a new one below.';
  readonly code = PersonalLinkNotFoundError.CODE;

  constructor() {
    super(PersonalLinkNotFoundError.MESSAGE);
  }
}

/** A personal-page link past its 7 days. */
export class PersonalLinkExpiredError extends DomainError {
  static readonly CODE = 'PERSONAL_LINK_EXPIRED';
  static readonly MESSAGE = 'This link has expired. Ask for a new one below.';
  readonly code = PersonalLinkExpiredError.CODE;

  constructor() {
    super(PersonalLinkExpiredError.MESSAGE);
  }
}

/** A personal-page link opened before: each one opens the page once. */
export class PersonalLinkUsedError extends DomainError {
  static readonly CODE = 'PERSONAL_LINK_USED';
  static readonly MESSAGE = 'This link has already been used. Ask for a new one below.';
  readonly code = PersonalLinkUsedError.CODE;

  constructor() {
    super(PersonalLinkUsedError.MESSAGE);
  }
}

/** No personal-page session: never opened, ended with "Done", past its 30 minutes, or erased. */
export class PersonalSessionRequiredError extends DomainError {
  static readonly CODE = 'PERSONAL_SESSION_REQUIRED';
  static readonly MESSAGE =
    'Your page has closed (after 30 minutes, or when you chose Done). Ask for a new link to open it again.';
  readonly code = PersonalSessionRequiredError.CODE;

  constructor() {
    super(PersonalSessionRequiredError.MESSAGE);
  }
}

/** An e-mail change link never issued, tampered with, superseded by a newer one, or used. */
export class EmailChangeLinkNotFoundError extends DomainError {
  static readonly CODE = 'EMAIL_CHANGE_LINK_NOT_FOUND';
  static readonly MESSAGE =
    'This link is not valid (a newer one may have been sent). Ask for the change again on your page.';
  readonly code = EmailChangeLinkNotFoundError.CODE;

  constructor() {
    super(EmailChangeLinkNotFoundError.MESSAGE);
  }
}

export class EmailChangeLinkExpiredError extends DomainError {
  static readonly CODE = 'EMAIL_CHANGE_LINK_EXPIRED';
  static readonly MESSAGE = 'This link has expired. Ask for the change again on your page.';
  readonly code = EmailChangeLinkExpiredError.CODE;

  constructor() {
    super(EmailChangeLinkExpiredError.MESSAGE);
  }
}

/** Too many changes from one personal page in a day (each one is checked against the others). */
export class TooManyCorrectionsError extends DomainError {
  static readonly CODE = 'TOO_MANY_CORRECTIONS';
  static readonly MESSAGE = 'You have made many changes today. Please try again tomorrow.';
  readonly code = TooManyCorrectionsError.CODE;

  constructor() {
    super(TooManyCorrectionsError.MESSAGE);
  }
}
