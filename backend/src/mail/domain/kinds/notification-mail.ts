import { httpUrl, type MailContent, required } from '../mail-template.js';
import type { MailRecipient } from '../outgoing-mail.js';

/**
 * `notification` (#39): a notice of the notification pipeline, its words written there. Data:
 * `title` (the subject), `body`, `actionLabel`, `actionUrl`; for reminders `unsubscribeUrl`
 * (one-click unsubscribe, RFC 8058, also in the footer); optional `linkWorksUntil`: a brand whose
 * money link (mailed earlier) still works is pointed to it instead of a button (no second link is
 * minted, #36 L4).
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
      ...(data.linkWorksUntil === undefined
        ? ([
            { type: 'button', label: required(data, 'actionLabel'), url: actionUrl },
            {
              type: 'link',
              text: 'If the button does not work, open this address:',
              url: actionUrl,
            },
          ] as const)
        : ([
            {
              type: 'paragraph',
              text: `Open the deal with the link to its payments from our earlier e-mail to you (the signed contract's, or a fresh link you asked for): it works until ${data.linkWorksUntil}. If you cannot find it, open any link of this deal and ask for a fresh one.`,
            },
          ] as const)),
      ...(unsubscribeUrl === undefined
        ? []
        : [
            { type: 'link' as const, text: 'Stop these reminders by e-mail:', url: unsubscribeUrl },
          ]),
    ],
    ...(unsubscribeUrl !== undefined && { listUnsubscribeUrl: unsubscribeUrl }),
  };
}
