import { BRAND } from '../brand.js';
import { httpUrl, type MailContent, required } from '../mail-template.js';
import type { MailRecipient } from '../outgoing-mail.js';

/**
 * `support-request-answered` (#41): support's answer to a person's request. Data: `subject`,
 * `reference` (the request's id), `answer`, `helpUrl` (Settings → Help & support).
 */
export function supportRequestAnswered(
  to: MailRecipient,
  data: Readonly<Record<string, string>>,
): MailContent {
  const helpUrl = httpUrl(data.helpUrl, 'helpUrl');
  return {
    subject: `Our answer: ${required(data, 'subject')}`,
    greetingName: to.name,
    blocks: [
      {
        type: 'paragraph',
        text: `${BRAND.name} support answered your request "${required(data, 'subject')}":`,
      },
      { type: 'paragraph', text: required(data, 'answer') },
      { type: 'button', label: 'See your requests', url: helpUrl },
      { type: 'link', text: 'If the button does not work, open this address:', url: helpUrl },
      { type: 'small', text: `Your reference: ${required(data, 'reference')}.` },
    ],
  };
}
