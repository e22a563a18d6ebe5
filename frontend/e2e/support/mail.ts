/**
 * Reading the e-mail the backend sent, from a Playwright spec: every stack has its own MailDev
 * (`stack.mail`), so a spec sees only its own messages.
 */
import type { MailDevInbox, ReceivedMail } from '../../../scripts/lib/maildev.ts';

export type { MailDevInbox, ReceivedMail };

/** Waits for the first message to `address` (optionally with this subject). */
export function waitForMail(
  inbox: MailDevInbox,
  address: string,
  options: { subject?: string; timeoutMs?: number } = {},
): Promise<ReceivedMail> {
  return inbox.waitForMailTo(address, options);
}

/** The first link in a message's plain-text part whose URL matches `pattern`. */
export function linkIn(mail: ReceivedMail, pattern: RegExp = /https?:\/\/\S+/): string {
  const links = (mail.text ?? '').match(/https?:\/\/\S+/g) ?? [];
  const link = links.find((candidate) => pattern.test(candidate));
  if (!link) throw new Error(`no link matching ${String(pattern)} in "${mail.subject}"`);
  return link;
}
