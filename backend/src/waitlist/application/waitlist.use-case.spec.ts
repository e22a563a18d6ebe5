import { Logger } from '@nestjs/common';
import { JoinLimits } from './ports/join-limits.js';
import { FakeClock } from '../../../test/support/fake-clock.js';
import { waitlistSubmission } from '../../../test/support/waitlist-submission.js';
import { joinedOnly, waitlistFakes } from '../../../test/support/waitlist-fakes.js';
import { CURRENT_PRIVACY_NOTICE_VERSION } from '../domain/privacy-notice.js';
import type { RawWaitlistApplication } from '../domain/waitlist-application.js';
import {
  ConfirmationLinkExpiredError,
  ConfirmationLinkNotFoundError,
  EmailAlreadyRegisteredError,
  InvalidWaitlistApplicationError,
  PhoneAlreadyRegisteredError,
} from '../domain/waitlist.errors.js';
import { ConfirmWaitlistPlace } from './confirm-waitlist-place.use-case.js';
import { GetWaitlistStats } from './get-waitlist-stats.use-case.js';
import { JoinWaitlist, type JoinWaitlistCommand } from './join-waitlist.use-case.js';
import { NotifyJoinAttempt } from './notify-join-attempt.js';
import { ResendConfirmation } from './resend-confirmation.use-case.js';
import { SendConfirmation } from './send-confirmation.js';
import { SweepUnconfirmedEntries } from './sweep-unconfirmed-entries.js';
import { EraseWaitlistEntry } from './erase-waitlist-entry.use-case.js';
import { PersonalLinkIssuer } from './personal-link-issuer.js';
import { EntryDataHolders } from './ports/entry-data-holders.js';

const HOUR = 3_600_000;

const applicant = (index: number, overrides: Partial<RawWaitlistApplication> = {}) =>
  waitlistSubmission(index, overrides) as RawWaitlistApplication;

function setUp() {
  const clock = new FakeClock(new Date('2026-11-20T10:15:00.000Z'));
  const fakes = waitlistFakes(clock);
  const issuer = new PersonalLinkIssuer(fakes.tokens, fakes.personalLinks);
  const send = new SendConfirmation(
    fakes.confirmations,
    fakes.tokens,
    fakes.outbox,
    fakes.links,
    issuer,
    clock,
  );
  const erase = new EraseWaitlistEntry(
    fakes.entries,
    fakes.erasure,
    fakes.sessions,
    fakes.tokens,
    fakes.outbox,
    fakes.personalLinks,
    new EntryDataHolders(),
    clock,
  );
  const joinAnswer = new JoinWaitlist(
    fakes.entries,
    send,
    fakes.limits,
    new JoinLimits(5),
    new NotifyJoinAttempt(fakes.entries, issuer, fakes.limits, fakes.outbox),
    clock,
  );
  return {
    ...fakes,
    joinAnswer,
    join: joinedOnly(joinAnswer),
    confirm: new ConfirmWaitlistPlace(
      fakes.tokens,
      fakes.entries,
      fakes.confirmations,
      fakes.seats,
      clock,
    ),
    resend: new ResendConfirmation(fakes.entries, send, clock),
    sweep: new SweepUnconfirmedEntries(
      fakes.erasure,
      fakes.tokens,
      fakes.slots,
      fakes.sessions,
      erase,
      clock,
    ),
    stats: new GetWaitlistStats(fakes.seats),
  };
}

type World = ReturnType<typeof setUp>;

/** Joins and confirms the n-th person; answers the seat. */
async function joinAndConfirm(world: World, index: number) {
  await world.join.execute(applicant(index));
  return world.confirm.execute(world.outbox.tokenSentTo(applicant(index).email));
}

beforeAll(() => {
  Logger.overrideLogger(false);
});

