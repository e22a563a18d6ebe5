import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { Outbox, type OutgoingMail } from '../../mail/mail.contract.js';
import {
  type DirectoryEntry,
  isBrandSideUserType,
  PersonalLinkIssuer,
  WaitlistDirectory,
  InviteeStatuses,
} from '../../waitlist/waitlist.contract.js';
import { expiryOf, type Invite, type InviteeSide, inviteUrlOf } from '../domain/invite.js';
import { InviteCodes } from './ports/invite-codes.js';
import { InviteSettings } from './ports/invite-settings.js';
import { InviteStore } from './ports/invite-store.js';

/** The most entries one wave may invite (the early-access slots). */
export const MAX_WAVE_SIZE = 1000;
/** Pages of confirmed entries "next" reads at most, skipping ones being marked invited. */
const MAX_NEXT_PAGES = 5;
/** Entries looked up at once when an admin picked them by id. */
const LOOKUP_BATCH = 25;

export type InviteSelection =
  | { readonly kind: 'next'; readonly count: number }
  | { readonly kind: 'selected'; readonly entryIds: readonly string[] };

export const SKIP_REASONS = ['not-found', 'not-confirmed', 'joined', 'revoked'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

export interface WaveResult {
  /** Null when nothing was sent (every entry skipped, or none left to invite). */
  readonly waveId: string | null;
  /** Entries invited for the first time. */
  readonly invited: number;
  /** Entries invited before: a new code, e-mailed again (never a second invite). */
  readonly resent: number;
  readonly skipped: readonly { readonly entryId: string; readonly reason: SkipReason }[];
}

interface Sending {
  readonly invite: Invite;
  readonly code: string;
}

/**
 * Invites a wave of confirmed entries: "the next N" by seat, or the ones an admin selected.
 * An entry invited before gets its invite re-sent (a fresh code, a fresh validity) instead of a
 * second invite. The e-mails are queued in one bulk insert into the outbox and delivered by its
 * worker: the admin's request never waits for SMTP. Each e-mail carries a fresh link to the
 * person's own page (#13), issued for the whole wave in one bulk write.
 */
@Injectable()
export class SendInvites {
  private readonly logger = new Logger(SendInvites.name);
  private marking: Promise<void> = Promise.resolve();

  constructor(
    private readonly directory: WaitlistDirectory,
    private readonly entries: InviteeStatuses,
    private readonly store: InviteStore,
    private readonly codes: InviteCodes,
    private readonly outbox: Outbox,
    private readonly settings: InviteSettings,
    private readonly personalLinks: PersonalLinkIssuer,
    private readonly clock: Clock,
  ) {}

  async execute(selection: InviteSelection, actorUserId: string): Promise<WaveResult> {
    const now = this.clock.now();
    const waveId = this.store.nextId();
    const skipped: { entryId: string; reason: SkipReason }[] = [];
    const candidates = await this.candidates(selection, skipped);
    // "next" picked only entries without an invite; one invited since is refused by addMany.
    const existing = new Map(
      selection.kind === 'selected'
        ? (await this.store.findByEntryIds(candidates.map(({ id }) => id))).map((invite) => [
            invite.entryId,
            invite,
          ])
        : [],
    );

    const fresh: Sending[] = [];
    const again: Invite[] = [];
    for (const entry of candidates) {
      const invite = existing.get(entry.id);
      if (invite) again.push(invite);
      else fresh.push(this.newInvite(entry, waveId, now));
    }
    const { alreadyInvited } = await this.store.addMany(fresh.map(({ invite }) => invite));
    const lostRace = new Set(alreadyInvited);
    // Invited by someone else a moment ago (another admin, another instance): a re-send.
    again.push(...(await this.store.findByEntryIds(alreadyInvited)));
    const firstSendings = fresh.filter(({ invite }) => !lostRace.has(invite.entryId));

    const resendings: Sending[] = [];
    for (const invite of again) {
      if (invite.redeemedAt) skipped.push({ entryId: invite.entryId, reason: 'joined' });
      else if (invite.revokedAt) skipped.push({ entryId: invite.entryId, reason: 'revoked' });
      else {
        const sending = await this.replaceCode(invite, now);
        // Undefined: re-sent by someone else at this very moment; their e-mail goes out.
        if (sending) resendings.push(sending);
      }
    }

    const sendings = [...firstSendings, ...resendings];
    if (sendings.length === 0) return { waveId: null, invited: 0, resent: 0, skipped };
    const brandSide = new Set(
      candidates.filter((entry) => isBrandSideUserType(entry.userType)).map(({ id }) => id),
    );
    const personalUrls = await this.personalLinks.urlsFor(
      sendings.map(({ invite }) => invite.entryId),
      now,
    );
    await this.outbox.enqueueMany(
      sendings.map((sending) =>
        this.mailOf(
          sending,
          personalUrls.get(sending.invite.entryId),
          brandSide.has(sending.invite.entryId) ? 'brand' : 'creator',
        ),
      ),
    );
    await this.store.addWave({
      id: waveId,
      at: now,
      actorUserId,
      selection: selection.kind,
      invited: firstSendings.length,
      resent: resendings.length,
    });
    // The invites and their e-mails are stored: the answer need not wait for the entries'
    // statuses, which the store may write a document at a time (about 10 s for 1,000).
    this.markInBackground(async () => {
      await this.entries.markInvited(
        firstSendings.map(({ invite }) => invite.entryId),
        'invited',
        now,
      );
      await this.entries.markInvited(
        resendings.map(({ invite }) => invite.entryId),
        'invite-resent',
        now,
      );
    });
    return { waveId, invited: firstSendings.length, resent: resendings.length, skipped };
  }

  /** Resolves once every entry of the waves sent so far is marked (tests, shutdown). */
  whenMarked(): Promise<void> {
    return this.marking;
  }

  /**
   * Marks the entries of invites whose marking never happened (the process stopped first):
   * only entries still `confirmed` change, so running it again changes nothing.
   */
  async markUnmarkedEntries(): Promise<void> {
    const byCreation = new Map<number, string[]>();
    for (const { entryId, createdAt } of await this.store.findOutstanding()) {
      const at = createdAt.getTime();
      const entryIds = byCreation.get(at);
      if (entryIds) entryIds.push(entryId);
      else byCreation.set(at, [entryId]);
    }
    for (const [at, entryIds] of byCreation) {
      await this.entries.markInvited(entryIds, 'invited', new Date(at));
    }
  }

  private markInBackground(work: () => Promise<void>): void {
    this.marking = this.marking.then(work).catch((error: unknown) => {
      // The invites exist and their e-mails are queued; the statuses follow at the next start.
      this.logger.error({ err: error }, 'Could not mark invited entries');
    });
  }

  private async candidates(
    selection: InviteSelection,
    skipped: { entryId: string; reason: SkipReason }[],
  ): Promise<DirectoryEntry[]> {
    if (selection.kind === 'next') return this.next(selection.count);
    return this.selected(selection.entryIds, skipped);
  }

  /**
   * Confirmed entries in seat order, without an invite: one invited a moment ago may still be
   * `confirmed` while its status is written (see markInBackground), and is not invited twice.
   */
  private async next(count: number): Promise<DirectoryEntry[]> {
    const wanted = Math.min(count, MAX_WAVE_SIZE);
    const found: DirectoryEntry[] = [];
    for (let page = 1; found.length < wanted && page <= MAX_NEXT_PAGES; page += 1) {
      const { items } = await this.directory.page({
        filter: { statuses: ['confirmed'] },
        sort: { field: 'seat', direction: 'asc' },
        page,
        pageSize: wanted,
      });
      const invited = new Set(
        (await this.store.findByEntryIds(items.map(({ id }) => id))).map(({ entryId }) => entryId),
      );
      found.push(...items.filter(({ id }) => !invited.has(id)));
      if (items.length < wanted) break;
    }
    return found.slice(0, wanted);
  }

  private async selected(
    entryIds: readonly string[],
    skipped: { entryId: string; reason: SkipReason }[],
  ): Promise<DirectoryEntry[]> {
    const ids = [...new Set(entryIds)].slice(0, MAX_WAVE_SIZE);
    const found: DirectoryEntry[] = [];
    for (let start = 0; start < ids.length; start += LOOKUP_BATCH) {
      const batch = ids.slice(start, start + LOOKUP_BATCH);
      const entries = await Promise.all(batch.map((id) => this.directory.findById(id)));
      entries.forEach((entry, index) => {
        const entryId = batch[index] ?? '';
        // The directory never shows a honeypot's catch: such an entry is "not found" here too.
        if (!entry) skipped.push({ entryId, reason: 'not-found' });
        else if (entry.status === 'awaiting_confirmation')
          skipped.push({ entryId, reason: 'not-confirmed' });
        else if (entry.status === 'joined') skipped.push({ entryId, reason: 'joined' });
        else found.push(entry);
      });
    }
    return found;
  }

  private newInvite(entry: DirectoryEntry, waveId: string, now: Date): Sending {
    const code = this.codes.generate();
    return {
      code,
      invite: {
        id: this.store.nextId(),
        entryId: entry.id,
        waveId,
        email: entry.email,
        name: entry.fullName,
        codeHash: this.codes.hash(code),
        createdAt: now,
        sentAt: now,
        sendCount: 1,
        expiresAt: expiryOf(now, this.settings.ttlDays),
      },
    };
  }

  private async replaceCode(invite: Invite, now: Date): Promise<Sending | undefined> {
    const code = this.codes.generate();
    const codeHash = this.codes.hash(code);
    const expiresAt = expiryOf(now, this.settings.ttlDays);
    const sendCount = invite.sendCount + 1;
    const replaced = await this.store.replaceCode(invite.id, sendCount, codeHash, now, expiresAt);
    if (!replaced) return undefined;
    return { code, invite: { ...invite, codeHash, sentAt: now, expiresAt, sendCount } };
  }

  private mailOf(
    { invite, code }: Sending,
    personalUrl: string | undefined,
    side: InviteeSide,
  ): OutgoingMail {
    return {
      key: `early-access-invite:${invite.id}:${String(invite.sendCount)}`,
      kind: 'early-access-invite',
      to: { email: invite.email, name: invite.name },
      data: {
        inviteUrl: inviteUrlOf(this.settings.publicUrl, code, side),
        expiresInDays: String(this.settings.ttlDays),
        ...(side === 'brand' && { account: 'brand' }),
        ...(personalUrl !== undefined && { personalUrl }),
      },
    };
  }
}
