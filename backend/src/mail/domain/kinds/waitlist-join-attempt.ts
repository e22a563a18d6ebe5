import { BRAND } from '../brand.js';
import { MailTemplateError, type MailContent } from '../mail-template.js';
import type { MailRecipient } from '../outgoing-mail.js';
import { personalPageBlock } from './personal-page-block.js';

const DETAILS: Readonly<Record<string, string>> = {
  phone: 'your phone number',
  email: 'your e-mail address',
  both: 'your phone number and e-mail address',
};

/**
 * To the person whose details someone just sent to the waitlist form again, when that client was
 * answered "check your e-mail" instead of "already registered" (#36). Data: `details` ("phone",
 * "email" or "both") and `personalUrl`.
 */
export function waitlistJoinAttempt(
  to: MailRecipient,
  data: Readonly<Record<string, string>>,
): MailContent {
  const details = DETAILS[data.details ?? ''];
  if (details === undefined) throw new MailTemplateError('details must be phone, email or both');
  return {
    subject: `Someone tried to join the ${BRAND.name} waitlist with your details`,
    greetingName: to.name,
    blocks: [
      {
        type: 'paragraph',
        text: `Someone just sent the ${BRAND.name} waitlist form with ${details}, which are already on the list with your entry. Nothing changed: your entry and your place stay as they are, and nobody was shown your details.`,
      },
      {
        type: 'small',
        text: 'Was it you? There is nothing to do: you are on the list already. Not you? You can ignore this e-mail.',
      },
      personalPageBlock(data),
    ],
  };
}
