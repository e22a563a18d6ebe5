import { Logger } from '@nestjs/common';
import { JoinLimits } from './ports/join-limits.js';
import { FakeClock } from '../../../test/support/fake-clock.js';
import { joinedOnly, waitlistFakes } from '../../../test/support/waitlist-fakes.js';
import { waitlistSubmission } from '../../../test/support/waitlist-submission.js';
import type { RawWaitlistApplication } from '../domain/waitlist-application.js';
import {
  EmailAlreadyRegisteredError,
  EmailChangeLinkNotFoundError,
  InvalidWaitlistApplicationError,
  PersonalLinkExpiredError,
  PersonalLinkNotFoundError,
  PersonalLinkUsedError,
  PersonalSessionRequiredError,
  PhoneAlreadyRegisteredError,
  TooManyCorrectionsError,
} from '../domain/waitlist.errors.js';
import { ConfirmEmailChange, RequestEmailChange } from './change-email.use-case.js';
import { ConfirmWaitlistPlace } from './confirm-waitlist-place.use-case.js';
import { CorrectWaitlistEntry } from './correct-waitlist-entry.use-case.js';
import { EraseWaitlistEntry } from './erase-waitlist-entry.use-case.js';
import { JoinWaitlist } from './join-waitlist.use-case.js';
import { NotifyJoinAttempt } from './notify-join-attempt.js';
import { PersonalLinkIssuer } from './personal-link-issuer.js';
import { EntryDataHolders } from './ports/entry-data-holders.js';
import {
  EndPersonalSession,
  OpenPersonalPage,
  ResolvePersonalSession,
} from './personal-session.use-case.js';
import { RequestPersonalLink } from './request-personal-link.use-case.js';
import { SendConfirmation } from './send-confirmation.js';

const DAY = 24 * 3_600_000;

const applicant = (index: number) => waitlistSubmission(index) as RawWaitlistApplication;

function setUp() {
  const clock = new FakeClock(new Date('2026-11-23T08:00:00.000Z'));
  const fakes = waitlistFakes(clock);
  const issuer = new PersonalLinkIssuer(fakes.tokens, fakes.personalLinks);
  const holders = new EntryDataHolders();
  const send = new SendConfirmation(
    fakes.confirmations,
    fakes.tokens,
    fakes.outbox,
    fakes.links,
    issuer,
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
    holders,
    joinAnswer,
    join: joinedOnly(joinAnswer),
    confirm: new ConfirmWaitlistPlace(
      fakes.tokens,
      fakes.entries,
      fakes.confirmations,
      fakes.seats,
      clock,
    ),
    requestLink: new RequestPersonalLink(fakes.entries, issuer, fakes.outbox, clock),
    open: new OpenPersonalPage(fakes.tokens, fakes.entries, fakes.sessions, clock),
    resolve: new ResolvePersonalSession(fakes.sessions, fakes.entries, clock),
    end: new EndPersonalSession(fakes.sessions),
    correct: new CorrectWaitlistEntry(fakes.entries, fakes.corrections, fakes.limits, clock),
    requestEmailChange: new RequestEmailChange(
      fakes.entries,
      fakes.corrections,
      fakes.tokens,
      fakes.personalLinks,
      fakes.outbox,
      fakes.limits,
      clock,
    ),
    confirmEmailChange: new ConfirmEmailChange(
      fakes.tokens,
      fakes.entries,
      fakes.corrections,
      fakes.sessions,
      clock,
    ),
    erase: new EraseWaitlistEntry(
      fakes.entries,
      fakes.erasure,
      fakes.sessions,
      fakes.tokens,
      fakes.outbox,
      fakes.personalLinks,
      holders,
      clock,
    ),
  };
}
type World = ReturnType<typeof setUp>;

async function joined(world: World, index: number) {
  const { entryId } = await world.join.execute(applicant(index));
  await world.confirm.execute(world.outbox.tokenSentTo(applicant(index).email));
  return entryId;
}

/** Opens the page of the n-th person through a requested link; answers the session token. */
async function session(world: World, index: number) {
  await world.requestLink.execute({ email: applicant(index).email }).sending;
  const token = world.outbox.linkTokenSentTo(
    applicant(index).email,
    'personalUrl',
    'personal-link',
  );
  return (await world.open.execute(token)).sessionToken;
}

beforeAll(() => {
  Logger.overrideLogger(false);
});

