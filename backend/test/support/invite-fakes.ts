/**
 * In-memory fakes for unit tests of the invites use cases: an InviteStore keeping the real
 * store's promises (one invite per entry, one claim per invite) and a WaitlistDirectory over the
 * waitlist fake's entries. Never part of the production build.
 */
import { JoinLimits } from '../../src/waitlist/application/ports/join-limits.js';
import { createHash } from 'node:crypto';
import { InviteCodes } from '../../src/invites/application/ports/invite-codes.js';
import {
  type InviteClaim,
  type InviteClaimOutcome,
  InviteStore,
} from '../../src/invites/application/ports/invite-store.js';
import {
  erasedInvite,
  type Invite,
  type InviteWave,
  stateOf,
  type WaveFunnel,
} from '../../src/invites/domain/invite.js';
import {
  type DirectoryEntry,
  type DirectoryFilter,
  type DirectoryPage,
  type DirectoryPageQuery,
  type DirectorySort,
  WaitlistDirectory,
  type WaitlistFigures,
} from '../../src/waitlist/index.js';
import type { WaitlistEntry } from '../../src/waitlist/domain/waitlist-entry.js';
import { FakeClock } from './fake-clock.js';
import {
  type InMemoryWaitlistRepository,
  RecordingOutbox,
  joinedOnly,
  waitlistFakes,
} from './waitlist-fakes.js';
import { waitlistSubmission } from './waitlist-submission.js';
import { ConfirmWaitlistPlace } from '../../src/waitlist/application/confirm-waitlist-place.use-case.js';
import { JoinWaitlist } from '../../src/waitlist/application/join-waitlist.use-case.js';
import { NotifyJoinAttempt } from '../../src/waitlist/application/notify-join-attempt.js';
import { PersonalLinkIssuer } from '../../src/waitlist/application/personal-link-issuer.js';
import { SendConfirmation } from '../../src/waitlist/application/send-confirmation.js';
import type { RawWaitlistApplication } from '../../src/waitlist/domain/waitlist-application.js';
import { GetInviteFunnel } from '../../src/invites/application/get-invite-funnel.use-case.js';
import { InviteRedemptions } from '../../src/invites/application/invite-redemptions.js';
import { InviteSettings } from '../../src/invites/application/ports/invite-settings.js';
import { InviteePersonalData } from '../../src/invites/application/invitee-personal-data.js';
import { RevokeInvite } from '../../src/invites/application/revoke-invite.use-case.js';
import { SendInvites } from '../../src/invites/application/send-invites.use-case.js';

export class InMemoryInviteStore extends InviteStore {
  readonly invites = new Map<string, Invite>();
  readonly claims = new Map<string, InviteClaim>();
  readonly waves: InviteWave[] = [];
  private issued = 0;

  nextId(): string {
    this.issued += 1;
    return `invite-${String(this.issued)}`;
  }

  addMany(invites: readonly Invite[]): Promise<{ readonly alreadyInvited: string[] }> {
    const alreadyInvited: string[] = [];
    for (const invite of invites) {
      if (this.byEntry(invite.entryId)) alreadyInvited.push(invite.entryId);
      else this.invites.set(invite.id, invite);
    }
    return Promise.resolve({ alreadyInvited });
  }

  findByEntryIds(entryIds: readonly string[]): Promise<Invite[]> {
    return Promise.resolve(
      [...this.invites.values()].filter((invite) => entryIds.includes(invite.entryId)),
    );
  }

  findByEntryId(entryId: string): Promise<Invite | undefined> {
    return Promise.resolve(this.byEntry(entryId));
  }

  findOutstanding(): Promise<{ readonly entryId: string; readonly createdAt: Date }[]> {
    return Promise.resolve(
      [...this.invites.values()]
        .filter((invite) => !invite.redeemedAt && !invite.revokedAt && !invite.erasedAt)
        .map(({ entryId, createdAt }) => ({ entryId, createdAt })),
    );
  }

  findByCodeHash(codeHash: string): Promise<Invite | undefined> {
    return Promise.resolve([...this.invites.values()].find((i) => i.codeHash === codeHash));
  }

