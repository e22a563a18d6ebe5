import { BRAND } from '../brand.js';
import type { MailContent } from '../mail-template.js';
import type { MailRecipient } from '../outgoing-mail.js';
import { personalPageBlock } from './personal-page-block.js';

/**
 * Data: `seat` (the seat number kept, or "" for an entry without one) and `personalUrl` (the page
 * where one asks for a link: there is no personal page any more). The stored copy of this message
 * forgets its recipient once sent.
 */
export function erasureConfirmation(
  to: MailRecipient,
  data: Readonly<Record<string, string>>,
): MailContent {
  const seat = data.seat ?? '';
  return {
    subject: `Your details were erased from the ${BRAND.name} waitlist`,
    greetingName: to.name,
    blocks: [
      {
        type: 'paragraph',
        text: `As you asked, we erased your name, e-mail address, phone number and Instagram handle from the ${BRAND.name} waitlist, with every link and e-mail we held for you. You have withdrawn your consent; we will not write to you again.`,
      },
      {
        type: 'small',
        text: /^\d{1,7}$/.test(seat)
          ? `What stays: seat number ${seat} and the time it was taken, with no personal data, so that nobody else's place moves.`
          : 'You had no seat yet, so nothing about you stays.',
      },
      {
        type: 'small',
        text: 'Changed your mind? You can join again with the same e-mail address and phone number, as a new entry.',
      },
      personalPageBlock(data),
    ],
  };
}
