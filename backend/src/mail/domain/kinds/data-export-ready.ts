import { BRAND } from '../brand.js';
import { httpUrl, type MailContent, required } from '../mail-template.js';
import type { MailRecipient } from '../outgoing-mail.js';

/**
 * `data-export-ready` (#41): the copy of the person's data they asked for is prepared. Data:
 * `until` (the last day it can be downloaded, in words), `dataUrl` (Settings → Data & privacy,
 * where the signed-in person downloads it: the mail itself carries no download link).
 */
export function dataExportReady(
  to: MailRecipient,
  data: Readonly<Record<string, string>>,
): MailContent {
  const dataUrl = httpUrl(data.dataUrl, 'dataUrl');
  return {
    subject: `Your ${BRAND.name} data is ready to download`,
    greetingName: to.name,
    blocks: [
      {
        type: 'paragraph',
        text: `The copy of your ${BRAND.name} data you asked for is ready. Sign in and download it from Settings → Data & privacy until ${required(data, 'until')}; after that it is deleted.`,
      },
      { type: 'button', label: 'Download my data', url: dataUrl },
      { type: 'link', text: 'If the button does not work, open this address:', url: dataUrl },
      {
        type: 'small',
        text: 'If you did not ask for it, someone may be signed in to your account: check Settings → Security.',
      },
    ],
  };
}
