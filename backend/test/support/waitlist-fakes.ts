import type {
  JoinWaitlist,
  JoinWaitlistCommand,
  JoinWaitlistResult,
} from '../../src/waitlist/application/join-waitlist.use-case.js';
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
import { type LimitClaim, LimitSlots } from '../../src/waitlist/application/ports/limit-slots.js';
import { SweepSlots } from '../../src/waitlist/application/ports/sweep-slots.js';
import { WaitlistSeats } from '../../src/waitlist/application/ports/waitlist-seats.js';
import { EntryConfirmations } from '../../src/waitlist/application/ports/entry-confirmations.js';
import {
  type EntryCorrection,
  EntryCorrections,
} from '../../src/waitlist/application/ports/entry-corrections.js';
import { EntryErasure } from '../../src/waitlist/application/ports/entry-erasure.js';
import {
  type Invitee,
  InviteeStatuses,
} from '../../src/waitlist/application/ports/invitee-statuses.js';
import { WaitlistEntries } from '../../src/waitlist/application/ports/waitlist-entries.js';
import { PersonalSessions } from '../../src/waitlist/application/ports/personal-sessions.js';
import type { EmailAddress } from '../../src/waitlist/domain/email-address.js';
import type { IndianMobileNumber } from '../../src/waitlist/domain/indian-mobile-number.js';
import { Seat } from '../../src/waitlist/domain/seat.js';
import type {
  JoinedAccount,
  PendingEmail,
  WaitlistEntry,
  WaitlistHistoryEvent,
} from '../../src/waitlist/domain/waitlist-entry.js';
import {
  EmailAlreadyRegisteredError,
  PhoneAlreadyRegisteredError,
} from '../../src/waitlist/domain/waitlist.errors.js';
import {
  PublicUrlConfirmationLinks,
  PublicUrlPersonalPageLinks,
} from '../../src/waitlist/infrastructure/public-url-confirmation-links.js';

/**
 * Every role port of the waitlist's entries over one map, as the Mongo adapter serves them all;
 * `asPort` hands it to a use case as the one port it asks for.
 */
export class InMemoryWaitlistRepository extends WaitlistEntries {
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

