import { BRAND } from '../brand.js';
import { httpUrl, type MailContent, wholeNumber } from '../mail-template.js';
import type { MailRecipient } from '../outgoing-mail.js';

/** Data: `personalUrl` (the one-time link to the person's page) and `expiresInDays` (e.g. "7"). */
export function personalLink(
  to: MailRecipient,
  data: Readonly<Record<string, string>>,
): MailContent {
  const personalUrl = httpUrl(data.personalUrl, 'personalUrl');
  const expiresInDays = wholeNumber(data, 'expiresInDays', 'days');
  return {
    subject: `Your place on the ${BRAND.name} waitlist`,
    greetingName: to.name,
    blocks: [
      {
        type: 'paragraph',
        text: `Here is the link to your own page on the ${BRAND.name} waitlist: see where you stand, correct your details, download them, or erase them.`,
      },
      { type: 'button', label: 'Open my page', url: personalUrl },
      {
        type: 'small',
        text: `The link works once and expires in ${expiresInDays} days. You can ask for a new one on the waitlist page at any time.`,
      },
      { type: 'link', text: 'If the button does not work, open this address:', url: personalUrl },
      {
        type: 'small',
        text: 'Did not ask for this? Ignore this e-mail: nobody can open your page without it.',
      },
    ],
  };
}
