import { BRAND } from '../brand.js';
import { httpUrl, type MailContent, wholeNumber } from '../mail-template.js';
import type { MailRecipient } from '../outgoing-mail.js';
import { personalPageBlock } from './personal-page-block.js';

/**
 * Data: `inviteUrl` (`<PUBLIC_URL>/register?invite=<code>`, with `&as=brand` for a brand, agency
 * or talent manager), `expiresInDays` (e.g. "14"), `personalUrl` (the person's own page, #13;
 * absent only in invites queued before it) and `account: 'brand'` when the invitee signs up with
 * the mobile number they gave the waitlist rather than a Google account (#25).
 */
export function earlyAccessInvite(
  to: MailRecipient,
  data: Readonly<Record<string, string>>,
): MailContent {
  const inviteUrl = httpUrl(data.inviteUrl, 'inviteUrl');
  const expiresInDays = wholeNumber(data, 'expiresInDays', 'days');
  const how =
    data.account === 'brand'
      ? 'with the mobile number you gave the waitlist (we text it a code)'
      : 'with the Google account you choose';
  return {
    subject: `Your ${BRAND.name} early access is ready`,
    greetingName: to.name,
    blocks: [
      {
        type: 'paragraph',
        text: `Your place on the ${BRAND.name} waitlist has come up: you can create your account now.`,
      },
      { type: 'button', label: 'Create my account', url: inviteUrl },
      {
        type: 'small',
        text: `This invite is yours alone: it creates one account, ${how}, and expires in ${expiresInDays} days.`,
      },
      { type: 'link', text: 'If the button does not work, open this address:', url: inviteUrl },
      ...(data.personalUrl === undefined ? [] : [personalPageBlock(data)]),
    ],
  };
}
