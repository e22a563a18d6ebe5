/**
 * The creator as the supplier on their invoices: the name (the payout profile's legal name once
 * it has one, else the account's name), the address if known, and an e-mail. The GSTIN comes from
 * the deal's terms. A port of the invoices module: the payout profile's contract does not offer
 * a name or an address (yet).
 */
export abstract class InvoiceSuppliers {
  abstract supplierOf(
    creatorId: string,
  ): Promise<{ name: string; address: string | null; email: string } | undefined>;
}