  replaceCode(
    inviteId: string,
    sendCount: number,
    codeHash: string,
    sentAt: Date,
    expiresAt: Date,
  ): Promise<boolean> {
    const invite = this.invites.get(inviteId);
    if (invite?.sendCount !== sendCount - 1) return Promise.resolve(false);
    this.invites.set(inviteId, { ...invite, codeHash, sentAt, expiresAt, sendCount });
    return Promise.resolve(true);
  }

  claim(claim: InviteClaim): Promise<InviteClaimOutcome> {
    const existing = this.claims.get(claim.inviteId);
    if (existing) return Promise.resolve({ won: false, existing });
    this.claims.set(claim.inviteId, claim);
    return Promise.resolve({ won: true });
  }

  releaseClaim(inviteId: string, userId: string): Promise<void> {
    if (this.claims.get(inviteId)?.userId === userId) this.claims.delete(inviteId);
    return Promise.resolve();
  }

  markRedeemed(
    inviteId: string,
    account: { readonly userId: string; readonly email: string },
    at: Date,
  ): Promise<void> {
    const invite = this.invites.get(inviteId);
    if (invite && !invite.redeemedAt)
      this.invites.set(inviteId, {
        ...invite,
        redeemedAt: at,
        ...(!invite.erasedAt && { account }),
      });
    return Promise.resolve();
  }

  markRevoked(inviteId: string, at: Date): Promise<void> {
    const invite = this.invites.get(inviteId);
    if (invite && !invite.revokedAt) this.invites.set(inviteId, { ...invite, revokedAt: at });
    return Promise.resolve();
  }

  forgetEntry(entryId: string, at: Date): Promise<void> {
    const invite = this.byEntry(entryId);
    if (!invite) return Promise.resolve();
    const claim = this.claims.get(invite.id);
    if (claim)
      this.claims.set(invite.id, {
        inviteId: claim.inviteId,
        outcome: claim.outcome,
        at: claim.at,
      });
    this.invites.set(invite.id, erasedInvite(invite, at));
    return Promise.resolve();
  }

  addWave(wave: InviteWave): Promise<void> {
    this.waves.push(wave);
    return Promise.resolve();
  }

  funnel(now: Date): Promise<WaveFunnel[]> {
    return Promise.resolve(
      [...this.waves].reverse().flatMap((wave) => {
        const invites = [...this.invites.values()].filter(({ waveId }) => waveId === wave.id);
        if (invites.length === 0) return [];
        const count = (state: string) => invites.filter((i) => stateOf(i, now) === state).length;
        return [
          {
            waveId: wave.id,
            at: wave.at,
            selection: wave.selection,
            invited: invites.length,
            pending: count('pending'),
            redeemed: count('redeemed'),
            expired: count('expired'),
            revoked: count('revoked'),
          },
        ];
      }),
    );
  }

  private byEntry(entryId: string): Invite | undefined {
    return [...this.invites.values()].find((invite) => invite.entryId === entryId);
  }
}

/** Predictable codes: code-1, code-2, … padded to a code's shape (43 characters). */
export class SequentialInviteCodes extends InviteCodes {
  private issued = 0;
  readonly all: string[] = [];

  generate(): string {
    this.issued += 1;
    const code = `code${String(this.issued)}`.padEnd(43, 'x');
    this.all.push(code);
    return code;
  }

  hash(code: string): string {
    return createHash('sha256').update(code).digest('hex');
  }
}

function toDirectoryEntry(entry: WaitlistEntry): DirectoryEntry {
  return {
    id: entry.id,
    fullName: entry.fullName.value,
    email: entry.email.value,
    phone: entry.phone.national,
    instagramHandle: entry.instagramHandle.value,
    userType: entry.userType,
    status: entry.status,
    seat: entry.seat?.number ?? null,
    earlyAccess: entry.seat !== undefined && entry.seat.number <= 1000,
    joinedAt: entry.createdAt,
    confirmedAt: entry.confirmedAt ?? null,
    account: null,
    history: entry.history,
  };
}

/** The directory's read side over the waitlist fake; like the real one, it hides trapped entries. */
export class FakeWaitlistDirectory extends WaitlistDirectory {
  constructor(private readonly entries: InMemoryWaitlistRepository) {
    super();
  }

  page({ filter, sort, page, pageSize }: DirectoryPageQuery): Promise<DirectoryPage> {
    const matching = this.matching(filter, sort);
    return Promise.resolve({
      items: matching.slice((page - 1) * pageSize, page * pageSize),
      total: matching.length,
    });
  }

