import { BRAND } from '../brand.js';
import { confirmationLinkOf, type MailContent } from '../mail-template.js';
import type { MailRecipient } from '../outgoing-mail.js';
import { personalPageBlock } from './personal-page-block.js';

/**
 * Data: `confirmUrl` (the one-click link), `expiresInHours` (e.g. "72") and `personalUrl` (the
 * person's own page; absent only in messages queued before #13).
 */
export function waitlistConfirmation(
  to: MailRecipient,
  data: Readonly<Record<string, string>>,
): MailContent {
  const { confirmUrl, expiresInHours } = confirmationLinkOf(data);
  return {
    subject: `Confirm your place on the ${BRAND.name} waitlist`,
    greetingName: to.name,
    blocks: [
      {
        type: 'paragraph',
        text: `Thanks for joining the ${BRAND.name} waitlist. One last step: confirm that this is your e-mail address, and your place on the list is yours.`,
      },
      { type: 'button', label: 'Confirm my place', url: confirmUrl },
      {
        type: 'small',
        text: `The link works once and expires in ${expiresInHours} hours. If it has expired, join again from the waitlist page and we will send a new one.`,
      },
      { type: 'link', text: 'If the button does not work, open this address:', url: confirmUrl },
      {
        type: 'small',
        text: `Did not sign up? Ignore this e-mail: without confirmation the entry and your details are deleted after ${expiresInHours} hours.`,
      },
      ...(data.personalUrl === undefined ? [] : [personalPageBlock(data)]),
    ],
  };
}
