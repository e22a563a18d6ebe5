import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { FullName } from '../domain/full-name.js';
import { IndianMobileNumber } from '../domain/indian-mobile-number.js';
import { InstagramHandle } from '../domain/instagram-handle.js';
import { correctionsBudget } from '../domain/personal-page.js';
import { parseUserType } from '../domain/user-type.js';
import type { WaitlistEntry } from '../domain/waitlist-entry.js';
import {
  InvalidWaitlistApplicationError,
  PhoneAlreadyRegisteredError,
  TooManyCorrectionsError,
  type WaitlistField,
} from '../domain/waitlist.errors.js';
import { fieldParser } from '../domain/waitlist-application.js';
import { LimitSlots } from './ports/limit-slots.js';
import { WaitlistEntries } from './ports/waitlist-entries.js';
import { type EntryCorrection, EntryCorrections } from './ports/entry-corrections.js';

/** What the page sends: any of the correctable fields, as typed (the form's rules apply). */
export interface CorrectEntryCommand {
  readonly fullName?: string | undefined;
  readonly instagramHandle?: string | undefined;
  readonly userType?: string | undefined;
  readonly phoneNumber?: string | undefined;
}

/**
 * Corrects name, handle, user type or phone with the same rules and messages as the form. Only
 * the fields whose value changes are written, and the history records their names (never the
 * old values). A phone another entry holds: PhoneAlreadyRegisteredError (the form's 409).
 * The e-mail address changes through RequestEmailChange (it needs its own confirmation).
 *
 * The daily limit is claimed (one numbered use, LimitSlots) before anything is written or looked
 * up, never checked against the entry read when the session was resolved: 40 corrections sent at
 * once make at most MAX_CORRECTIONS_PER_DAY attempts, so a session cannot probe phone numbers.
 */
@Injectable()
export class CorrectWaitlistEntry {
  constructor(
    private readonly entries: WaitlistEntries,
    private readonly corrections: EntryCorrections,
    private readonly limits: LimitSlots,
    private readonly clock: Clock,
  ) {}

  async execute(entry: WaitlistEntry, command: CorrectEntryCommand): Promise<WaitlistEntry> {
    const correction = changesOf(entry, parse(command));
    const fields = Object.keys(correction);
    if (fields.length === 0) return entry;
    const now = this.clock.now();
    const { owner, limit, windowMs } = correctionsBudget(entry.id);
    const use = await this.limits.claim(owner, limit, windowMs, now);
    if (!use.claimed) throw new TooManyCorrectionsError();
    try {
      await this.corrections.correct(entry.id, correction, {
        at: now,
        event: 'corrected',
        fields: fields.map((field) => (field === 'phone' ? 'phoneNumber' : field)),
      });
    } catch (error) {
      if (error instanceof PhoneAlreadyRegisteredError) {
        await this.entries.recordEvent(entry.id, {
          at: now,
          event: 'correction-refused',
          fields: ['phoneNumber'],
        });
      }
      throw error;
    }
    return (await this.entries.findById(entry.id)) ?? entry;
  }
}

function parse(command: CorrectEntryCommand): EntryCorrection {
  const parser = fieldParser();
  const { fieldErrors } = parser;
  // Only the fields sent are corrected.
  const field = <T>(
    name: WaitlistField,
    input: string | undefined,
    parse: (input: string) => T,
  ): T | undefined => (input === undefined ? undefined : parser.field(name, () => parse(input)));
  const correction = {
    fullName: field('fullName', command.fullName, (input) => FullName.parse(input)),
    instagramHandle: field('instagramHandle', command.instagramHandle, (input) =>
      InstagramHandle.parse(input),
    ),
    userType: field('userType', command.userType, parseUserType),
    phone: field('phoneNumber', command.phoneNumber, (input) => IndianMobileNumber.parse(input)),
  };
  if (Object.keys(fieldErrors).length > 0) throw new InvalidWaitlistApplicationError(fieldErrors);
  return correction;
}

/** Only what differs from the entry: saving the page unchanged records nothing. */
function changesOf(entry: WaitlistEntry, parsed: EntryCorrection): EntryCorrection {
  return {
    ...(parsed.fullName &&
      parsed.fullName.value !== entry.fullName.value && { fullName: parsed.fullName }),
    ...(parsed.instagramHandle &&
      parsed.instagramHandle.value !== entry.instagramHandle.value && {
        instagramHandle: parsed.instagramHandle,
      }),
    ...(parsed.userType && parsed.userType !== entry.userType && { userType: parsed.userType }),
    ...(parsed.phone && parsed.phone.national !== entry.phone.national && { phone: parsed.phone }),
  };
}
