/**
 * In-memory fakes of the waitlist's ports (and of the outbox and link tokens it uses), for unit
 * tests of use cases only: they keep each port's promises (unique phone and e-mail, one seat per
 * entry, single-use tokens), nothing more. Never part of the production build.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../../src/common/application/clock.js';
import type { LinkPurpose, LinkTokenCheck, LinkTokenRequest } from '../../src/link-tokens/index.js';
import { LinkTokens } from '../../src/link-tokens/index.js';
import type { OutgoingMail } from '../../src/mail/index.js';
import { Outbox } from '../../src/mail/index.js';
import type { ConfirmationLinks } from '../../src/waitlist/application/ports/confirmation-links.js';
import { SweepSlots } from '../../src/waitlist/application/ports/sweep-slots.js';
import { WaitlistSeats } from '../../src/waitlist/application/ports/waitlist-seats.js';
import { WaitlistRepository } from '../../src/waitlist/application/ports/waitlist.repository.js';
import type { IndianMobileNumber } from '../../src/waitlist/domain/indian-mobile-number.js';
import { Seat } from '../../src/waitlist/domain/seat.js';
import type {
  JoinedAccount,
  WaitlistEntry,
  WaitlistHistoryEvent,
} from '../../src/waitlist/domain/waitlist-entry.js';
import {
  EmailAlreadyRegisteredError,
  PhoneAlreadyRegisteredError,
} from '../../src/waitlist/domain/waitlist.errors.js';
import { PublicUrlConfirmationLinks } from '../../src/waitlist/infrastructure/public-url-confirmation-links.js';

export class InMemoryWaitlistRepository extends WaitlistRepository {
  readonly entries = new Map<string, WaitlistEntry>();
  private issuedIds = 0;

  nextId(): string {
    this.issuedIds += 1;
    return this.issuedIds.toString(16).padStart(24, '0');
  }

  add(entry: WaitlistEntry): Promise<void> {
    const others = [...this.entries.values()];
    if (others.some((other) => other.phone.national === entry.phone.national)) {
      return Promise.reject(new PhoneAlreadyRegisteredError());
    }
    if (others.some((other) => other.email.value === entry.email.value)) {
      return Promise.reject(new EmailAlreadyRegisteredError());
    }
    this.entries.set(entry.id, entry);
    return Promise.resolve();
  }

  findById(id: string): Promise<WaitlistEntry | undefined> {
    return Promise.resolve(this.entries.get(id));
  }

  findByPhone(phone: IndianMobileNumber): Promise<WaitlistEntry | undefined> {
    return Promise.resolve(
      [...this.entries.values()].find((entry) => entry.phone.national === phone.national),
    );
  }

  recordConfirmationSent(id: string, event: WaitlistHistoryEvent, expiresAt: Date): Promise<void> {
    this.update(id, (entry) => ({
      ...entry,
      confirmationExpiresAt: expiresAt,
      history: [...entry.history, event],
    }));
    return Promise.resolve();
  }

  markConfirmed(id: string, seat: Seat, at: Date): Promise<void> {
    this.update(id, (entry) =>
      entry.status === 'awaiting_confirmation'
        ? {
            ...entry,
            status: 'confirmed',
            confirmedAt: at,
            seat,
            history: [...entry.history, { at, event: 'confirmed' }],
          }
        : entry,
    );
    return Promise.resolve();
  }

  eraseUnconfirmedExpiredBefore(before: Date): Promise<number> {
    let erased = 0;
    for (const entry of [...this.entries.values()]) {
      const expiresAt = entry.confirmationExpiresAt;
      if (entry.status === 'awaiting_confirmation' && expiresAt && expiresAt < before) {
        this.entries.delete(entry.id);
        erased += 1;
      }
    }
    return Promise.resolve(erased);
  }

  markInvited(
    ids: readonly string[],
    event: 'invited' | 'invite-resent' | 'invite-revoked',
    at: Date,
  ): Promise<void> {
    for (const id of ids) {
      // As the store: a first invitation changes confirmed entries only; other events also
      // invited ones.
      const eligible = event === 'invited' ? ['confirmed'] : ['confirmed', 'invited'];
      this.update(id, (entry) =>
        eligible.includes(entry.status)
          ? {
              ...entry,
              status: event === 'invited' ? 'invited' : entry.status,
              history: [...entry.history, { at, event }],
            }
          : entry,
      );
    }
    return Promise.resolve();
  }

  /** Accounts linked by markJoined, by entry id. */
  readonly joinedAccounts = new Map<string, JoinedAccount>();

  markJoined(id: string, account: JoinedAccount, at: Date): Promise<void> {
    this.update(id, (entry) => {
      if (entry.status === 'joined') return entry;
      this.joinedAccounts.set(id, account);
      return {
        ...entry,
        status: 'joined',
        history: [...entry.history, { at, event: 'account-created' }],
      };
    });
    return Promise.resolve();
  }

  private update(id: string, change: (entry: WaitlistEntry) => WaitlistEntry): void {
    const entry = this.entries.get(id);
    if (entry) this.entries.set(id, change(entry));
  }
}

