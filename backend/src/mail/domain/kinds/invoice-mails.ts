import { BRAND } from '../brand.js';
import { type MailContent, required } from '../mail-template.js';
import type { MailRecipient } from '../outgoing-mail.js';

/**
 * `invoice-issued` to the brand once a creator's invoice for a released milestone is issued, the
 * PDF attached. Data: `creatorName`, `invoiceNumber`, `dealTitle`, `milestoneName`, `total`.
 */
export function invoiceIssued(
  to: MailRecipient,
  data: Readonly<Record<string, string>>,
): MailContent {
  const creatorName = required(data, 'creatorName');
  const invoiceNumber = required(data, 'invoiceNumber');
  const dealTitle = required(data, 'dealTitle');
  const milestoneName = required(data, 'milestoneName');
  const total = required(data, 'total');
  return {
    subject: `Invoice ${invoiceNumber} from ${creatorName}`,
    greetingName: to.name,
    blocks: [
      {
        type: 'paragraph',
        text: `${creatorName} has issued invoice ${invoiceNumber} for "${milestoneName}" of "${dealTitle}" on ${BRAND.name}, for ${total}. The invoice is attached as a PDF.`,
      },
      {
        type: 'small',
        text: 'If you deduct TDS on this payment, you can record the amount and the certificate number against the invoice from your review link.',
      },
    ],
  };
}
