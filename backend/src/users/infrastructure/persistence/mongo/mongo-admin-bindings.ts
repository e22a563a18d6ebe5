import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection, Connection } from 'mongoose';
import { insertedFirst } from '../../../../database/duplicate-key.js';
import { type AdminBinding, AdminBindings } from '../../../application/ports/admin-bindings.js';

interface AdminBindingDocument {
  /** The admin address: unique by nature, so the first binding wins. */
  _id: string;
  googleId: string;
  hostedDomain?: string;
  boundAt: Date;
}

/** Bindings in `admin_bindings`, claimed by an insert against the unique `_id`. */
@Injectable()
export class MongoAdminBindings extends AdminBindings {
  private readonly bindings: Collection<AdminBindingDocument>;

  constructor(@InjectConnection() connection: Connection) {
    super();
    this.bindings = connection.collection<AdminBindingDocument>('admin_bindings');
  }

  async bind(email: string, binding: AdminBinding): Promise<AdminBinding> {
    const claimed = await insertedFirst(() =>
      this.bindings.insertOne({
        _id: email,
        googleId: binding.googleId,
        ...(binding.hostedDomain !== undefined && { hostedDomain: binding.hostedDomain }),
        boundAt: new Date(),
      }),
    );
    if (claimed) return binding;
    return (await this.of(email)) ?? binding;
  }

  async of(email: string): Promise<AdminBinding | undefined> {
    const found = await this.bindings.findOne({ _id: email });
    return found ? { googleId: found.googleId, hostedDomain: found.hostedDomain } : undefined;
  }
}
