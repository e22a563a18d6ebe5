import { BRAND } from '../brand.js';
import { confirmationLinkOf, httpUrl, type MailContent, required } from '../mail-template.js';
import type { MailRecipient } from '../outgoing-mail.js';

/**
 * `contact-email-confirmation` (#41). Data: `confirmUrl`, `expiresInHours`. Sent to the NEW
 * address, which the account has not confirmed: it carries only the link that confirms it.
 */
export function contactEmailConfirmation(
  to: MailRecipient,
  data: Readonly<Record<string, string>>,
): MailContent {
  const { confirmUrl, expiresInHours } = confirmationLinkOf(data);
  return {
    subject: `Confirm your new contact e-mail for ${BRAND.name}`,
    greetingName: to.name,
    blocks: [
      {
        type: 'paragraph',
        text: `You asked ${BRAND.name} to send your account's notices to this address. Nothing changes until you confirm it.`,
      },
      { type: 'button', label: 'Use this address', url: confirmUrl },
      { type: 'small', text: `The link works once and expires in ${expiresInHours} hours.` },
      { type: 'link', text: 'If the button does not work, open this address:', url: confirmUrl },
      {
        type: 'small',
        text: 'Did not ask for this? Ignore this e-mail: nothing changes without it.',
      },
    ],
  };
}

/**
 * `contact-email-changed` (#41): the notice to the OLD address once a new one is confirmed. Data:
 * `newEmail` (masked), `securityUrl` (Settings → Security, to sign out other sessions).
 */
export function contactEmailChanged(
  to: MailRecipient,
  data: Readonly<Record<string, string>>,
): MailContent {
  const securityUrl = httpUrl(data.securityUrl, 'securityUrl');
  return {
    subject: `Your ${BRAND.name} contact e-mail was changed`,
    greetingName: to.name,
    blocks: [
      {
        type: 'paragraph',
        text: `Your ${BRAND.name} account's notices now go to ${required(data, 'newEmail')}, confirmed from that mailbox. This address gets none from now on.`,
      },
      {
        type: 'paragraph',
        text: 'Was it not you? Sign out every other session and tell us at once.',
      },
      { type: 'button', label: 'Review where you are signed in', url: securityUrl },
      { type: 'link', text: 'If the button does not work, open this address:', url: securityUrl },
    ],
  };
}

/**
 * `new-sign-in` (#41): a sign-in from a browser the account never used. Data: `device` ("Firefox
 * on Linux"), `at` (when, India time), `securityUrl`.
 */
export function newSignIn(to: MailRecipient, data: Readonly<Record<string, string>>): MailContent {
  const securityUrl = httpUrl(data.securityUrl, 'securityUrl');
  return {
    subject: `New sign-in to your ${BRAND.name} account`,
    greetingName: to.name,
    blocks: [
      {
        type: 'paragraph',
        text: `Your ${BRAND.name} account was signed in from ${required(data, 'device')} on ${required(data, 'at')}, a browser it had not been used from before.`,
      },
      {
        type: 'paragraph',
        text: 'Was it you? Then nothing needs doing. If not, sign that session out and tell us at once.',
      },
      { type: 'button', label: 'Review where you are signed in', url: securityUrl },
      { type: 'link', text: 'If the button does not work, open this address:', url: securityUrl },
    ],
  };
}

/**
 * `support-request-received` (#41): the confirmation of a request to support. Data: `subject`,
 * `reference` (the request's id), `kind` (`grievance` for a grievance: this mail is its
 * acknowledgement and names the time it is resolved in; else a question).
 */
export function supportRequestReceived(
  to: MailRecipient,
  data: Readonly<Record<string, string>>,
): MailContent {
  const subject = required(data, 'subject');
  const isGrievance = data.kind === 'grievance';
  return {
    subject: `We have your ${isGrievance ? 'grievance' : 'question'}: ${subject}`,
    greetingName: to.name,
    blocks: [
      {
        type: 'paragraph',
        text: isGrievance
          ? `${BRAND.name}'s grievance officer has your grievance "${subject}": this e-mail acknowledges it, and we will resolve it within 15 days and answer you by e-mail.`
          : `${BRAND.name} support has your request "${subject}" and will answer it by e-mail.`,
      },
      { type: 'small', text: `Your reference: ${required(data, 'reference')}.` },
    ],
  };
}
