/**
 * How many characters a text has, counted as Unicode code points: an emoji or a rare script's
 * letter is one character, as people count them (and as JSON Schema's lengths count them), not
 * the two UTF-16 units `String.length` would count.
 */
export function characterCount(text: string): number {
  // eslint-disable-next-line @typescript-eslint/no-misused-spread -- code points are the count wanted
  return [...text].length;
}
