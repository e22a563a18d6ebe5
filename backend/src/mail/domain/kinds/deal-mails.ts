import { BRAND } from '../brand.js';
import { httpUrl, type MailContent, required, wholeNumber } from '../mail-template.js';
import type { MailRecipient } from '../outgoing-mail.js';

/**
 * Deals (#24). `deal-review-request` to the brand contact. Data: `creatorName`, `dealTitle`,
 * `total` (e.g. "₹1,25,000.00"), `reviewUrl` (the review page with its single-purpose link) and
 * `expiresInDays`.
 */
export function dealReviewRequest(
  to: MailRecipient,
  data: Readonly<Record<string, string>>,
): MailContent {
  const reviewUrl = httpUrl(data.reviewUrl, 'reviewUrl');
  const creatorName = required(data, 'creatorName');
  const dealTitle = required(data, 'dealTitle');
  const total = required(data, 'total');
  const expiresInDays = wholeNumber(data, 'expiresInDays', 'days');
  return {
    subject: `${creatorName} sent you a deal to review: ${dealTitle}`,
    greetingName: to.name,
    blocks: [
      {
        type: 'paragraph',
        text: `${creatorName} has set out a collaboration with you on ${BRAND.name}: "${dealTitle}", ${total} in total. Review the deal and its contract, then accept it, ask for changes, or decline.`,
      },
      { type: 'button', label: 'Review the deal', url: reviewUrl },
      {
        type: 'small',
        text: `No account needed. This link is for you alone and works for ${expiresInDays} days, while the deal awaits your answer.`,
      },
      { type: 'link', text: 'If the button does not work, open this address:', url: reviewUrl },
    ],
  };
}

const ACTION_TEXT: Readonly<Record<string, string>> = {
  accepted: 'accepted',
  changes_requested: 'asked for changes to',
  declined: 'declined',
};

/**
 * `deal-brand-action` to the creator, on every answer of the brand. Data: `brandName`,
 * `dealTitle`, `action` (accepted | changes_requested | declined), `dealUrl`, optional `note`.
 */
export function dealBrandAction(
  to: MailRecipient,
  data: Readonly<Record<string, string>>,
): MailContent {
  const dealUrl = httpUrl(data.dealUrl, 'dealUrl');
  const brandName = required(data, 'brandName');
  const dealTitle = required(data, 'dealTitle');
  const action = ACTION_TEXT[required(data, 'action')] ?? 'answered';
  const note = data.note?.trim();
  return {
    subject: `${brandName} ${action} your deal: ${dealTitle}`,
    greetingName: to.name,
    blocks: [
      { type: 'paragraph', text: `${brandName} ${action} "${dealTitle}".` },
      ...(note ? [{ type: 'paragraph' as const, text: `Their note: ${note}` }] : []),
      { type: 'button', label: 'Open the deal', url: dealUrl },
      { type: 'link', text: 'If the button does not work, open this address:', url: dealUrl },
    ],
  };
}

/**
 * `deal-signed` to both parties once the brand accepted, with the signed PDF attached (its last
 * page is the audit trail). Data: `dealTitle`, `otherParty`, `sha256`.
 */
export function dealSigned(to: MailRecipient, data: Readonly<Record<string, string>>): MailContent {
  const dealTitle = required(data, 'dealTitle');
  const otherParty = required(data, 'otherParty');
  const sha256 = required(data, 'sha256');
  return {
    subject: `Signed: ${dealTitle}`,
    greetingName: to.name,
    blocks: [
      {
        type: 'paragraph',
        text: `You and ${otherParty} have both accepted "${dealTitle}" on ${BRAND.name}. The signed contract is attached as a PDF; its last page is the audit trail of both acceptances.`,
      },
      { type: 'small', text: `SHA-256 of the contract both parties accepted: ${sha256}` },
    ],
  };
}

/** What agreeing to a cancellation does to the money (contract clause 7), in the mails' words. */
const CANCELLATION_MONEY =
  'Milestones the brand already approved are still paid to the creator; milestones the brand funded whose work was not approved are refunded to the brand automatically.';

/**
 * `deal-cancellation-proposed` to the other party when one party proposes to cancel an accepted
 * deal. Data: `proposerName`, `dealTitle`, `reason` (as typed), `dealUrl` (the creator's deal page,
 * or the brand's review page with its link).
 */
export function dealCancellationProposed(
  to: MailRecipient,
  data: Readonly<Record<string, string>>,
): MailContent {
  const dealUrl = httpUrl(data.dealUrl, 'dealUrl');
  const proposerName = required(data, 'proposerName');
  const dealTitle = required(data, 'dealTitle');
  const reason = required(data, 'reason');
  return {
    subject: `${proposerName} proposes to cancel: ${dealTitle}`,
    greetingName: to.name,
    blocks: [
      { type: 'paragraph', text: `${proposerName} proposes to cancel "${dealTitle}".` },
      { type: 'paragraph', text: `Their reason: ${reason}` },
      {
        type: 'paragraph',
        text: `The deal is cancelled only if you agree. ${CANCELLATION_MONEY} You can also decline, and the deal goes on.`,
      },
      { type: 'button', label: 'Answer the proposal', url: dealUrl },
      { type: 'link', text: 'If the button does not work, open this address:', url: dealUrl },
    ],
  };
}

/**
 * `deal-cancellation-agreed` to the party who proposed the cancellation, once the other agreed.
 * Data: `agreedBy`, `dealTitle`, `refunded` (the amount refunded to the brand, e.g. "₹75,000.00",
 * or "₹0.00"), `dealUrl`.
 */
export function dealCancellationAgreed(
  to: MailRecipient,
  data: Readonly<Record<string, string>>,
): MailContent {
  const dealUrl = httpUrl(data.dealUrl, 'dealUrl');
  const agreedBy = required(data, 'agreedBy');
  const dealTitle = required(data, 'dealTitle');
  const refunded = required(data, 'refunded');
  return {
    subject: `Cancelled: ${dealTitle}`,
    greetingName: to.name,
    blocks: [
      {
        type: 'paragraph',
        text: `${agreedBy} agreed to cancel "${dealTitle}": the deal is cancelled. ${CANCELLATION_MONEY}`,
      },
      { type: 'paragraph', text: `Refunded to the brand: ${refunded}.` },
      { type: 'button', label: 'Open the deal', url: dealUrl },
      { type: 'link', text: 'If the button does not work, open this address:', url: dealUrl },
    ],
  };
}