  async findInvitee(id: string): Promise<Invitee | undefined> {
    const entry = await this.findById(id);
    return entry && { phone: entry.phone, userType: entry.userType };
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

  findByEmail(email: EmailAddress): Promise<WaitlistEntry | undefined> {
    return Promise.resolve(
      [...this.entries.values()].find((entry) => entry.email.value === email.value),
    );
  }

  recordEvent(id: string, event: WaitlistHistoryEvent): Promise<void> {
    this.update(id, (entry) => ({ ...entry, history: [...entry.history, event] }));
    return Promise.resolve();
  }

  correct(id: string, correction: EntryCorrection, event: WaitlistHistoryEvent): Promise<void> {
    const phone = correction.phone;
    if (
      phone &&
      [...this.entries.values()].some(
        (other) => other.id !== id && other.phone.national === phone.national,
      )
    ) {
      return Promise.reject(new PhoneAlreadyRegisteredError());
    }
    this.update(id, (entry) =>
      entry.erasureRequestedAt
        ? entry
        : { ...entry, ...correction, history: [...entry.history, event] },
    );
    return Promise.resolve();
  }

  requestEmailChange(
    id: string,
    pending: PendingEmail,
    event: WaitlistHistoryEvent,
  ): Promise<boolean> {
    const entry = this.entries.get(id);
    if (!entry || entry.erasureRequestedAt) return Promise.resolve(false);
    this.update(id, (current) => ({
      ...current,
      pendingEmail: pending,
      history: [...current.history, event],
    }));
    return Promise.resolve(true);
  }

  switchEmail(
    id: string,
    email: EmailAddress,
    requestedAt: Date,
    event: WaitlistHistoryEvent,
  ): Promise<boolean> {
    const entry = this.entries.get(id);
    if (!entry) return Promise.resolve(false);
    const pending = entry.pendingEmail;
    if (
      pending?.email.value !== email.value ||
      pending.requestedAt.getTime() !== requestedAt.getTime()
    ) {
      return Promise.resolve(entry.email.value === email.value);
    }
    if ([...this.entries.values()].some((other) => other.email.value === email.value)) {
      return Promise.reject(new EmailAlreadyRegisteredError());
    }
    this.entries.set(id, {
      ...entry,
      email,
      pendingEmail: undefined,
      emailChangeRequestedAt: requestedAt,
      history: [...entry.history, event],
    });
    return Promise.resolve(true);
  }

  markErasureRequested(id: string, at: Date): Promise<void> {
    this.update(id, (entry) =>
      entry.erasureRequestedAt
        ? entry
        : {
            ...entry,
            erasureRequestedAt: at,
            history: [...entry.history, { at, event: 'erasure-requested' }],
          },
    );
    return Promise.resolve();
  }

  remove(id: string): Promise<void> {
    this.entries.delete(id);
    return Promise.resolve();
  }

  idsAfter(afterId: string | undefined, limit: number): Promise<string[]> {
    const ids = [...this.entries.keys()].sort();
    return Promise.resolve(
      ids.filter((id) => afterId === undefined || id > afterId).slice(0, limit),
    );
  }

  idsAwaitingErasure(): Promise<string[]> {
    return Promise.resolve(
      [...this.entries.values()].filter((entry) => entry.erasureRequestedAt).map(({ id }) => id),
    );
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

  async issueMany(requests: readonly LinkTokenRequest[]): Promise<string[]> {
    return Promise.all(requests.map((request) => this.issue(request)));
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

  discardFor(subject: string, purpose?: LinkPurpose): Promise<number> {
    let discarded = 0;
    for (const [key, request] of this.byHash) {
      if (request.subject === subject && (purpose === undefined || request.purpose === purpose)) {
        this.byHash.delete(key);
        discarded += 1;
      }
    }
    return Promise.resolve(discarded);
  }

  liveUntil(
    subjects: readonly string[],
    purpose: LinkPurpose,
    now: Date,
  ): Promise<Date | undefined> {
    const live = [...this.byHash.values()]
      .filter((token) => token.purpose === purpose && subjects.includes(token.subject))
      .map(({ expiresAt }) => expiresAt)
      .filter((expiresAt) => expiresAt > now)
      .sort((a, b) => b.getTime() - a.getTime());
    return Promise.resolve(live[0]);
  }

  discardExpiredBefore(before: Date, purposes: readonly LinkPurpose[]): Promise<number> {
    let discarded = 0;
    for (const [key, { expiresAt, purpose }] of this.byHash) {
      if (expiresAt < before && purposes.includes(purpose)) {
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

  forgetRecipient(email: string, keepKey?: string): Promise<void> {
    const kept = this.messages.filter(({ to, key }) => to.email !== email || key === keepKey);
    this.messages.splice(0, this.messages.length, ...kept);
    return Promise.resolve();
  }

  forgetAbout(subject: string, keepKey?: string): Promise<void> {
    const kept = this.messages.filter(({ about, key }) => about !== subject || key === keepKey);
    this.messages.splice(0, this.messages.length, ...kept);
    return Promise.resolve();
  }

  /** The token of the link in `variable` of the latest message to `email` (of `kind`, if given). */
  linkTokenSentTo(email: string, variable: string, kind?: string): string {
    const mail = this.messages.findLast(
      (message) => message.to.email === email && (!kind || message.kind === kind),
    );
    const url = mail?.data[variable];
    if (!url) throw new Error(`No ${variable} was sent to ${email}`);
    const { searchParams } = new URL(url);
    const token = searchParams.get('token') ?? searchParams.get('change');
    if (!token) throw new Error(`The link sent to ${email} has no token: ${url}`);
    return token;
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

/** LimitSlots in memory: each use's time per owner, at most `limit` in any window. */
export class InMemoryLimitSlots extends LimitSlots {
  private readonly uses = new Map<string, Date[]>();

  claim(owner: string, limit: number, windowMs: number, now: Date): Promise<LimitClaim> {
    const answer = this.check(owner, limit, windowMs, now);
    if (answer.claimed) this.uses.set(owner, [...(this.uses.get(owner) ?? []), now]);
    return Promise.resolve(answer);
  }

  peek(owner: string, limit: number, windowMs: number, now: Date): Promise<LimitClaim> {
    return Promise.resolve(this.check(owner, limit, windowMs, now));
  }

  private check(owner: string, limit: number, windowMs: number, now: Date): LimitClaim {
    const inWindow = (this.uses.get(owner) ?? []).filter(
      (at) => at.getTime() > now.getTime() - windowMs,
    );
    const oldest = inWindow[inWindow.length - limit];
    if (inWindow.length < limit || !oldest) return { claimed: true };
    return { claimed: false, retryAt: new Date(oldest.getTime() + windowMs) };
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

/** Sessions in a map, keyed by token (the real store keys them by hash; same promises). */
export class InMemoryPersonalSessions extends PersonalSessions {
  readonly byToken = new Map<string, { entryId: string; expiresAt: Date }>();

  start(entryId: string, _at: Date, expiresAt: Date): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    this.byToken.set(token, { entryId, expiresAt });
    return Promise.resolve(token);
  }

  entryOf(token: string, now: Date): Promise<string | undefined> {
    const found = this.byToken.get(token);
    return Promise.resolve(found && found.expiresAt > now ? found.entryId : undefined);
  }

  end(token: string): Promise<void> {
    this.byToken.delete(token);
    return Promise.resolve();
  }

  endAllOf(entryId: string): Promise<void> {
    for (const [token, session] of this.byToken) {
      if (session.entryId === entryId) this.byToken.delete(token);
    }
    return Promise.resolve();
  }

  discardExpiredBefore(before: Date): Promise<number> {
    let discarded = 0;
    for (const [token, { expiresAt }] of this.byToken) {
      if (expiresAt < before) {
        this.byToken.delete(token);
        discarded += 1;
      }
    }
    return Promise.resolve(discarded);
  }
}

export const testPersonalPageLinks = new PublicUrlPersonalPageLinks('https://paylock.test');

export const testConfirmationLinks: ConfirmationLinks = new PublicUrlConfirmationLinks(
  'https://paylock.test',
);

/**
 * `fake` as an instance of the role port `Port` (abstract classes are Nest's tokens, and a use
 * case is given an instance of its port): an object of the port's class whose methods are the
 * fake's (abstract methods have no body to find, so every method of the fake is lent).
 */
export function asPort<P extends object>(Port: abstract new () => P, fake: Pick<P, keyof P>): P {
  const Concrete = class extends (Port as unknown as new () => object) {};
  const instance = new Concrete() as Record<string, unknown>;
  const source = fake as unknown as Record<string, unknown>;
  for (const name of Object.getOwnPropertyNames(Object.getPrototypeOf(fake))) {
    const method = source[name];
    if (name !== 'constructor' && typeof method === 'function') {
      instance[name] = method.bind(fake) as unknown;
    }
  }
  return instance as P;
}

/** Everything a waitlist use case needs, wired with fakes. */
export function waitlistFakes<C extends Clock>(clock: C) {
  const entries = new InMemoryWaitlistRepository();
  return {
    clock,
    entries,
    confirmations: asPort(EntryConfirmations, entries),
    corrections: asPort(EntryCorrections, entries),
    erasure: asPort(EntryErasure, entries),
    invitees: asPort(InviteeStatuses, entries),
    seats: new InMemoryWaitlistSeats(),
    tokens: new InMemoryLinkTokens(),
    outbox: new RecordingOutbox(),
    slots: new InMemorySweepSlots(),
    limits: new InMemoryLimitSlots(),
    links: testConfirmationLinks,
    personalLinks: testPersonalPageLinks,
    sessions: new InMemoryPersonalSessions(),
  };
}

/** JoinWaitlist for tests of a client within its budget: a "check your e-mail" answer fails them. */
export function joinedOnly(join: JoinWaitlist): {
  execute(command: JoinWaitlistCommand): Promise<JoinWaitlistResult>;
} {
  return {
    async execute(command) {
      const answer = await join.execute(command);
      if (answer.kind !== 'joined') throw new Error('answered "check your e-mail", not joined');
      return answer;
    },
  };
}