describe('JoinWaitlist', () => {
  let world: World;
  beforeEach(() => {
    world = setUp();
  });

  it('stores the normalised entry awaiting confirmation, without a seat, and e-mails its link', async () => {
    const result = await world.join.execute({
      fullName: '  Asha Rao ',
      email: ' Asha.Rao@Example.COM',
      phoneNumber: '98765 43210',
      instagramHandle: ' @asha_rao',
      userType: 'talent_manager',
    });

    expect(result).toEqual({
      kind: 'joined',
      entryId: expect.any(String) as string,
      maskedEmail: 'a•••o@example.com',
      confirmationEmail: 'sent',
      linkExpiresAt: new Date('2026-11-23T10:15:00.000Z'),
    });
    const stored = world.entries.entries.get(result.entryId);
    expect(stored).toMatchObject({
      status: 'awaiting_confirmation',
      trapped: false,
      createdAt: world.clock.now(),
      confirmationExpiresAt: new Date('2026-11-23T10:15:00.000Z'),
      consent: {
        privacyNoticeVersion: CURRENT_PRIVACY_NOTICE_VERSION,
        consentedAt: world.clock.now(),
      },
    });
    expect(stored?.seat).toBeUndefined();
    expect(stored?.fullName.value).toBe('Asha Rao');
    expect(stored?.email.value).toBe('asha.rao@example.com');
    expect(stored?.phone.e164).toBe('+919876543210');
    expect(stored?.history.map(({ event }) => event)).toEqual(['joined', 'confirmation-sent']);

    expect(world.outbox.messages).toEqual([
      {
        key: `waitlist-confirmation:${result.entryId}:1`,
        kind: 'waitlist-confirmation',
        to: { email: 'asha.rao@example.com', name: 'Asha Rao' },
        data: {
          confirmUrl: expect.stringMatching(
            /^https:\/\/paylock\.test\/waitlist\/confirm\?token=[\w-]{43}$/,
          ) as string,
          expiresInHours: '72',
          // Every e-mail carries a fresh link to the person's own page (#13).
          personalUrl: expect.stringMatching(
            /^https:\/\/paylock\.test\/waitlist\/me\?token=[\w-]{43}$/,
          ) as string,
        },
        // Whom it is about: an erasure forgets it by the entry's id.
        about: result.entryId,
      },
    ]);
    await expect(world.stats.execute()).resolves.toMatchObject({
      takenSlots: 0,
      remainingSlots: 1000,
    });
  });

  it('rejects invalid fields with their messages, and stores and sends nothing', async () => {
    const attempt = world.join.execute(
      applicant(1, { phoneNumber: '5876543210', privacyNoticeVersion: '2025-01-01' }),
    );
    await expect(attempt).rejects.toBeInstanceOf(InvalidWaitlistApplicationError);
    await expect(attempt).rejects.toMatchObject({
      fieldErrors: {
        phoneNumber: 'Please enter a valid 10-digit phone number',
        privacyNoticeVersion: 'Please reload the page and try again',
      },
    });
    expect(world.entries.entries.size).toBe(0);
    expect(world.outbox.messages).toHaveLength(0);
  });

  it('refuses a phone number already on the list with another e-mail, however it is spaced', async () => {
    await world.join.execute(applicant(1, { phoneNumber: '9876543210' }));
    await expect(
      world.join.execute(applicant(2, { phoneNumber: '98765 43210' })),
    ).rejects.toBeInstanceOf(PhoneAlreadyRegisteredError);
    expect(world.entries.entries.size).toBe(1);
  });

  it('refuses an e-mail address already on the list, whatever its case or width', async () => {
    await world.join.execute(applicant(1, { email: 'asha@example.com' }));
    await expect(
      world.join.execute(applicant(2, { email: ' ＡＳＨＡ@example.com ' })),
    ).rejects.toBeInstanceOf(EmailAlreadyRegisteredError);
  });

  it('e-mails the link again when phone and e-mail match an unconfirmed entry, at most 3 times a day', async () => {
    const first = await world.join.execute(applicant(1));
    const outcomes = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      world.clock.advance(HOUR);
      outcomes.push(await world.join.execute(applicant(1)));
    }
    expect(outcomes.map(({ confirmationEmail }) => confirmationEmail)).toEqual([
      'sent_again',
      'sent_again',
      'sent_again',
      'not_sent_again',
    ]);
    expect(outcomes.every(({ entryId }) => entryId === first.entryId)).toBe(true);
    expect(world.outbox.messages.map(({ key }) => key)).toEqual(
      [1, 2, 3, 4].map((n) => `waitlist-confirmation:${first.entryId}:${n}`),
    );
    // Each new link works 72 h from its sending; the entry is kept until the latest expires.
    expect(outcomes[2]?.linkExpiresAt).toEqual(
      new Date(world.clock.now().getTime() - HOUR + 72 * HOUR),
    );
    expect(world.entries.entries.get(first.entryId)?.confirmationExpiresAt).toEqual(
      outcomes[2]?.linkExpiresAt,
    );

    world.clock.advance(21 * HOUR); // the first resend is now more than 24 h old
    await expect(world.join.execute(applicant(1))).resolves.toMatchObject({
      confirmationEmail: 'sent_again',
    });
  });

  describe('a client past its "already registered" budget (#36)', () => {
    const CLIENT = '203.0.113.9';
    async function spendBudget(): Promise<void> {
      for (let use = 0; use < 5; use += 1) {
        await world.limits.claim(`join-already-registered:${CLIENT}`, 5, HOUR, world.clock.now());
      }
    }

    it('answers "check your e-mail" alike for free and taken details, and refuses nobody', async () => {
      const owner = await world.join.execute(applicant(1));
      await spendBudget();
      const taken = await world.joinAnswer.execute({
        ...applicant(2, { phoneNumber: applicant(1).phoneNumber }),
        client: CLIENT,
      });
      const free = await world.joinAnswer.execute({ ...applicant(3), client: CLIENT });
      expect(taken).toEqual({ kind: 'check-email', maskedEmail: 'c•••2@example.com' });
      expect(free).toEqual({ kind: 'check-email', maskedEmail: 'c•••3@example.com' });
      // The new person joined and was mailed the link; the owner was told someone tried.
      expect(world.outbox.messages.map(({ kind, to }) => [kind, to.email])).toEqual([
        ['waitlist-confirmation', applicant(1).email],
        ['waitlist-join-attempt', applicant(1).email],
        ['waitlist-confirmation', applicant(3).email],
      ]);
      expect(world.outbox.messages[1]).toMatchObject({
        about: owner.entryId,
        data: { details: 'phone' },
      });
    });

    it('tells the owner once a day however often the details are tried', async () => {
      await world.join.execute(applicant(1));
      await spendBudget();
      for (let attempt = 0; attempt < 3; attempt += 1) {
        await world.joinAnswer.execute({
          ...applicant(1, { phoneNumber: applicant(2).phoneNumber }),
          client: CLIENT,
        });
      }
      const notices = world.outbox.messages.filter(({ kind }) => kind === 'waitlist-join-attempt');
      expect(notices).toHaveLength(1);
      expect(notices[0]?.data).toMatchObject({ details: 'email' });
    });

    it('answers the same person "check your e-mail" and sends their link again', async () => {
      const first = await world.join.execute(applicant(1));
      await spendBudget();
      world.clock.advance(HOUR / 2);
      await expect(world.joinAnswer.execute({ ...applicant(1), client: CLIENT })).resolves.toEqual({
        kind: 'check-email',
        maskedEmail: first.maskedEmail,
      });
      expect(world.outbox.messages.map(({ key }) => key)).toEqual([
        `waitlist-confirmation:${first.entryId}:1`,
        `waitlist-confirmation:${first.entryId}:2`,
      ]);
    });
  });

  it('answers 409 for the phone once the entry is confirmed, even with the same e-mail', async () => {
    await joinAndConfirm(world, 1);
    await expect(world.join.execute(applicant(1))).rejects.toBeInstanceOf(
      PhoneAlreadyRegisteredError,
    );
  });

  describe('with the honeypot filled', () => {
    const bot = (
      index: number,
      overrides: Partial<JoinWaitlistCommand> = {},
    ): JoinWaitlistCommand => ({
      ...applicant(index),
      honeypot: 'https://spam.example',
      ...overrides,
    });

    it('answers as a person is answered, keeps the entry as trapped and e-mails nothing', async () => {
      const person = await world.join.execute(applicant(1));
      const trapped = await world.join.execute(bot(2));
      expect(Object.keys(trapped).sort()).toEqual(Object.keys(person).sort());
      expect(trapped).toMatchObject({
        confirmationEmail: 'sent',
        maskedEmail: 'c•••2@example.com',
      });
      expect(world.entries.entries.get(trapped.entryId)).toMatchObject({ trapped: true });
      expect(world.outbox.messages.map(({ to }) => to.email)).toEqual(['creator1@example.com']);
    });

    it('answers the same body twice with "sent again", not with a new entry', async () => {
      const first = await world.join.execute(bot(2));
      await expect(world.join.execute(bot(2))).resolves.toMatchObject({
        entryId: first.entryId,
        confirmationEmail: 'sent_again',
      });
      expect(world.outbox.messages).toHaveLength(0);
    });

    it("answers a person's phone with the same 409 a person gets", async () => {
      await world.join.execute(applicant(1));
      await expect(
        world.join.execute(bot(2, { phoneNumber: applicant(1).phoneNumber })),
      ).rejects.toBeInstanceOf(PhoneAlreadyRegisteredError);
    });

    it('still validates the fields', async () => {
      await expect(world.join.execute(bot(1, { email: 'nope' }))).rejects.toBeInstanceOf(
        InvalidWaitlistApplicationError,
      );
    });

    it('can never be confirmed', async () => {
      const trapped = await world.join.execute(bot(3));
      const [token] = await Promise.all([
        world.tokens.issue({
          purpose: 'waitlist-confirmation',
          subject: trapped.entryId,
          issuedAt: world.clock.now(),
          expiresAt: new Date(world.clock.now().getTime() + HOUR),
        }),
      ]);
      await expect(world.confirm.execute(token)).rejects.toBeInstanceOf(
        ConfirmationLinkNotFoundError,
      );
    });

    it('logs nothing the bot sent about the person', async () => {
      const logged: unknown[] = [];
      const collect = (...args: unknown[]) => void logged.push(...args);
      Logger.overrideLogger({ log: collect, error: collect, warn: collect, debug: collect });
      try {
        await world.join.execute(bot(7));
      } finally {
        Logger.overrideLogger(false);
      }
      expect(logged.length).toBeGreaterThan(0);
      const text = JSON.stringify(logged);
      for (const value of Object.values(applicant(7))) expect(text).not.toContain(value);
      expect(text).not.toContain('spam.example');
    });

    it('treats a blank honeypot as not filled', async () => {
      await world.join.execute({ ...applicant(1), honeypot: '  ' });
      expect(world.outbox.messages).toHaveLength(1);
    });
  });
});