describe('RequestPersonalLink', () => {
  it('e-mails a link to a known address, and nothing to an unknown one, answering both alike', async () => {
    const world = setUp();
    await joined(world, 1);
    const before = world.outbox.messages.length;
    const known = world.requestLink.execute({ email: ' Creator1@Example.com ' });
    const unknown = world.requestLink.execute({ email: 'nobody@example.com' });
    expect(Object.keys(known)).toEqual(Object.keys(unknown));
    await Promise.all([known.sending, unknown.sending]);
    expect(world.outbox.messages.slice(before)).toEqual([
      expect.objectContaining({
        kind: 'personal-link',
        to: { email: 'creator1@example.com', name: 'Creator 1' },
        data: {
          personalUrl: expect.stringMatching(
            /^https:\/\/paylock\.test\/waitlist\/me\?token=/,
          ) as string,
          expiresInDays: '7',
        },
      }),
    ]);
  });

  it('refuses an invalid address with the form’s message', () => {
    const world = setUp();
    expect(() => world.requestLink.execute({ email: 'not an address' })).toThrow(
      InvalidWaitlistApplicationError,
    );
  });

  it('sends at most 5 links a day to one entry, and again the next day', async () => {
    const world = setUp();
    await joined(world, 1);
    for (let i = 0; i < 8; i++) {
      await world.requestLink.execute({ email: applicant(1).email }).sending;
    }
    const links = () => world.outbox.messages.filter(({ kind }) => kind === 'personal-link');
    expect(links()).toHaveLength(5);
    world.clock.advance(DAY + 1);
    await world.requestLink.execute({ email: applicant(1).email }).sending;
    expect(links()).toHaveLength(6);
  });
});

describe('OpenPersonalPage and the session', () => {
  it('opens once per link, for that entry only, for 30 minutes', async () => {
    const world = setUp();
    const a = await joined(world, 1);
    await joined(world, 2);
    await world.requestLink.execute({ email: applicant(1).email }).sending;
    const token = world.outbox.linkTokenSentTo(applicant(1).email, 'personalUrl', 'personal-link');
    const { sessionToken } = await world.open.execute(token);
    await expect(world.resolve.execute(sessionToken)).resolves.toMatchObject({ id: a });
    await expect(world.open.execute(token)).rejects.toThrow(PersonalLinkUsedError);
    world.clock.advance(30 * 60_000);
    await expect(world.resolve.execute(sessionToken)).rejects.toThrow(PersonalSessionRequiredError);
  });

  it('the link inside the confirmation e-mail opens the page too', async () => {
    const world = setUp();
    const id = await joined(world, 1);
    const token = world.outbox.linkTokenSentTo(
      applicant(1).email,
      'personalUrl',
      'waitlist-confirmation',
    );
    await expect(world.open.execute(token)).resolves.toMatchObject({ entry: { id } });
  });

  it('tells an expired link from an unknown one, and never opens a bot’s entry', async () => {
    const world = setUp();
    await joined(world, 1);
    await world.requestLink.execute({ email: applicant(1).email }).sending;
    const token = world.outbox.linkTokenSentTo(applicant(1).email, 'personalUrl', 'personal-link');
    await expect(world.open.execute('x'.repeat(43))).rejects.toThrow(PersonalLinkNotFoundError);
    world.clock.advance(7 * DAY);
    await expect(world.open.execute(token)).rejects.toThrow(PersonalLinkExpiredError);

    const bot = await world.join.execute({ ...applicant(3), honeypot: 'filled' });
    const botToken = await world.tokens.issue({
      purpose: 'personal-link',
      subject: bot.entryId,
      issuedAt: world.clock.now(),
      expiresAt: new Date(world.clock.now().getTime() + DAY),
    });
    await expect(world.open.execute(botToken)).rejects.toThrow(PersonalLinkNotFoundError);
  });

  it('"Done" ends the session', async () => {
    const world = setUp();
    await joined(world, 1);
    const token = await session(world, 1);
    await world.end.execute(token);
    await expect(world.resolve.execute(token)).rejects.toThrow(PersonalSessionRequiredError);
    await expect(world.resolve.execute(undefined)).rejects.toThrow(PersonalSessionRequiredError);
  });
});

