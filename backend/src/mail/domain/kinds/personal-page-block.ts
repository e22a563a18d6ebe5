import { httpUrl, type MailBlock } from '../mail-template.js';

/**
 * The link to the person's own page that every e-mail to someone on the waitlist carries (#13):
 * where they see, correct, download or erase what Paylock holds about them. `personalUrl` is a
 * fresh 7-day link issued for this message (or, once erased, the page where one asks for a link).
 */
export function personalPageBlock(data: Readonly<Record<string, string>>): MailBlock {
  return {
    type: 'link',
    text: 'Your place on the list — see, correct, download or erase your details:',
    url: httpUrl(data.personalUrl, 'personalUrl'),
  };
}
