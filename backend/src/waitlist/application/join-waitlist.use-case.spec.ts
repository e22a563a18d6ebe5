import { Logger } from '@nestjs/common';
import { CURRENT_PRIVACY_NOTICE_VERSION } from '../domain/privacy-notice.js';
import { Seat } from '../domain/seat.js';
import type { RawWaitlistApplication } from '../domain/waitlist-application.js';
import type { WaitlistEntry } from '../domain/waitlist-entry.js';
import {
  EmailAlreadyRegisteredError,
  InvalidWaitlistApplicationError,
  PhoneAlreadyRegisteredError,
} from '../domain/waitlist.errors.js';
import { GetWaitlistStats } from './get-waitlist-stats.use-case.js';
import { JoinWaitlist } from './join-waitlist.use-case.js';
import { FakeClock } from '../../../test/support/fake-clock.js';
import { WaitlistRepository } from './ports/waitlist.repository.js';
import { waitlistSubmission } from '../../../test/support/waitlist-submission.js';

/** Keeps the store's promises: unique phone and e-mail, consecutive seats from 1. */
class InMemoryWaitlistRepository extends WaitlistRepository {
  readonly stored: { entry: WaitlistEntry; seat: Seat }[] = [];
  private issuedIds = 0;

  nextId(): string {
    this.issuedIds += 1;
    return `entry-${this.issuedIds}`;
  }

  add(entry: WaitlistEntry): Promise<Seat> {
    if (this.stored.some(({ entry: other }) => other.phone.national === entry.phone.national)) {
      return Promise.reject(new PhoneAlreadyRegisteredError());
    }
    if (this.stored.some(({ entry: other }) => other.email.value === entry.email.value)) {
      return Promise.reject(new EmailAlreadyRegisteredError());
    }
    const seat = Seat.of(this.stored.length + 1);
    this.stored.push({ entry, seat });
    return Promise.resolve(seat);
  }

  countEntries(): Promise<number> {
    return Promise.resolve(this.stored.length);
  }
}

const NOW = new Date('2026-11-20T10:15:00.000Z');

const applicant = (index: number, overrides: Partial<RawWaitlistApplication> = {}) =>
  waitlistSubmission(index, overrides);

describe('JoinWaitlist', () => {
  let repository: InMemoryWaitlistRepository;
  let joinWaitlist: JoinWaitlist;

  beforeAll(() => {
    Logger.overrideLogger(false);
  });

  beforeEach(() => {
    repository = new InMemoryWaitlistRepository();
    joinWaitlist = new JoinWaitlist(repository, new FakeClock(NOW));
  });

  it('stores the normalised entry with consent to the current notice, and gives seat 1', async () => {
    const result = await joinWaitlist.execute({
      fullName: '  Asha Rao ',
      email: ' Asha.Rao@Example.COM',
      phoneNumber: '98765 43210',
      instagramHandle: ' @asha_rao',
      userType: 'talent_manager',
    });

    expect(result.seat.number).toBe(1);
    expect(result.seat.isEarlyAccess).toBe(true);
    const [stored] = repository.stored;
    expect(stored?.entry.id).toBe(result.entryId);
    expect(stored?.entry.fullName.value).toBe('Asha Rao');
    expect(stored?.entry.email.value).toBe('asha.rao@example.com');
    expect(stored?.entry.phone.national).toBe('9876543210');
    expect(stored?.entry.phone.e164).toBe('+919876543210');
    expect(stored?.entry.instagramHandle.value).toBe('asha_rao');
    expect(stored?.entry.userType).toBe('talent_manager');
    expect(stored?.entry.consent).toEqual({
      privacyNoticeVersion: CURRENT_PRIVACY_NOTICE_VERSION,
      consentedAt: NOW,
    });
  });

  it('gives later people later seats, and no early access after seat 1,000', async () => {
    for (let index = 1; index <= 999; index++) await joinWaitlist.execute(applicant(index));
    const thousandth = await joinWaitlist.execute(applicant(1000));
    const nextOne = await joinWaitlist.execute(applicant(1001));
    expect([thousandth.seat.number, thousandth.seat.isEarlyAccess]).toEqual([1000, true]);
    expect([nextOne.seat.number, nextOne.seat.isEarlyAccess]).toEqual([1001, false]);
  });

  it('rejects invalid fields with their messages and stores nothing', async () => {
    const attempt = joinWaitlist.execute(
      applicant(1, { phoneNumber: '5876543210', privacyNoticeVersion: '2025-01-01' }),
    );
    await expect(attempt).rejects.toBeInstanceOf(InvalidWaitlistApplicationError);
    await expect(attempt).rejects.toMatchObject({
      fieldErrors: {
        phoneNumber: 'Please enter a valid 10-digit phone number',
        privacyNoticeVersion: 'Please reload the page and try again',
      },
    });
    expect(repository.stored).toHaveLength(0);
  });

  it('refuses a phone number already on the list, however it is spaced', async () => {
    await joinWaitlist.execute(applicant(1, { phoneNumber: '9876543210' }));
    await expect(
      joinWaitlist.execute(applicant(2, { phoneNumber: '98765 43210' })),
    ).rejects.toBeInstanceOf(PhoneAlreadyRegisteredError);
    expect(repository.stored).toHaveLength(1);
  });

  it('refuses an e-mail address already on the list, whatever its case', async () => {
    await joinWaitlist.execute(applicant(1, { email: 'asha@example.com' }));
    await expect(
      joinWaitlist.execute(applicant(2, { email: ' ASHA@example.com ' })),
    ).rejects.toBeInstanceOf(EmailAlreadyRegisteredError);
  });

  it('answers a filled honeypot like a success but stores nothing', async () => {
    await joinWaitlist.execute(applicant(1));
    const result = await joinWaitlist.execute({
      ...applicant(2),
      honeypot: 'https://spam.example',
    });
    expect(result.seat.number).toBe(2);
    expect(result.entryId).toEqual(expect.any(String));
    expect(repository.stored).toHaveLength(1);
  });

  it('logs nothing the bot sent about the person when it discards a filled honeypot', async () => {
    const logged: unknown[] = [];
    const collect = (...args: unknown[]) => void logged.push(...args);
    Logger.overrideLogger({ log: collect, error: collect, warn: collect, debug: collect });
    try {
      await joinWaitlist.execute({ ...applicant(7), honeypot: 'https://spam.example' });
    } finally {
      Logger.overrideLogger(false);
    }
    expect(logged.length).toBeGreaterThan(0);
    const text = JSON.stringify(logged);
    for (const value of Object.values(applicant(7))) expect(text).not.toContain(value);
    expect(text).not.toContain('spam.example');
  });

  it('treats a blank honeypot as not filled', async () => {
    await joinWaitlist.execute({ ...applicant(1), honeypot: '  ' });
    expect(repository.stored).toHaveLength(1);
  });

  it('still validates a submission that filled the honeypot', async () => {
    await expect(
      joinWaitlist.execute({ ...applicant(1, { email: 'nope' }), honeypot: 'x' }),
    ).rejects.toBeInstanceOf(InvalidWaitlistApplicationError);
  });
});

describe('GetWaitlistStats', () => {
  it('counts the stored entries against the 1,000 early-access slots', async () => {
    const repository = new InMemoryWaitlistRepository();
    const joinWaitlist = new JoinWaitlist(repository, new FakeClock(NOW));
    for (let index = 1; index <= 3; index++) await joinWaitlist.execute(applicant(index));
    await expect(new GetWaitlistStats(repository).execute()).resolves.toEqual({
      totalSlots: 1000,
      takenSlots: 3,
      remainingSlots: 997,
    });
  });
});
