/**
 * How many characters a text has, counted as Unicode code points: an emoji or a rare script's
 * letter is one character, as people count them (and as JSON Schema's lengths count them), not
 * the two UTF-16 units `String.length` would count.
 */
export function characterCount(text: string): number {
  // eslint-disable-next-line @typescript-eslint/no-misused-spread -- code points are the count wanted
  return [...text].length;
}

/**
 * Control (Cc) and format (Cf) characters: NUL, CR/LF inside a value, zero-width spaces and
 * joiners, the soft hyphen, bidi overrides. Invisible on screen, they make two spellings of one
 * address look the same, or a name read differently than it is stored.
 */
const INVISIBLE_OR_CONTROL = /[\p{Cc}\p{Cf}]/u;

export function hasInvisibleOrControlCharacters(text: string): boolean {
  return INVISIBLE_OR_CONTROL.test(text);
}

/**
 * The Basic Multilingual Plane's Cc and Cf characters as regex class ranges, for the API
 * contract's patterns (JSON Schema patterns have no \p{…} that every tool reads). The domain checks
 * with \p{Cc}\p{Cf} itself, which also covers the few format characters beyond U+FFFF.
 */
export const BMP_INVISIBLE_OR_CONTROL_RANGES = String.raw`\u0000-\u001f\u007f-\u009f\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb`;
