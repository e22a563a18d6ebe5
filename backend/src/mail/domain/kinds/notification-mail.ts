import { httpUrl, type MailContent, required } from '../mail-template.js';
import type { MailRecipient } from '../outgoing-mail.js';

/**
 * `notification` (#39): a notice of the notification pipeline, its words written there. Data:
 * `title` (the subject), `body`, `actionLabel`, `actionUrl`; for reminders `unsubscribeUrl`
 * (one-click unsubscribe, RFC 8058, also in the footer).
 */
export function notification(
  to: MailRecipient,
  data: Readonly<Record<string, string>>,
): MailContent {
  const actionUrl = httpUrl(data.actionUrl, 'actionUrl');
  const unsubscribeUrl =
    data.unsubscribeUrl === undefined ? undefined : httpUrl(data.unsubscribeUrl, 'unsubscribeUrl');
  return {
    subject: required(data, 'title'),
    greetingName: to.name,
    blocks: [
      { type: 'paragraph', text: required(data, 'body') },
      { type: 'button', label: required(data, 'actionLabel'), url: actionUrl },
      { type: 'link', text: 'If the button does not work, open this address:', url: actionUrl },
      ...(unsubscribeUrl === undefined
        ? []
        : [
            { type: 'link' as const, text: 'Stop these reminders by e-mail:', url: unsubscribeUrl },
          ]),
    ],
    ...(unsubscribeUrl !== undefined && { listUnsubscribeUrl: unsubscribeUrl }),
  };
}
