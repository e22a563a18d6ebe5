import type { Deal } from '../../deals/deals.contract.js';
import type { Audience, Channel, RecipientKey } from './notification.js';
import { hasBell } from './notification.js';

/** A person a deal's notice is for, as far as the deal knows them. */
export interface Recipient {
  readonly key: RecipientKey;
  readonly audience: Audience;
  readonly name: string;
  /** Where e-mail goes, if anywhere. */
  readonly email: string | null;
  /** Where SMS go (E.164): a brand that signed in by phone; null for everyone else. */
  readonly phone: string | null;
  /**
   * The web app's path of the one action (for those with a bell), about the whole deal;
   * `actionPathAt` opens it at the notice's milestone.
   */
  readonly actionPath: string;
  /** Set for a brand that accepted by e-mail: its action links go through its link tokens. */
  readonly mailedBrand: boolean;
}

/**
 * The brand of an accepted deal is the party that accepted it (DESIGN.md "who the brand is"):
 * its workspace account, or the address the accepting link was mailed to.
 */
export function brandRecipientOf(deal: Deal): Recipient {
  const party = deal.brandParty ?? { channel: 'email', email: deal.brand.contactEmail };
  const name = deal.brand.contactName;
  return party.channel === 'account'
    ? {
        key: `brand:${party.brandId}`,
        audience: 'brand',
        name,
        email: null,
        phone: e164Of(party.mobile),
        // The workspace has no page per deal: its list, at the deal (and its review link there).
        actionPath: `/brand/deals?deal=${encodeURIComponent(deal.id)}`,
        mailedBrand: false,
      }
    : {
        key: `email:${party.email}`,
        audience: 'brand',
        name,
        email: party.email,
        phone: null,
        actionPath: '/deal-review',
        mailedBrand: true,
      };
}

export function creatorRecipientOf(
  deal: Deal,
  account: { readonly name: string; readonly email: string } | undefined,
): Recipient {
  return {
    key: `user:${deal.creatorId}`,
    audience: 'creator',
    name: account?.name ?? 'there',
    email: account?.email ?? null,
    phone: null,
    actionPath: `/creator/contracts/${encodeURIComponent(deal.id)}`,
    mailedBrand: false,
  };
}

/**
 * Where a notice's action opens: the recipient's page of the deal, at the milestone it is about
 * (`?milestone=<id>`: the page brings that milestone into view and focuses it). The admins' list
 * has no milestone to open at.
 */
export function actionPathAt(recipient: Recipient, milestoneId: string | null): string {
  if (milestoneId === null || recipient.audience === 'admins') return recipient.actionPath;
  return withMilestone(recipient.actionPath, milestoneId);
}

/** A path or address of a deal's page, naming the milestone to open at (after any token). */
export function withMilestone(pathOrUrl: string, milestoneId: string): string {
  const separator = pathOrUrl.includes('?') ? '&' : '?';
  return `${pathOrUrl}${separator}milestone=${encodeURIComponent(milestoneId)}`;
}

/** The admins' list of milestones stuck past a threshold (escalations' one action). */
export const ADMIN_WAITING_PATH = '/admin/waiting';

export const ADMINS: Recipient = {
  key: 'admins',
  audience: 'admins',
  name: 'Paylock admins',
  email: null,
  phone: null,
  actionPath: '/admin/disputes',
  mailedBrand: false,
};

/**
 * The channels a recipient has: in-app if they can sign in, e-mail if an address is known, SMS if
 * they signed in by phone.
 */
export function channelsOf(recipient: Recipient): Channel[] {
  return [
    ...(hasBell(recipient.key) ? (['in_app'] as const) : []),
    ...(recipient.email !== null ? (['email'] as const) : []),
    ...(recipient.phone !== null ? (['sms'] as const) : []),
  ];
}

/** A brand account's number as the SMS outbox takes it: +91 and its ten digits. */
function e164Of(mobile: string): string {
  return `+91${mobile.replace(/\D/g, '').slice(-10)}`;
}
