import { characterCount } from '../../waitlist/waitlist.contract.js';
import { DEAL_LIMITS } from '@paylock/deal-limits';
import { InvalidDealError } from './deal.errors.js';

/** Control (Cc) and format (Cf) characters: NUL, BEL, zero-width ones, bidi overrides and isolates. */
const CONTROL_OR_INVISIBLE = /[\p{Cc}\p{Cf}]/u;
/** The same, less the tab and line break a multi-line text (a brief, a comment) may keep. */
const CONTROL_OR_INVISIBLE_IN_LINES = /(?![\t\n])[\p{Cc}\p{Cf}]/u;
/** Runs of spaces (any Unicode space separator), kept as one plain space. */
const SPACES = /\p{Zs}+/gu;

/** How a deal text is checked: its length in characters (code points), and whether lines may break. */
export interface DealTextRule {
  readonly max: number;
  /** At least this many characters (once trimmed); a required text has at least one. */
  readonly min?: number;
  readonly required: boolean;
  readonly multiline?: boolean;
}

/** A deal text as stored (trimmed, runs of spaces collapsed, line breaks as \n), and its problem. */
export interface CheckedDealText {
  readonly text: string;
  readonly problem?: string;
}

/**
 * The deal texts' one rule, for the terms and for every text a party types on a deal (the
 * click-wrap name, a comment, a reason): trimmed, runs of spaces collapsed, lengths in characters,
 * and no control or invisible characters (a name must read as it is stored; a single-line text
 * has no line breaks either). Returns the text as stored and the field's problem, if any.
 */
export function checkDealText(field: string, value: unknown, rule: DealTextRule): CheckedDealText {
  if (typeof value !== 'string') {
    if (value !== undefined && value !== null) {
      return { text: '', problem: `${field} must be a string` };
    }
    return rule.required ? { text: '', problem: `${field} is required` } : { text: '' };
  }
  const lines = rule.multiline ? value.replace(/\r\n?/g, '\n') : value;
  const text = lines.replace(SPACES, ' ').trim();
  const length = characterCount(text);
  const { min = rule.required ? 1 : 0, max } = rule;
  if (rule.required && text === '') return { text, problem: `${field} is required` };
  if (text !== '' && min > 1 && (length < min || length > max)) {
    return { text, problem: `${field} must be ${String(min)} to ${String(max)} characters` };
  }
  if (length > max) return { text, problem: `${field} must be at most ${String(max)} characters` };
  const forbidden = rule.multiline ? CONTROL_OR_INVISIBLE_IN_LINES : CONTROL_OR_INVISIBLE;
  if (forbidden.test(text)) {
    return { text, problem: `${field} must not contain control or invisible characters` };
  }
  return { text };
}

/** The texts a party types on a deal besides its terms, under the same rule. */
export const TYPED_TEXT_RULES = {
  /** The click-wrap signature: the name as the contract's audit trail shows it. */
  fullName: { max: DEAL_LIMITS.fullName, required: true },
  /** The brand's request for changes. */
  comment: { max: DEAL_LIMITS.comment, required: true, multiline: true },
  /** Why the brand declined (optional). */
  declineReason: { max: DEAL_LIMITS.comment, required: false, multiline: true },
} as const satisfies Record<string, DealTextRule>;

/** checkDealText, throwing InvalidDealError naming `field` when the text breaks the rule. */
export function parseDealText(field: string, value: unknown, rule: DealTextRule): string {
  const { text, problem } = checkDealText(field, value, rule);
  if (problem !== undefined) throw new InvalidDealError({ [field]: problem });
  return text;
}
