import { BRAND } from '../brand.js';
import { confirmationLinkOf, type MailContent } from '../mail-template.js';
import type { MailRecipient } from '../outgoing-mail.js';

/**
 * Data: `confirmUrl`, `expiresInHours`. Sent to the NEW address, which the entry has not
 * confirmed: it carries only the link that confirms the change, never a link to the person's page
 * (whoever reads a mistyped address must not get the entry).
 */
export function emailChangeConfirmation(
  to: MailRecipient,
  data: Readonly<Record<string, string>>,
): MailContent {
  const { confirmUrl, expiresInHours } = confirmationLinkOf(data);
  return {
    subject: `Confirm your new e-mail address for the ${BRAND.name} waitlist`,
    greetingName: to.name,
    blocks: [
      {
        type: 'paragraph',
        text: `You asked to use this address for your place on the ${BRAND.name} waitlist. Your place keeps its old address until you confirm this one.`,
      },
      { type: 'button', label: 'Use this address', url: confirmUrl },
      {
        type: 'small',
        text: `The link works once and expires in ${expiresInHours} hours.`,
      },
      { type: 'link', text: 'If the button does not work, open this address:', url: confirmUrl },
      {
        type: 'small',
        text: 'Did not ask for this? Ignore this e-mail: nothing changes without it.',
      },
    ],
  };
}