export class InMemoryWaitlistSeats extends WaitlistSeats {
  readonly seatByEntry = new Map<string, number>();

  claim(entryId: string): Promise<Seat> {
    const held = this.seatByEntry.get(entryId);
    if (held !== undefined) return Promise.resolve(Seat.of(held));
    const seat = this.seatByEntry.size + 1;
    this.seatByEntry.set(entryId, seat);
    return Promise.resolve(Seat.of(seat));
  }

  countTaken(): Promise<number> {
    return Promise.resolve(this.seatByEntry.size);
  }
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export class InMemoryLinkTokens extends LinkTokens {
  readonly byHash = new Map<string, LinkTokenRequest & { usedAt?: Date }>();

  issue(request: LinkTokenRequest): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    this.byHash.set(hash(token), { ...request });
    return Promise.resolve(token);
  }

  check(token: string, purpose: LinkPurpose, now: Date): Promise<LinkTokenCheck> {
    const found = this.byHash.get(hash(token));
    if (found?.purpose !== purpose) return Promise.resolve({ status: 'unknown' });
    const { subject, issuedAt, expiresAt, usedAt } = found;
    const status = now < expiresAt ? 'valid' : 'expired';
    return Promise.resolve({ status, subject, issuedAt, expiresAt, usedAt });
  }

  markUsed(token: string, at: Date): Promise<boolean> {
    const found = this.byHash.get(hash(token));
    if (!found || found.usedAt) return Promise.resolve(false);
    found.usedAt = at;
    return Promise.resolve(true);
  }

  discardExpiredBefore(before: Date): Promise<number> {
    let discarded = 0;
    for (const [key, { expiresAt }] of this.byHash) {
      if (expiresAt < before) {
        this.byHash.delete(key);
        discarded += 1;
      }
    }
    return Promise.resolve(discarded);
  }
}

/** Records what was enqueued; one message per key, as the outbox promises. */
export class RecordingOutbox extends Outbox {
  readonly messages: OutgoingMail[] = [];

  enqueue(mail: OutgoingMail): Promise<void> {
    if (!this.messages.some(({ key }) => key === mail.key)) this.messages.push(mail);
    return Promise.resolve();
  }

  discardQueuedTo(email: string): Promise<number> {
    const before = this.messages.length;
    this.messages.splice(0, before, ...this.messages.filter(({ to }) => to.email !== email));
    return Promise.resolve(before - this.messages.length);
  }

  /** The token of the link in the latest message to `email`. */
  tokenSentTo(email: string): string {
    const mail = this.messages.findLast(({ to }) => to.email === email);
    const url = mail?.data.confirmUrl;
    if (!url) throw new Error(`No confirmation link was sent to ${email}`);
    const token = new URL(url).searchParams.get('token');
    if (!token) throw new Error(`The link sent to ${email} has no token: ${url}`);
    return token;
  }
}

export class InMemorySweepSlots extends SweepSlots {
  readonly claimed = new Set<string>();

  claim(job: string, windowStart: Date): Promise<boolean> {
    const key = `${job}:${windowStart.toISOString()}`;
    if (this.claimed.has(key)) return Promise.resolve(false);
    this.claimed.add(key);
    return Promise.resolve(true);
  }
}

export const testConfirmationLinks: ConfirmationLinks = new PublicUrlConfirmationLinks(
  'https://paylock.test',
);

/** Everything a waitlist use case needs, wired with fakes. */
export function waitlistFakes<C extends Clock>(clock: C) {
  return {
    clock,
    entries: new InMemoryWaitlistRepository(),
    seats: new InMemoryWaitlistSeats(),
    tokens: new InMemoryLinkTokens(),
    outbox: new RecordingOutbox(),
    slots: new InMemorySweepSlots(),
    links: testConfirmationLinks,
  };
}