describe('CorrectWaitlistEntry', () => {
  it('writes only what changed and records the field names, never the old values', async () => {
    const world = setUp();
    const id = await joined(world, 1);
    const entry = await world.resolve.execute(await session(world, 1));
    const corrected = await world.correct.execute(entry, {
      fullName: 'Creator 1',
      instagramHandle: '@new.handle',
      phoneNumber: '91234 56789',
    });
    expect(corrected.instagramHandle.value).toBe('new.handle');
    expect(corrected.phone.national).toBe('9123456789');
    expect(corrected.history.at(-1)).toEqual({
      at: world.clock.now(),
      event: 'corrected',
      fields: ['instagramHandle', 'phoneNumber'],
    });
    const unchanged = await world.correct.execute(corrected, { fullName: ' Creator 1 ' });
    expect(unchanged.history).toHaveLength(corrected.history.length);
    expect(world.entries.entries.get(id)?.fullName.value).toBe('Creator 1');
  });

  it('answers the form’s messages and the form’s 409 for a phone another entry holds', async () => {
    const world = setUp();
    await joined(world, 1);
    await joined(world, 2);
    const entry = await world.resolve.execute(await session(world, 1));
    await expect(
      world.correct.execute(entry, { fullName: 'A', userType: 'alien' }),
    ).rejects.toMatchObject({
      fieldErrors: {
        fullName: 'Full name must be at least 2 characters',
        userType: 'Please select your user type',
      },
    });
    await expect(
      world.correct.execute(entry, { phoneNumber: applicant(2).phoneNumber }),
    ).rejects.toThrow(PhoneAlreadyRegisteredError);
  });

  it('counts a refused phone against the daily limit: a session cannot probe numbers', async () => {
    const world = setUp();
    await joined(world, 1);
    await joined(world, 2);
    let entry = await world.resolve.execute(await session(world, 1));
    for (let i = 0; i < 20; i++) {
      await expect(
        world.correct.execute(entry, { phoneNumber: applicant(2).phoneNumber }),
      ).rejects.toThrow(PhoneAlreadyRegisteredError);
      entry = (await world.entries.findById(entry.id)) ?? entry;
    }
    await expect(
      world.correct.execute(entry, { phoneNumber: applicant(2).phoneNumber }),
    ).rejects.toThrow(TooManyCorrectionsError);
  });

  it('allows 20 changes a day', async () => {
    const world = setUp();
    await joined(world, 1);
    let entry = await world.resolve.execute(await session(world, 1));
    for (let i = 0; i < 20; i++) {
      entry = await world.correct.execute(entry, { fullName: `Name ${String(i)}` });
    }
    await expect(world.correct.execute(entry, { fullName: 'One more' })).rejects.toThrow(
      TooManyCorrectionsError,
    );
  });
});

describe('changing the e-mail address', () => {
  it('switches only once the new address opens its link, and only the latest link works', async () => {
    const world = setUp();
    const id = await joined(world, 1);
    const entry = await world.resolve.execute(await session(world, 1));
    await (
      await world.requestEmailChange.execute(entry, { email: 'first@example.com' })
    ).sending;
    const first = world.outbox.linkTokenSentTo('first@example.com', 'confirmUrl');
    world.clock.advance(1000);
    const again = (await world.entries.findById(id)) ?? entry;
    await (
      await world.requestEmailChange.execute(again, { email: 'second@example.com' })
    ).sending;
    const second = world.outbox.linkTokenSentTo('second@example.com', 'confirmUrl');
    expect(world.entries.entries.get(id)?.email.value).toBe('creator1@example.com');

    await expect(world.confirmEmailChange.execute(first)).rejects.toThrow(
      EmailChangeLinkNotFoundError,
    );
    await expect(world.confirmEmailChange.execute(second)).resolves.toEqual({
      email: 'second@example.com',
    });
    await expect(world.confirmEmailChange.execute(second)).resolves.toEqual({
      email: 'second@example.com',
    });
    expect(world.entries.entries.get(id)).toMatchObject({
      email: { value: 'second@example.com' },
      pendingEmail: undefined,
    });
  });

  it('sends nothing to an address an entry holds already (another’s, or its own)', async () => {
    const world = setUp();
    await joined(world, 1);
    await joined(world, 2);
    const entry = await world.resolve.execute(await session(world, 1));
    const before = world.outbox.messages.length;
    await (
      await world.requestEmailChange.execute(entry, { email: applicant(2).email })
    ).sending;
    expect(world.outbox.messages).toHaveLength(before);
    await (
      await world.requestEmailChange.execute(entry, { email: applicant(1).email })
    ).sending;
    expect(world.outbox.messages).toHaveLength(before);
  });

  it('refuses the switch when another entry took the address meanwhile', async () => {
    const world = setUp();
    await joined(world, 1);
    const entry = await world.resolve.execute(await session(world, 1));
    await (
      await world.requestEmailChange.execute(entry, { email: 'taken@example.com' })
    ).sending;
    const token = world.outbox.linkTokenSentTo('taken@example.com', 'confirmUrl');
    await world.join.execute({ ...applicant(5), email: 'taken@example.com' });
    await expect(world.confirmEmailChange.execute(token)).rejects.toThrow(
      EmailAlreadyRegisteredError,
    );
  });
});

