/**
 * The per-creator, per-financial-year serial counter (ADR 0047). `allocate` gives the invoice its
 * serial exactly once: the next number after the highest taken, inserted against a unique index on
 * (creator, year, serial) and one on the invoice; a refused insert tries the next number (or
 * returns the serial the invoice already has), so serials are consecutive, never reused.
 */
export abstract class InvoiceSerials {
  abstract allocate(
    invoiceId: string,
    creatorId: string,
    financialYear: string,
  ): Promise<{ financialYear: string; serial: number }>;
}
