import { Injectable } from '@nestjs/common';
import { UserRepository } from '../../users/index.js';
import { InvoiceSuppliers } from '../application/ports/invoice-suppliers.js';

/** The creator as supplier, from their account (the payout profile offers no address yet). */
@Injectable()
export class UsersInvoiceSuppliers extends InvoiceSuppliers {
  constructor(private readonly users: UserRepository) {
    super();
  }

  async supplierOf(
    creatorId: string,
  ): Promise<{ name: string; address: string | null; email: string } | undefined> {
    const user = await this.users.findById(creatorId);
    return user ? { name: user.displayName, address: null, email: user.email } : undefined;
  }
}