  async *stream(filter: DirectoryFilter, sort: DirectorySort): AsyncIterable<DirectoryEntry> {
    await Promise.resolve();
    yield* this.matching(filter, sort);
  }

  findById(id: string): Promise<DirectoryEntry | null> {
    const entry = this.entries.entries.get(id);
    return Promise.resolve(entry && !entry.trapped ? toDirectoryEntry(entry) : null);
  }

  figures(): Promise<WaitlistFigures> {
    return Promise.reject(new Error('not used by these tests'));
  }

  private matching(filter: DirectoryFilter, sort: DirectorySort): DirectoryEntry[] {
    if (sort.field !== 'seat') throw new Error('the fake sorts by seat only');
    return [...this.entries.entries.values()]
      .filter((entry) => !entry.trapped)
      .map(toDirectoryEntry)
      .filter((entry) => !filter.statuses || filter.statuses.includes(entry.status))
      .sort((a, b) => (a.seat ?? Infinity) - (b.seat ?? Infinity));
  }
}

/**
 * Invites' use cases wired with fakes over a waitlist of people who joined and confirmed (seat
 * n for person n), plus one who never confirmed and one bot the honeypot caught.
 */
export async function invitesWorld(
  options: {
    confirmed?: number;
    ttlDays?: number;
    /** The waitlist user type of the `index`-th confirmed entry (1-based); influencer otherwise. */
    userTypeOf?: (index: number) => string;
  } = {},
) {
  const clock = new FakeClock(new Date('2026-11-20T10:15:00.000Z'));
  const waitlist = waitlistFakes(clock);
  const send = new SendConfirmation(
    waitlist.confirmations,
    waitlist.tokens,
    waitlist.outbox,
    waitlist.links,
    new PersonalLinkIssuer(waitlist.tokens, waitlist.personalLinks),
    clock,
  );
  const join = joinedOnly(
    new JoinWaitlist(
      waitlist.entries,
      send,
      waitlist.limits,
      new JoinLimits(5),
      new NotifyJoinAttempt(
        waitlist.entries,
        new PersonalLinkIssuer(waitlist.tokens, waitlist.personalLinks),
        waitlist.limits,
        waitlist.outbox,
      ),
      clock,
    ),
  );
  const confirm = new ConfirmWaitlistPlace(
    waitlist.tokens,
    waitlist.entries,
    waitlist.confirmations,
    waitlist.seats,
    clock,
  );
  const people: { id: string; email: string }[] = [];
  for (let index = 1; index <= (options.confirmed ?? 3); index += 1) {
    const submission = waitlistSubmission(index, {
      userType: options.userTypeOf?.(index) ?? 'influencer',
    }) as RawWaitlistApplication;
    const { entryId } = await join.execute(submission);
    await confirm.execute(waitlist.outbox.tokenSentTo(submission.email));
    people.push({ id: entryId, email: submission.email });
  }
  const unconfirmed = await join.execute(waitlistSubmission(900));
  const bot = await join.execute({
    ...(waitlistSubmission(901) as RawWaitlistApplication),
    honeypot: 'https://spam.example',
  });
  const directory = new FakeWaitlistDirectory(waitlist.entries);
  const store = new InMemoryInviteStore();
  const codes = new SequentialInviteCodes();
  const outbox = new RecordingOutbox();
  const settings = new InviteSettings(options.ttlDays ?? 14, 'https://paylock.test');
  return {
    clock,
    tokens: waitlist.tokens,
    inviteeData: new InviteePersonalData(store),
    entries: waitlist.entries,
    people,
    unconfirmedId: unconfirmed.entryId,
    botId: bot.entryId,
    store,
    codes,
    outbox,
    sendInvites: new SendInvites(
      directory,
      waitlist.invitees,
      store,
      codes,
      outbox,
      settings,
      new PersonalLinkIssuer(waitlist.tokens, waitlist.personalLinks),
      clock,
    ),
    revoke: new RevokeInvite(store, waitlist.invitees, clock),
    redemptions: new InviteRedemptions(store, codes, waitlist.invitees, clock),
    funnel: new GetInviteFunnel(store, clock),
  };
}
