import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { ClaimOnce, claimCollectionOf, type FieldsOf } from '../../../../database/claim-once.js';
import { type AdminBinding, AdminBindings } from '../../../application/ports/admin-bindings.js';
import { AdminBindingRecord } from './admin-binding.schema.js';

/** Bindings in `admin_bindings`, claimed by an insert against the unique `_id`. */
@Injectable()
export class MongoAdminBindings extends AdminBindings {
  private readonly bindings: ClaimOnce<FieldsOf<AdminBindingRecord>>;

  constructor(@InjectModel(AdminBindingRecord.name) model: Model<AdminBindingRecord>) {
    super();
    this.bindings = new ClaimOnce<FieldsOf<AdminBindingRecord>>(model.db, claimCollectionOf(model));
  }

  async bind(email: string, binding: AdminBinding): Promise<AdminBinding> {
    const outcome = await this.bindings.claimOrFirst({
      _id: email,
      googleId: binding.googleId,
      ...(binding.hostedDomain !== undefined && { hostedDomain: binding.hostedDomain }),
      boundAt: new Date(),
    });
    if (outcome.won) return binding;
    return outcome.first ? toBinding(outcome.first) : binding;
  }

  async of(email: string): Promise<AdminBinding | undefined> {
    const found = await this.bindings.find(email);
    return found ? toBinding(found) : undefined;
  }
}

function toBinding(record: FieldsOf<AdminBindingRecord>): AdminBinding {
  return { googleId: record.googleId, hostedDomain: record.hostedDomain };
}
