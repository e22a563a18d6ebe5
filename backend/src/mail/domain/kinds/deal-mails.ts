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
 * page is the audit trail). Data: `dealTitle`, `otherParty`, `sha256`; for a brand that accepted
 * by e-mail, `moneyUrl` (its link to the deal's payments).
 */
export function dealSigned(to: MailRecipient, data: Readonly<Record<string, string>>): MailContent {
  const dealTitle = required(data, 'dealTitle');
  const otherParty = required(data, 'otherParty');
  const sha256 = required(data, 'sha256');
  const moneyUrl = data.moneyUrl === undefined ? undefined : httpUrl(data.moneyUrl, 'moneyUrl');
  return {
    subject: `Signed: ${dealTitle}`,
    greetingName: to.name,
    blocks: [
      {
        type: 'paragraph',
        text: `You and ${otherParty} have both accepted "${dealTitle}" on ${BRAND.name}. The signed contract is attached as a PDF; its last page is the audit trail of both acceptances.`,
      },
      { type: 'small', text: `SHA-256 of the contract both parties accepted: ${sha256}` },
      ...(moneyUrl ? moneyLinkBlocks(moneyUrl) : []),
    ],
  };
}

/** The brand's link to the deal's payments, and how long it works. */
function moneyLinkBlocks(url: string): MailContent['blocks'] {
  return [
    { type: 'button', label: 'Fund and approve milestones', url },
    {
      type: 'small',
      text: `This link is for you alone: only it (not the link a deal was first sent with to another address) acts on this deal's money. It works for ${String(MONEY_LINK_DAYS)} days; the deal's page then e-mails you a fresh one on request.`,
    },
    { type: 'link', text: 'If the button does not work, open this address:', url },
  ];
}

/** How long a mailed money link works (deals/application/brand-money-links.ts). */
const MONEY_LINK_DAYS = 30;

/**
 * `deal-money-link` to the address a deal was accepted with, when its brand asked for a fresh
 * link to the deal's payments. Data: `dealTitle`, `moneyUrl`.
 */
export function dealMoneyLink(
  to: MailRecipient,
  data: Readonly<Record<string, string>>,
): MailContent {
  const dealTitle = required(data, 'dealTitle');
  const moneyUrl = httpUrl(data.moneyUrl, 'moneyUrl');
  return {
    subject: `Your fresh link to the payments of ${dealTitle}`,
    greetingName: to.name,
    blocks: [
      {
        type: 'paragraph',
        text: `Here is a fresh link to "${dealTitle}" on ${BRAND.name}: fund milestones, approve work, ask for changes and see the invoices. If you did not ask for it, you can ignore this e-mail.`,
      },
      ...moneyLinkBlocks(moneyUrl),
    ],
  };
}

/**
 * `deal-claim-link` to the address a deal was accepted with, when a brand account signed in with
 * the deal's mobile number asks to handle the deal from its workspace. Data: `dealTitle`,
 * `claimUrl`.
 */
export function dealClaimLink(
  to: MailRecipient,
  data: Readonly<Record<string, string>>,
): MailContent {
  const dealTitle = required(data, 'dealTitle');
  const claimUrl = httpUrl(data.claimUrl, 'claimUrl');
  return {
    subject: `Move ${dealTitle} to your brand workspace`,
    greetingName: to.name,
    blocks: [
      {
        type: 'paragraph',
        text: `A ${BRAND.name} brand workspace signed in with this deal's mobile number asked to handle "${dealTitle}". Open the link below while signed in to that workspace to move the deal's payments there: this e-mail's links then stop acting on the deal's money. If you did not ask for this, ignore this e-mail and nothing changes.`,
      },
      { type: 'button', label: 'Move the deal to my workspace', url: claimUrl },
      {
        type: 'small',
        text: 'The link works once, for 24 hours, and only in the workspace that asked for it.',
      },
      { type: 'link', text: 'If the button does not work, open this address:', url: claimUrl },
    ],
  };
}

/** What agreeing to a cancellation does to the money (contract clause 7), in the mails' words. */
const CANCELLATION_MONEY =
  'Milestones the brand already approved are still paid to the creator; milestones the brand funded whose work was not approved are refunded to the brand automatically.';

/**
 * The way to the deal: a button with its link; or, for a brand whose money link (mailed earlier)
 * still works until `linkWorksUntil`, a pointer to that link (no second link is minted).
 */
function existingLinkBlocks(
  linkWorksUntil: string | undefined,
  label: string,
  url: string,
): MailContent['blocks'] {
  if (linkWorksUntil !== undefined) {
    return [
      {
        type: 'paragraph',
        text: `Open the deal with the link to its payments from our earlier e-mail to you (the signed contract's, or a fresh link you asked for): it works until ${linkWorksUntil}. If you cannot find it, open any link of this deal and ask for a fresh one.`,
      },
    ];
  }
  return [
    { type: 'button', label, url },
    { type: 'link', text: 'If the button does not work, open this address:', url },
  ];
}

/**
 * `deal-cancellation-proposed` to the other party when one party proposes to cancel an accepted
 * deal. Data: `proposerName`, `dealTitle`, `reason` (as typed), `dealUrl` (the creator's deal page,
 * or the brand's review page with its link), optional `linkWorksUntil` (the brand's earlier link
 * still works: the mail points to it instead).
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
      ...existingLinkBlocks(data.linkWorksUntil, 'Answer the proposal', dealUrl),
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
      ...existingLinkBlocks(data.linkWorksUntil, 'Open the deal', dealUrl),
    ],
  };
}
