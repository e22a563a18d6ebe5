import { describedError } from '../../common/domain/domain.error.js';

export const SUPPORT_SUBJECT_MAX = 120;
export const SUPPORT_MESSAGE_MAX = 4000;

/** A person's question to Paylock's support (Settings → Help & support, #41). */
export interface SupportRequest {
  readonly id: string;
  readonly accountId: string;
  readonly name: string;
  /** Where the confirmation (and the answer) goes. */
  readonly email: string;
  readonly subject: string;
  readonly message: string;
  /** The deal it is about, checked to be the person's own; null otherwise. */
  readonly dealId: string | null;
  readonly createdAt: Date;
}

export type NewSupportRequest = Omit<SupportRequest, 'id'>;

/** Each request mails a confirmation: at most this many per account a day. */
export const SUPPORT_REQUESTS_PER_DAY = 5;

export class TooManySupportRequestsError extends describedError(
  'TOO_MANY_SUPPORT_REQUESTS',
  'You have sent several requests today. We will answer them; please write again tomorrow.',
) {}

/** The deal named is not one of the person's own (or does not exist): the same answer. */
export class SupportDealNotFoundError extends describedError(
  'SUPPORT_DEAL_NOT_FOUND',
  'This deal is not one of yours.',
) {}
