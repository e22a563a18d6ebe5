/** One cell of an exported table: what JSON and CSV both hold as they are. */
export type Cell = string | number | boolean | null;

/** One file pair of "Download my data": `<name>.json` and `<name>.csv`. */
export interface DataTable {
  readonly name: string;
  /** One line for the archive's README: what the table is. */
  readonly about: string;
  readonly rows: readonly Readonly<Record<string, Cell>>[];
}

/** A file the archive carries as it is (an invoice's PDF), under `path`. */
export interface DataFile {
  readonly path: string;
  readonly bytes: Uint8Array;
}

/** Where the data went outside Paylock (docs/privacy.md): listed in every archive. */
export const PROCESSORS: readonly string[] = [
  'Razorpay (payments and payouts: deal money, payout details)',
  'The mail provider (SMTP relay: every e-mail Paylock sends you)',
  'The SMS provider (sign-in codes and notices of brand accounts)',
];

export const iso = (date: Date | null | undefined): string | null =>
  date ? date.toISOString() : null;
