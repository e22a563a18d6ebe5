/**
 * Characters that make a spreadsheet read a cell as a formula (CSV injection, OWASP): = + - @,
 * and tab / carriage return, which some spreadsheets skip before looking for them.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell safe to open in a spreadsheet: one that would start a formula gets a leading
 * apostrophe, which spreadsheets display as text and hide. Everything else is kept as it is;
 * quoting of commas, quotes and line breaks is the CSV writer's job.
 */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}
