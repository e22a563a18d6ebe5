import { formatRupees } from '../../deals/deals.contract.js';
import type { NotificationKind } from './notification.js';
import type { NoticeFacts } from './notice-words.js';
import { istDateTime } from './quiet-hours.js';

/** The variables a notice template may carry, by name (MSG91: `##name##` in the flow). */
export type SmsVariable = 'milestone' | 'deal' | 'amount' | 'approvesAt' | 'link';

/**
 * A DLT-style template (India: every business SMS must match a template registered with the
 * operator's DLT platform): its name (the key of its provider id in SMS_NOTICE_TEMPLATE_IDS), the
 * text to register with one `{#var#}` per variable, and the variables in the order they fill it.
 */
export interface SmsNoticeTemplate {
  readonly name: string;
  readonly text: string;
  readonly variables: readonly SmsVariable[];
}

/**
 * The moments that matter enough for an SMS (#39), one template each; the others go in-app and by
 * e-mail only. Only brands that signed in by phone get SMS. Registered as "Service Implicit".
 */
export const SMS_NOTICE_TEMPLATES: Readonly<Partial<Record<NotificationKind, SmsNoticeTemplate>>> =
  {
    funding_due: {
      name: 'funding_due',
      text: 'Paylock: fund {#var#} of {#var#} ({#var#}) so the creator can start: {#var#} - Paylock',
      variables: ['milestone', 'deal', 'amount', 'link'],
    },
    funding_reminder: {
      name: 'funding_reminder',
      text: 'Paylock reminder: {#var#} of {#var#} ({#var#}) still waits for your funding: {#var#} - Paylock',
      variables: ['milestone', 'deal', 'amount', 'link'],
    },
    work_submitted: {
      name: 'work_submitted',
      text: 'Paylock: work for {#var#} of {#var#} is ready. Review it; it approves itself on {#var#}: {#var#} - Paylock',
      variables: ['milestone', 'deal', 'approvesAt', 'link'],
    },
    approval_reminder: {
      name: 'approval_reminder',
      text: 'Paylock reminder: {#var#} of {#var#} approves itself on {#var#} and {#var#} is released. Review it: {#var#} - Paylock',
      variables: ['milestone', 'deal', 'approvesAt', 'amount', 'link'],
    },
    auto_approved: {
      name: 'auto_approved',
      text: 'Paylock: the approval window of {#var#} of {#var#} ended; it was approved automatically and {#var#} is released. - Paylock',
      variables: ['milestone', 'deal', 'amount'],
    },
    admin_nudge: {
      name: 'admin_nudge',
      text: 'Paylock: the Paylock team sent you a note about {#var#}. Read it: {#var#} - Paylock',
      variables: ['deal', 'link'],
    },
    support_answered: {
      name: 'support_answered',
      text: 'Paylock: our support team answered your request. Read the answer: {#var#} - Paylock',
      variables: ['link'],
    },
    data_export_ready: {
      name: 'data_export_ready',
      text: 'Paylock: the copy of your data you asked for is ready to download for 7 days: {#var#} - Paylock',
      variables: ['link'],
    },
    dispute_opened: {
      name: 'dispute_opened',
      text: 'Paylock: a dispute was opened on {#var#} of {#var#}. The money stays held until it is decided: {#var#} - Paylock',
      variables: ['milestone', 'deal', 'link'],
    },
  };

/** DLT caps a variable at 30 characters. */
export const SMS_VARIABLE_MAX_LENGTH = 30;

function capped(value: string): string {
  return value.length <= SMS_VARIABLE_MAX_LENGTH
    ? value
    : `${value.slice(0, SMS_VARIABLE_MAX_LENGTH - 1)}…`;
}

/** A template's variables from a notice's facts and its action link. */
export function smsVariablesOf(
  template: SmsNoticeTemplate,
  facts: NoticeFacts,
  link: string,
): Record<string, string> {
  const values: Record<SmsVariable, string> = {
    milestone: capped(facts.milestoneName),
    deal: capped(facts.dealTitle),
    amount: formatRupees(facts.amountPaise),
    approvesAt: facts.approvalDueAt === null ? 'window end' : istDateTime(facts.approvalDueAt),
    link,
  };
  return Object.fromEntries(template.variables.map((name) => [name, values[name]]));
}

/** The template's text as the phone shows it (for the docs and the tests). */
export function smsTextOf(template: SmsNoticeTemplate, variables: Record<string, string>): string {
  let index = 0;
  return template.text.replace(
    /\{#var#\}/g,
    () => variables[template.variables[index++] ?? ''] ?? '',
  );
}