describe('EraseWaitlistEntry', () => {
  it('removes the entry, its tokens, sessions and mail, after queueing the confirmation', async () => {
    const world = setUp();
    const id = await joined(world, 1);
    const sessionToken = await session(world, 1);
    await world.erase.execute(id);

    expect(world.entries.entries.has(id)).toBe(false);
    expect([...world.tokens.byHash.values()].filter(({ subject }) => subject === id)).toEqual([]);
    await expect(world.resolve.execute(sessionToken)).rejects.toThrow(PersonalSessionRequiredError);
    expect(world.outbox.messages.filter(({ to }) => to.email === applicant(1).email)).toEqual([
      {
        key: `erasure-confirmation:${id}`,
        kind: 'erasure-confirmation',
        to: { email: applicant(1).email, name: 'Creator 1' },
        data: { seat: '1', personalUrl: 'https://paylock.test/waitlist/me' },
        forgetRecipientOnceSent: true,
      },
    ]);
    // The seat row stays: nobody else's seat moves.
    expect(world.seats.seatByEntry.get(id)).toBe(1);
    // The same person may join again.
    await expect(world.join.execute(applicant(1))).resolves.toMatchObject({
      confirmationEmail: 'sent',
    });
  });

  it('finishes after a crash at any step, and repeating it changes nothing', async () => {
    const world = setUp();
    const id = await joined(world, 1);
    await session(world, 1);
    const crashOnce = <T extends object>(target: T, method: keyof T) => {
      const original = target[method] as (...args: unknown[]) => Promise<unknown>;
      target[method] = (() => {
        target[method] = original as T[keyof T];
        return Promise.reject(new Error('process died'));
      }) as T[keyof T];
    };
    // Dies half-way: marked, confirmation queued, sessions ended; tokens not yet discarded.
    crashOnce(world.tokens, 'discardFor');
    await expect(world.erase.execute(id)).rejects.toThrow('process died');
    expect(world.entries.entries.get(id)?.erasureRequestedAt).toEqual(world.clock.now());
    await expect(world.entries.idsAwaitingErasure()).resolves.toEqual([id]);

    // The sweeper finishes it; the confirmation is not queued twice.
    await expect(world.erase.finishInterrupted()).resolves.toBe(1);
    expect(world.entries.entries.has(id)).toBe(false);
    expect(
      world.outbox.messages.filter(({ kind }) => kind === 'erasure-confirmation'),
    ).toHaveLength(1);
    await expect(world.erase.execute(id)).resolves.toBeUndefined();
    await expect(world.erase.finishInterrupted()).resolves.toBe(0);
  });
  it('has the other holders (invites) forget the entry, and the mail to the address they used', async () => {
    const world = setUp();
    const id = await joined(world, 1);
    const oldAddress = 'old.address@example.com';
    const held = new Map([[id, oldAddress]]);
    let failNext = true;
    world.holders.register({
      addressesOf: (entryId) => Promise.resolve(held.has(entryId) ? [held.get(entryId) ?? ''] : []),
      forget: (entryId) => {
        if (failNext) {
          failNext = false;
          return Promise.reject(new Error('process died'));
        }
        held.delete(entryId);
        return Promise.resolve();
      },
    });
    await world.outbox.enqueue({
      key: `early-access-invite:${id}:1`,
      kind: 'early-access-invite',
      to: { email: oldAddress, name: 'Creator 1' },
      data: {},
    });

    await expect(world.erase.execute(id)).rejects.toThrow('process died');
    expect(world.entries.entries.has(id)).toBe(true); // the entry goes last
    expect(world.outbox.messages.filter(({ to }) => to.email === oldAddress)).toEqual([]);

    await expect(world.erase.finishInterrupted()).resolves.toBe(1);
    expect(held.size).toBe(0);
    expect(world.entries.entries.has(id)).toBe(false);
    expect(world.outbox.messages.map(({ kind }) => kind)).toEqual(['erasure-confirmation']);
  });
});
