import { Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { ContactEmails } from '../../../application/ports/contact-emails.js';
import type { ContactEmail } from '../../../domain/contact-email.js';

export const CONTACT_EMAILS_COLLECTION = 'account_contact_emails';

/** An account's contact address and the change it waits to confirm. */
@Schema({
  collection: CONTACT_EMAILS_COLLECTION,
  versionKey: false,
  autoIndex: false,
  autoCreate: false,
})
export class ContactEmailRecord {
  /** The account's id: one small record per account, read by its key. */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String })
  email!: string | null;

  @Prop({ type: Object })
  pending?: { email: string; requestedAt: Date } | null;

  @Prop({ type: Date })
  confirmedAt?: Date | null;
}

export const ContactEmailSchema = SchemaFactory.createForClass(ContactEmailRecord);

function toContactEmail(document: ContactEmailRecord): ContactEmail {
  return {
    accountId: document._id,
    email: document.email,
    pending: document.pending ?? undefined,
    confirmedAt: document.confirmedAt ?? undefined,
  };
}

/** Contact addresses in their own keyed collection (creators' and brands' alike). */
@Injectable()
export class MongoContactEmails extends ContactEmails {
  constructor(
    @InjectModel(ContactEmailRecord.name) private readonly records: Model<ContactEmailRecord>,
  ) {
    super();
  }

  async find(accountId: string): Promise<ContactEmail | undefined> {
    const document = await this.records.findById(accountId).lean<ContactEmailRecord>().exec();
    return document ? toContactEmail(document) : undefined;
  }

  async requestChange(accountId: string, email: string, requestedAt: Date): Promise<void> {
    await this.records
      .updateOne(
        { _id: accountId },
        { $set: { pending: { email, requestedAt } }, $setOnInsert: { email: null } },
        { upsert: true },
      )
      .exec();
  }

  async confirm(
    accountId: string,
    requestedAt: Date,
    at: Date,
  ): Promise<{ previous: string | null; email: string } | undefined> {
    const before = await this.records
      .findOne({ _id: accountId, 'pending.requestedAt': requestedAt })
      .lean<ContactEmailRecord>()
      .exec();
    const pending = before?.pending;
    if (!before || !pending) return undefined;
    // The filter names the request: a newer request (or a second confirmation) matches nothing.
    const switched = await this.records
      .updateOne(
        { _id: accountId, 'pending.requestedAt': requestedAt },
        { $set: { email: pending.email, pending: null, confirmedAt: at } },
      )
      .exec();
    if (switched.modifiedCount !== 1) return undefined;
    return { previous: before.email, email: pending.email };
  }
}