describe('ConfirmWaitlistPlace', () => {
  let world: World;
  beforeEach(() => {
    world = setUp();
  });

  it('claims the next seat at confirmation, in the order of confirmation, not of joining', async () => {
    await world.join.execute(applicant(1));
    await world.join.execute(applicant(2));
    const second = await world.confirm.execute(world.outbox.tokenSentTo(applicant(2).email));
    const first = await world.confirm.execute(world.outbox.tokenSentTo(applicant(1).email));
    expect([second.seat.number, first.seat.number]).toEqual([1, 2]);
    expect(second).toMatchObject({ alreadyConfirmed: false });
    const [entry] = [...world.entries.entries.values()];
    expect(entry).toMatchObject({ status: 'confirmed', confirmedAt: world.clock.now() });
    expect(entry?.seat?.number).toBe(2);
    await expect(world.stats.execute()).resolves.toEqual({
      totalSlots: 1000,
      takenSlots: 2,
      remainingSlots: 998,
    });
  });

  it('answers the same seat when the link is opened again, and sends nothing', async () => {
    const first = await joinAndConfirm(world, 1);
    const token = world.outbox.tokenSentTo(applicant(1).email);
    const sent = world.outbox.messages.length;
    world.clock.advance(100 * HOUR); // even after the link's 72 h
    const again = await world.confirm.execute(token);
    expect(again).toEqual({ seat: first.seat, alreadyConfirmed: true });
    expect(world.outbox.messages).toHaveLength(sent);
  });

  it('gives early access up to seat 1,000 and not after', async () => {
    for (let index = 1; index <= 999; index++) world.seats.seatByEntry.set(`other-${index}`, index);
    const thousandth = await joinAndConfirm(world, 1000);
    const next = await joinAndConfirm(world, 1001);
    expect([thousandth.seat.number, thousandth.seat.isEarlyAccess]).toEqual([1000, true]);
    expect([next.seat.number, next.seat.isEarlyAccess]).toEqual([1001, false]);
  });

  it('accepts any of the links sent, older ones included, while they last', async () => {
    await world.join.execute(applicant(1));
    const older = world.outbox.tokenSentTo(applicant(1).email);
    await world.join.execute(applicant(1));
    await expect(world.confirm.execute(older)).resolves.toMatchObject({ alreadyConfirmed: false });
  });

  it('refuses an expired link (72 h), and an unknown or tampered one', async () => {
    await world.join.execute(applicant(1));
    const token = world.outbox.tokenSentTo(applicant(1).email);
    await expect(
      world.confirm.execute(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`),
    ).rejects.toBeInstanceOf(ConfirmationLinkNotFoundError);
    world.clock.advance(72 * HOUR);
    await expect(world.confirm.execute(token)).rejects.toBeInstanceOf(ConfirmationLinkExpiredError);
    expect(world.seats.seatByEntry.size).toBe(0);
  });

  it('refuses a token issued for another purpose', async () => {
    const { entryId } = await world.join.execute(applicant(1));
    const token = await world.tokens.issue({
      purpose: 'personal-link',
      subject: entryId,
      issuedAt: world.clock.now(),
      expiresAt: new Date(world.clock.now().getTime() + HOUR),
    });
    await expect(world.confirm.execute(token)).rejects.toBeInstanceOf(
      ConfirmationLinkNotFoundError,
    );
  });

  it('completes a confirmation cut short after the token was used', async () => {
    await world.join.execute(applicant(1));
    const token = world.outbox.tokenSentTo(applicant(1).email);
    await world.tokens.markUsed(token, world.clock.now()); // as if the process died right after
    await expect(world.confirm.execute(token)).resolves.toMatchObject({
      alreadyConfirmed: false,
      seat: { number: 1 },
    });
  });
});

describe('ResendConfirmation', () => {
  let world: World;
  beforeEach(() => {
    world = setUp();
  });

  it('e-mails a new link when e-mail and phone match an unconfirmed entry', async () => {
    const { entryId } = await world.join.execute(applicant(1));
    await world.resend.execute({ email: ' CREATOR1@example.com', phoneNumber: '900000 0001' })
      .sending;
    expect(world.outbox.messages.map(({ key }) => key)).toEqual([
      `waitlist-confirmation:${entryId}:1`,
      `waitlist-confirmation:${entryId}:2`,
    ]);
  });

  it.each([
    ['an unknown phone', { email: 'creator1@example.com', phoneNumber: '9999999999' }],
    ['another e-mail', { email: 'someone@example.com', phoneNumber: '9000000001' }],
  ])('sends nothing for %s, and answers the same', async (_case, command) => {
    await world.join.execute(applicant(1));
    const answer = world.resend.execute(command);
    await answer.sending;
    expect(Object.keys(answer)).toEqual(['sending']);
    expect(world.outbox.messages).toHaveLength(1);
  });

  it('sends nothing to a confirmed entry, nor beyond the daily limit', async () => {
    await world.join.execute(applicant(2));
    for (let attempt = 1; attempt <= 5; attempt++) {
      await world.resend.execute({ email: 'creator2@example.com', phoneNumber: '9000000002' })
        .sending;
    }
    expect(world.outbox.messages).toHaveLength(4);
    await joinAndConfirm(world, 1);
    const sent = world.outbox.messages.length;
    await world.resend.execute({ email: 'creator1@example.com', phoneNumber: '9000000001' })
      .sending;
    expect(world.outbox.messages).toHaveLength(sent);
  });

  it('refuses invalid fields with their messages', () => {
    expect(() => world.resend.execute({ email: 'nope', phoneNumber: '' })).toThrow(
      expect.objectContaining({
        fieldErrors: {
          email: 'Please enter a valid email address',
          phoneNumber: 'Phone number is required',
        },
      }) as Error,
    );
  });
});

describe('SweepUnconfirmedEntries', () => {
  it('erases entries whose latest link expired, keeps confirmed and fresh ones, once per window', async () => {
    const world = setUp();
    await joinAndConfirm(world, 1);
    await world.join.execute(applicant(2)); // never confirmed
    world.clock.advance(48 * HOUR);
    await world.join.execute(applicant(3)); // joined later
    await world.join.execute(applicant(2)); // 2 asked again at 48 h: kept until 120 h
    world.clock.advance(24 * HOUR + 10 * 60_000); // 72 h + 10 min after the first joins

    await expect(world.sweep.execute()).resolves.toMatchObject({ swept: true, erasedEntries: 0 });
    expect([...world.entries.entries.values()].map(({ email }) => email.value).sort()).toEqual([
      'creator1@example.com',
      'creator2@example.com',
      'creator3@example.com',
    ]);
    await expect(world.sweep.execute()).resolves.toMatchObject({ swept: false });

    world.clock.advance(48 * HOUR);
    await expect(world.sweep.execute()).resolves.toMatchObject({ swept: true, erasedEntries: 2 });
    expect([...world.entries.entries.values()].map(({ email }) => email.value)).toEqual([
      'creator1@example.com',
    ]);
    // The phone and address are free again.
    await expect(world.join.execute(applicant(2))).resolves.toMatchObject({
      confirmationEmail: 'sent',
    });
  });
});
