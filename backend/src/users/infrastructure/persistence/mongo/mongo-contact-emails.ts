import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection, Connection } from 'mongoose';
import { ContactEmails } from '../../../application/ports/contact-emails.js';
import type { ContactEmail } from '../../../domain/contact-email.js';

export const CONTACT_EMAILS_COLLECTION = 'account_contact_emails';

interface ContactEmailDocument {
  /** The account's id: one small record per account, read by its key. */
  _id: string;
  email: string | null;
  pending?: { email: string; requestedAt: Date } | null;
  confirmedAt?: Date | null;
}

function toContactEmail(document: ContactEmailDocument): ContactEmail {
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
  private readonly records: Collection<ContactEmailDocument>;

  constructor(@InjectConnection() connection: Connection) {
    super();
    this.records = connection.collection<ContactEmailDocument>(CONTACT_EMAILS_COLLECTION);
  }

  async find(accountId: string): Promise<ContactEmail | undefined> {
    const document = await this.records.findOne({ _id: accountId });
    return document ? toContactEmail(document) : undefined;
  }

  async requestChange(accountId: string, email: string, requestedAt: Date): Promise<void> {
    await this.records.updateOne(
      { _id: accountId },
      { $set: { pending: { email, requestedAt } }, $setOnInsert: { email: null } },
      { upsert: true },
    );
  }

  async confirm(
    accountId: string,
    requestedAt: Date,
    at: Date,
  ): Promise<{ previous: string | null; email: string } | undefined> {
    const before = await this.records.findOne({
      _id: accountId,
      'pending.requestedAt': requestedAt,
    });
    const pending = before?.pending;
    if (!before || !pending) return undefined;
    // The filter names the request: a newer request (or a second confirmation) matches nothing.
    const switched = await this.records.updateOne(
      { _id: accountId, 'pending.requestedAt': requestedAt },
      { $set: { email: pending.email, pending: null, confirmedAt: at } },
    );
    if (switched.modifiedCount !== 1) return undefined;
    return { previous: before.email, email: pending.email };
  }
}
