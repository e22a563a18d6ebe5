import { DomainError } from '../../common/domain/domain.error.js';
import { BRAND } from './brand.js';
import { escapeHtml } from '../../common/domain/escape-html.js';

/**
 * One template per message kind, written once as blocks; `renderMail` turns the same blocks into
 * the plain-text part and the HTML part, so the two never say different things. Every value is
 * escaped where it is placed (HTML text and attributes); links must be http(s). No images, no
 * remote resources, no tracking of any kind.
 *
 * Hand-written rather than a template engine: four block types and one escape function are
 * smaller and easier to audit than an engine's escaping rules, and keep domain/ dependency-free.
 */
export type MailBlock =
  | { readonly type: 'paragraph'; readonly text: string }
  | { readonly type: 'button'; readonly label: string; readonly url: string }
  | { readonly type: 'link'; readonly text: string; readonly url: string }
  | { readonly type: 'small'; readonly text: string };

export interface MailContent {
  readonly subject: string;
  /** The name the greeting uses ("Hi Asha,"). */
  readonly greetingName: string;
  readonly blocks: readonly MailBlock[];
  /** One-click unsubscribe (RFC 8058): sent as List-Unsubscribe and List-Unsubscribe-Post. */
  readonly listUnsubscribeUrl?: string;
}

export interface RenderedMail {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly listUnsubscribeUrl?: string;
}

export interface MailFooter {
  readonly supportEmail: string;
}

/** The stored data does not fit the kind's template: a permanent failure, never retried. */
export class MailTemplateError extends DomainError {
  readonly code = 'MAIL_TEMPLATE_INVALID';
}

/**
 * Control characters (CR, LF, tab, …), Unicode line/paragraph separators and invisible
 * formatting characters (zero-width, bidi overrides) become one space: a name can neither
 * break a header line nor disguise what the message says.
 */
const UNSAFE_IN_A_LINE =
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]+/g;

export function singleLine(value: string): string {
  return value.replace(UNSAFE_IN_A_LINE, ' ').replace(/ {2,}/g, ' ').trim();
}

/** An absolute http(s) URL, or a MailTemplateError naming the variable. */
export function httpUrl(value: string | undefined, variable: string): string {
  if (value === undefined || !URL.canParse(value)) {
    throw new MailTemplateError(`${variable} must be an absolute URL`);
  }
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new MailTemplateError(`${variable} must be an http(s) URL`);
  }
  return url.href;
}

export function required(data: Readonly<Record<string, string>>, variable: string): string {
  const value = data[variable];
  if (value === undefined || value.trim() === '') {
    throw new MailTemplateError(`${variable} is required`);
  }
  return value;
}

/** A count of hours or days for the text ("expires in 72 hours"): digits only, at most four. */
export function wholeNumber(
  data: Readonly<Record<string, string>>,
  variable: string,
  unit: 'hours' | 'days',
): string {
  const value = required(data, variable);
  if (!/^\d{1,4}$/.test(value)) {
    throw new MailTemplateError(`${variable} must be a whole number of ${unit}`);
  }
  return value;
}

/** A confirmation mail's one-use link (`confirmUrl`) and its life (`expiresInHours`). */
export function confirmationLinkOf(data: Readonly<Record<string, string>>): {
  readonly confirmUrl: string;
  readonly expiresInHours: string;
} {
  return {
    confirmUrl: httpUrl(data.confirmUrl, 'confirmUrl'),
    expiresInHours: wholeNumber(data, 'expiresInHours', 'hours'),
  };
}

function footerLines(footer: MailFooter): string[] {
  return [
    BRAND.about,
    `Questions? Write to ${footer.supportEmail} or simply reply to this e-mail.`,
    `${BRAND.name} — ${BRAND.tagline}`,
  ];
}

function textOf(block: MailBlock): string {
  switch (block.type) {
    case 'paragraph':
    case 'small':
      return block.text;
    case 'button':
      return `${block.label}:\n${block.url}`;
    case 'link':
      return `${block.text}\n${block.url}`;
  }
}

const STYLE = {
  body: 'margin:0;padding:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b',
  card: 'max-width:560px;margin:0 auto;padding:32px 24px;background:#ffffff',
  brand: 'margin:0 0 24px;font-size:22px;font-weight:bold;color:#15803d',
  paragraph: 'margin:0 0 16px;font-size:16px;line-height:24px',
  button:
    'display:inline-block;padding:12px 24px;background:#15803d;color:#ffffff;font-weight:bold;text-decoration:none;border-radius:6px',
  small: 'margin:0 0 16px;font-size:13px;line-height:20px;color:#52525b',
  footer:
    'max-width:560px;margin:0 auto;padding:16px 24px;font-size:12px;line-height:18px;color:#71717a',
} as const;

function htmlOf(block: MailBlock): string {
  switch (block.type) {
    case 'paragraph':
      return `<p style="${STYLE.paragraph}">${escapeHtml(block.text)}</p>`;
    case 'small':
      return `<p style="${STYLE.small}">${escapeHtml(block.text)}</p>`;
    case 'button':
      return `<p style="${STYLE.paragraph}"><a href="${escapeHtml(block.url)}" style="${STYLE.button}">${escapeHtml(block.label)}</a></p>`;
    case 'link':
      return `<p style="${STYLE.small}">${escapeHtml(block.text)}<br><a href="${escapeHtml(block.url)}">${escapeHtml(block.url)}</a></p>`;
  }
}

export function renderMail(content: MailContent, footer: MailFooter): RenderedMail {
  const subject = singleLine(content.subject);
  const greeting = `Hi ${singleLine(content.greetingName)},`;
  const text = [greeting, ...content.blocks.map(textOf), '—', ...footerLines(footer)].join('\n\n');
  const html = [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(subject)}</title>`,
    '</head>',
    `<body style="${STYLE.body}">`,
    `<main style="${STYLE.card}">`,
    `<p style="${STYLE.brand}">${escapeHtml(BRAND.name)}</p>`,
    `<p style="${STYLE.paragraph}">${escapeHtml(greeting)}</p>`,
    ...content.blocks.map(htmlOf),
    '</main>',
    `<footer style="${STYLE.footer}">`,
    ...footerLines(footer).map(
      (line) =>
        `<p style="margin:0 0 8px">${escapeHtml(line).replace(
          escapeHtml(footer.supportEmail),
          `<a href="mailto:${escapeHtml(footer.supportEmail)}">${escapeHtml(footer.supportEmail)}</a>`,
        )}</p>`,
    ),
    '</footer>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
  return {
    subject,
    text: `${text}\n`,
    html,
    ...(content.listUnsubscribeUrl !== undefined && {
      listUnsubscribeUrl: httpUrl(content.listUnsubscribeUrl, 'listUnsubscribeUrl'),
    }),
  };
}
