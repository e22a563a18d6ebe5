import { BRAND } from '../brand.js';
import { type MailContent, required, singleLine } from '../mail-template.js';
import type { MailRecipient } from '../outgoing-mail.js';

/**
 * `account-erased` (#41): the receipt of an account's erasure, sent to its contact address just
 * before the address itself is erased. Data: `kept` (one kept record a line: what — why — until
 * when). The stored copy forgets its recipient once sent.
 */
export function accountErased(
  to: MailRecipient,
  data: Readonly<Record<string, string>>,
): MailContent {
  const kept = required(data, 'kept').split('\n').map(singleLine).filter(Boolean);
  return {
    subject: `Your ${BRAND.name} account was erased`,
    greetingName: to.name,
    blocks: [
      {
        type: 'paragraph',
        text: `As you asked, we erased your ${BRAND.name} account: your profile, contact address, nominee, sessions, notifications and, for creators, your media kit and payout profile. You will get no more notices from us. What the law makes us keep, why and until when:`,
      },
      ...kept.map((line) => ({ type: 'small' as const, text: line })),
      {
        type: 'small',
        text: 'You can open a new account at any time; it starts empty.',
      },
    ],
  };
}
