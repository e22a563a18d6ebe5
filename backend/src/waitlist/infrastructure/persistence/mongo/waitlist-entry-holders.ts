import mongoose, { type Model } from 'mongoose';
import type { EmailAddress } from '../../../domain/email-address.js';
import type { IndianMobileNumber } from '../../../domain/indian-mobile-number.js';
import type { WaitlistEntry } from '../../../domain/waitlist-entry.js';
import {
  EmailAlreadyRegisteredError,
  PhoneAlreadyRegisteredError,
} from '../../../domain/waitlist.errors.js';
import type { SerialQueue } from './serial-queue.js';
import type { WaitlistEntryRecord } from './waitlist-entry.schema.js';

/**
 * Who holds a phone or an e-mail address on the entries' unique indexes, asked after a write the
 * index refused; a bot's trapped entry in a person's way is removed instead (#28). Writes go
 * through the repository's queue.
 */
export class WaitlistEntryHolders {
  constructor(
    private readonly model: Model<WaitlistEntryRecord>,
    private readonly writes: SerialQueue,
  ) {}

  /**
   * Removes trapped (bot) entries other than `id` holding this phone or address; answers whether
   * any went. Their link tokens are left to expire: they open nothing (a trapped entry's never do).
   */
  async freeFromTrapped(
    id: string,
    values: { readonly phone?: IndianMobileNumber; readonly email?: EmailAddress },
  ): Promise<boolean> {
    const held = [
      ...(values.phone ? [{ phone: values.phone.national }] : []),
      ...(values.email ? [{ email: values.email.value }] : []),
    ];
    let freed = false;
    // One field at a time, each on its unique index; only a trapped holder costs a write.
    for (const field of held) {
      const holder = await this.model.collection.findOne(field, {
        projection: { _id: 1, trapped: 1 },
      });
      if (holder?.trapped !== true || holder._id.toHexString() === id) continue;
      const { deletedCount } = await this.writes.run(() =>
        this.model.collection.deleteOne({ _id: holder._id, trapped: true }),
      );
      freed = freed || deletedCount > 0;
    }
    return freed;
  }

  /** Whether an entry other than `id` holds this phone or address. */
  async heldByAnother(id: string, field: { phone: string } | { email: string }) {
    const holder = await this.model
      .exists({ ...field, _id: { $ne: new mongoose.Types.ObjectId(id) } })
      .exec();
    return holder !== null;
  }

  /**
   * After a refused insert: throws that the phone or the address is taken, unless a bot's entry
   * held it and went.
   *
   * One field at a time: FerretDB scans for these, and a single-field filter scans faster. The
   * phone is looked up again after an e-mail is found: the same person's entry, stored by another
   * process between the two lookups, would otherwise be reported as an e-mail already registered.
   *
   * A bot's trapped entry never keeps a person's phone or address (#28): a holder that is one is
   * removed instead, and the caller tries its insert again.
   */
  async rejectIfAlreadyRegistered(entry: WaitlistEntry): Promise<void> {
    const holderOf = (field: { phone: string } | { email: string }) =>
      this.model.collection.findOne(field, { projection: { _id: 1, trapped: 1 } });
    const phoneHolder = await holderOf({ phone: entry.phone.national });
    if (phoneHolder) {
      if (await this.freedFromBot(entry, phoneHolder)) return;
      throw new PhoneAlreadyRegisteredError();
    }
    const emailHolder = await holderOf({ email: entry.email.value });
    if (emailHolder) {
      if (await this.freedFromBot(entry, emailHolder)) return;
      if (await holderOf({ phone: entry.phone.national })) throw new PhoneAlreadyRegisteredError();
      throw new EmailAlreadyRegisteredError();
    }
  }

  /** Removes a trapped holder in a person's way; answers whether it went. */
  private async freedFromBot(
    entry: WaitlistEntry,
    holder: { _id: mongoose.Types.ObjectId; trapped?: boolean },
  ): Promise<boolean> {
    if (entry.trapped || holder.trapped !== true) return false;
    const { deletedCount } = await this.writes.run(() =>
      this.model.collection.deleteOne({ _id: holder._id, trapped: true }),
    );
    return deletedCount > 0;
  }
}
