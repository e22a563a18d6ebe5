import { Logger } from '@nestjs/common';
import { invitesWorld } from '../../../test/support/invite-fakes.js';
import { maskEmail } from '../domain/invite.js';
import {
  InviteAlreadyRedeemedError,
  InviteExpiredError,
  InviteInvalidError,
  InviteNotFoundError,
  InviteRevokedError,
  InviteUsedError,
} from '../domain/invite.errors.js';

const DAY = 86_400_000;

type World = Awaited<ReturnType<typeof invitesWorld>>;

/** The code in the latest invite e-mail to `email`. */
function codeSentTo(world: World, email: string): string {
  const mail = world.outbox.messages.findLast(({ to }) => to.email === email);
  const url = mail?.data.inviteUrl;
  if (!url) throw new Error(`no invite sent to ${email}`);
  const code = new URL(url).searchParams.get('invite');
  if (!code) throw new Error(`no code in ${url}`);
  return code;
}

beforeAll(() => {
  Logger.overrideLogger(false);
});

/** A wave, once its entries' statuses are written (they follow the answer). */
async function send(world: World, ...args: Parameters<World['sendInvites']['execute']>) {
  const result = await world.sendInvites.execute(...args);
  await world.sendInvites.whenMarked();
  return result;
}

describe('SendInvites', () => {
  it("links a brand's, an agency's and a talent manager's invite to the register page's Brand tab", async () => {
    const types = ['influencer', 'brand', 'agency', 'talent_manager'];
    const world = await invitesWorld({
      confirmed: 4,
      userTypeOf: (index) => types[index - 1] ?? 'influencer',
    });
    await send(world, { kind: 'next', count: 4 }, 'admin-1');
    const links = world.outbox.messages.map(({ data }) => new URL(data.inviteUrl ?? ''));
    expect(links.map((url) => url.searchParams.get('as'))).toEqual([
      null,
      'brand',
      'brand',
      'brand',
    ]);
    expect(links.every((url) => url.pathname === '/register')).toBe(true);
    expect(world.outbox.messages.map(({ data }) => data.account)).toEqual([
      undefined,
      'brand',
      'brand',
      'brand',
    ]);
  });

  it('invites the next N confirmed entries by seat, e-mails each a link and marks them invited', async () => {
    const world = await invitesWorld({ confirmed: 3 });
    const result = await send(world, { kind: 'next', count: 2 }, 'admin-1');

    expect(result).toMatchObject({ invited: 2, resent: 0, skipped: [] });
    expect(result.waveId).not.toBeNull();
    const [first, second, third] = world.people;
    expect(world.outbox.messages.map(({ to }) => to.email)).toEqual([first?.email, second?.email]);
    const mail = world.outbox.messages[0];
    expect(mail?.kind).toBe('early-access-invite');
    expect(mail?.data.inviteUrl).toMatch(/^https:\/\/paylock\.test\/register\?invite=[\w-]{43}$/);
    expect(mail?.data.expiresInDays).toBe('14');
    // A fresh 7-day link to the person's own page (#13), for that entry.
    const personal = new URL(mail?.data.personalUrl ?? '');
    expect(personal.origin + personal.pathname).toBe('https://paylock.test/waitlist/me');
    await expect(
      world.tokens.check(
        personal.searchParams.get('token') ?? '',
        'personal-link',
        world.clock.now(),
      ),
    ).resolves.toMatchObject({ status: 'valid', subject: first?.id });
    expect(world.entries.entries.get(first?.id ?? '')?.status).toBe('invited');
    expect(world.entries.entries.get(third?.id ?? '')?.status).toBe('confirmed');
    expect(world.entries.entries.get(first?.id ?? '')?.history.at(-1)?.event).toBe('invited');
    // Stored as a hash only.
    const stored = [...world.store.invites.values()];
    expect(stored.map(({ codeHash }) => codeHash)).not.toContain(
      codeSentTo(world, first?.email ?? ''),
    );
  });

  it('"next" never picks an entry twice: the next wave starts after the invited ones', async () => {
    const world = await invitesWorld({ confirmed: 3 });
    await send(world, { kind: 'next', count: 2 }, 'admin-1');
    const result = await send(world, { kind: 'next', count: 5 }, 'admin-1');
    expect(result).toMatchObject({ invited: 1, resent: 0 });
    expect(world.outbox.messages.at(-1)?.to.email).toBe(world.people[2]?.email);
  });

  it('"next" right after a wave skips the entries whose status is still being written', async () => {
    const world = await invitesWorld({ confirmed: 3 });
    await world.sendInvites.execute({ kind: 'next', count: 2 }, 'admin-1'); // not awaited: marking
    const result = await world.sendInvites.execute({ kind: 'next', count: 2 }, 'admin-1');
    await world.sendInvites.whenMarked();
    expect(result).toMatchObject({ invited: 1, resent: 0 });
    expect(world.outbox.messages).toHaveLength(3);
    expect(world.store.invites.size).toBe(3);
  });

  it('marks the entries a stopped process left confirmed, once', async () => {
    const world = await invitesWorld({ confirmed: 2 });
    await send(world, { kind: 'next', count: 2 }, 'admin-1');
    const [first] = world.people;
    // As if the process had stopped before writing this entry's status.
    const entry = world.entries.entries.get(first?.id ?? '');
    if (!entry) throw new Error('no entry');
    world.entries.entries.set(entry.id, {
      ...entry,
      status: 'confirmed',
      history: entry.history.slice(0, -1),
    });
    await world.sendInvites.markUnmarkedEntries();
    await world.sendInvites.markUnmarkedEntries();
    const repaired = world.entries.entries.get(entry.id);
    expect(repaired?.status).toBe('invited');
    expect(repaired?.history.filter(({ event }) => event === 'invited')).toHaveLength(1);
  });

  it('inviting an invited entry again re-sends (a new code, the old one stops working), never a second invite', async () => {
    const world = await invitesWorld({ confirmed: 1 });
    const email = world.people[0]?.email ?? '';
    const id = world.people[0]?.id ?? '';
    await send(world, { kind: 'selected', entryIds: [id] }, 'admin-1');
    const firstCode = codeSentTo(world, email);
    world.clock.advance(10 * DAY);
    const again = await send(world, { kind: 'selected', entryIds: [id] }, 'admin-1');

    expect(again).toMatchObject({ invited: 0, resent: 1 });
    expect(world.store.invites.size).toBe(1);
    expect(world.outbox.messages.filter(({ to }) => to.email === email)).toHaveLength(2);
    const secondCode = codeSentTo(world, email);
    expect(secondCode).not.toBe(firstCode);
    await expect(world.redemptions.preview(firstCode)).rejects.toBeInstanceOf(InviteInvalidError);
    // The re-send restarted the validity: 14 days from now, not from the first sending.
    const preview = await world.redemptions.preview(secondCode);
    expect(preview.expiresAt).toEqual(new Date(world.clock.now().getTime() + 14 * DAY));
    expect(world.entries.entries.get(id)?.history.at(-1)?.event).toBe('invite-resent');
  });

  it('skips unknown, unconfirmed and honeypot entries, saying why', async () => {
    const world = await invitesWorld({ confirmed: 1 });
    const result = await send(
      world,
      {
        kind: 'selected',
        entryIds: ['ffffffffffffffffffffffff', world.unconfirmedId, world.botId],
      },
      'admin-1',
    );
    expect(result).toEqual({
      waveId: null,
      invited: 0,
      resent: 0,
      skipped: [
        { entryId: 'ffffffffffffffffffffffff', reason: 'not-found' },
        { entryId: world.unconfirmedId, reason: 'not-confirmed' },
        { entryId: world.botId, reason: 'not-found' },
      ],
    });
    expect(world.outbox.messages).toHaveLength(0);
    expect(world.store.waves).toHaveLength(0);
  });

  it('skips a revoked invite and a joined entry', async () => {
    const world = await invitesWorld({ confirmed: 2 });
    const [first, second] = world.people.map(({ id }) => id);
    await send(world, { kind: 'next', count: 2 }, 'admin-1');
    await world.revoke.execute(first ?? '');
    const claim = await world.redemptions.claim(codeSentTo(world, world.people[1]?.email ?? ''), {
      userId: 'user-9',
      googleId: 'google-9',
    });
    await world.redemptions.complete(claim, { userId: 'user-9', email: 'other@gmail.com' });

    const result = await send(
      world,
      { kind: 'selected', entryIds: [first ?? '', second ?? ''] },
      'admin-1',
    );
    expect(result.skipped).toEqual([
      { entryId: second, reason: 'joined' },
      { entryId: first, reason: 'revoked' },
    ]);
  });
});

describe('InviteRedemptions', () => {
  async function invitedWorld() {
    const world = await invitesWorld({ confirmed: 1 });
    await send(world, { kind: 'next', count: 1 }, 'admin-1');
    const person = world.people[0] ?? { id: '', email: '' };
    return { world, person, code: codeSentTo(world, person.email) };
  }

  it('shows only the masked address of a valid invite', async () => {
    const { world, person, code } = await invitedWorld();
    expect(await world.redemptions.preview(code)).toEqual({
      maskedEmail: maskEmail(person.email),
      expiresAt: new Date(world.clock.now().getTime() + 14 * DAY),
    });
    expect(maskEmail(person.email)).toBe('c***1@e***e.com');
  });

  it('redeems once: links the account to the entry (joined), whatever its Google e-mail', async () => {
    const { world, person, code } = await invitedWorld();
    const claim = await world.redemptions.claim(code, { userId: 'user-1', googleId: 'g-1' });
    await world.redemptions.complete(claim, { userId: 'user-1', email: 'asha.creates@gmail.com' });

    expect(world.entries.entries.get(person.id)?.status).toBe('joined');
    expect(world.entries.joinedAccounts.get(person.id)).toEqual({
      accountId: 'user-1',
      email: 'asha.creates@gmail.com',
    });
    await expect(world.redemptions.preview(code)).rejects.toBeInstanceOf(InviteUsedError);
    await expect(
      world.redemptions.claim(code, { userId: 'user-2', googleId: 'g-2' }),
    ).rejects.toBeInstanceOf(InviteUsedError);
  });

  it('lets exactly one of many simultaneous claims win; a second Google account is told it is used', async () => {
    const { world, code } = await invitedWorld();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) =>
        world.redemptions.claim(code, { userId: `user-${index}`, googleId: `g-${index}` }),
      ),
    );
    const won = outcomes.filter(({ status }) => status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const outcome of outcomes.filter(({ status }) => status === 'rejected')) {
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(InviteUsedError);
    }
  });

  it('lets the same Google identity resume its own claim (a second tab, a crash before the account)', async () => {
    const { world, code } = await invitedWorld();
    const first = await world.redemptions.claim(code, { userId: 'user-1', googleId: 'g-1' });
    const again = await world.redemptions.claim(code, { userId: 'user-2', googleId: 'g-1' });
    expect(first).toMatchObject({ userId: 'user-1', fresh: true });
    expect(again).toMatchObject({ userId: 'user-1', fresh: false });
  });

  it('gives a claim back when the account could not be created, so the invite works again', async () => {
    const { world, code } = await invitedWorld();
    const claim = await world.redemptions.claim(code, { userId: 'user-1', googleId: 'g-1' });
    await world.redemptions.release(claim);
    await expect(
      world.redemptions.claim(code, { userId: 'user-2', googleId: 'g-2' }),
    ).resolves.toMatchObject({ fresh: true });
  });

  it('refuses expired, revoked, tampered, unknown and malformed codes', async () => {
    const { world, person, code } = await invitedWorld();
    const tampered = (code.startsWith('A') ? 'B' : 'A') + code.slice(1);
    await expect(world.redemptions.preview(tampered)).rejects.toBeInstanceOf(InviteInvalidError);
    await expect(world.redemptions.preview('x'.repeat(43))).rejects.toBeInstanceOf(
      InviteInvalidError,
    );
    for (const malformed of ['', 'short', `${code}=`, { $ne: null }, ['a'], 42]) {
      await expect(world.redemptions.preview(malformed)).rejects.toBeInstanceOf(InviteInvalidError);
    }
    world.clock.advance(14 * DAY);
    await expect(world.redemptions.preview(code)).rejects.toBeInstanceOf(InviteExpiredError);
    await expect(
      world.redemptions.claim(code, { userId: 'u', googleId: 'g' }),
    ).rejects.toBeInstanceOf(InviteExpiredError);
    await world.revoke.execute(person.id);
    await expect(world.redemptions.preview(code)).rejects.toBeInstanceOf(InviteRevokedError);
  });

  it('a revocation and a redemption cannot both win', async () => {
    const { world, person, code } = await invitedWorld();
    await world.redemptions.claim(code, { userId: 'user-1', googleId: 'g-1' });
    await expect(world.revoke.execute(person.id)).rejects.toBeInstanceOf(
      InviteAlreadyRedeemedError,
    );
    const other = await invitedWorld();
    await other.world.revoke.execute(other.person.id);
    await other.world.revoke.execute(other.person.id); // twice is fine
    await expect(
      other.world.redemptions.claim(other.code, { userId: 'u', googleId: 'g' }),
    ).rejects.toBeInstanceOf(InviteRevokedError);
  });

  it('revoking an entry without an invite is refused', async () => {
    const world = await invitesWorld({ confirmed: 1 });
    await expect(world.revoke.execute(world.people[0]?.id ?? '')).rejects.toBeInstanceOf(
      InviteNotFoundError,
    );
  });
});

describe('GetInviteFunnel', () => {
  it('counts each wave: invited, pending, redeemed, expired, revoked', async () => {
    const world = await invitesWorld({ confirmed: 4 });
    await send(world, { kind: 'next', count: 3 }, 'admin-1');
    const [a, b] = world.people;
    const claim = await world.redemptions.claim(codeSentTo(world, a?.email ?? ''), {
      userId: 'user-1',
      googleId: 'g-1',
    });
    await world.redemptions.complete(claim, { userId: 'user-1', email: a?.email ?? '' });
    await world.revoke.execute(b?.id ?? '');
    world.clock.advance(15 * DAY);
    await send(world, { kind: 'next', count: 1 }, 'admin-1');

    const [newest, oldest] = await world.funnel.execute();
    expect(newest).toMatchObject({ invited: 1, pending: 1, redeemed: 0, expired: 0, revoked: 0 });
    expect(oldest).toMatchObject({ invited: 3, pending: 0, redeemed: 1, expired: 1, revoked: 1 });
  });
});

describe('InviteePersonalData (erasure of an invited entry, #13)', () => {
  it('forgets the address, name, code, entry and account; the funnel counts the same', async () => {
    const world = await invitesWorld({ confirmed: 3 });
    await send(world, { kind: 'next', count: 3 }, 'admin-1');
    const [first, second] = world.people;
    const code = codeSentTo(world, first?.email ?? '');
    await world.redemptions.claim(code, { userId: 'user-1', googleId: 'google-1' });
    const claimed = await world.store.findByEntryId(first?.id ?? '');
    await world.store.markRedeemed(
      claimed?.id ?? '',
      { userId: 'user-1', email: 'asha@gmail.com' },
      world.clock.now(),
    );
    const before = await world.funnel.execute();

    for (const person of [first, second]) {
      await expect(world.inviteeData.addressesOf(person?.id ?? '')).resolves.toEqual([
        person?.email,
      ]);
      await world.inviteeData.forget(person?.id ?? '', world.clock.now());
      await world.inviteeData.forget(person?.id ?? '', world.clock.now()); // a rerun: no change
      await expect(world.inviteeData.addressesOf(person?.id ?? '')).resolves.toEqual([]);
    }

    const text = JSON.stringify([...world.store.invites.values(), ...world.store.claims.values()]);
    for (const trace of [first?.email, second?.email, first?.id, second?.id, 'Creator 1']) {
      expect(text).not.toContain(trace);
    }
    expect(text).not.toContain('asha@gmail.com');
    expect(text).not.toContain('user-1');
    expect(text).not.toContain('google-1');
    await expect(world.redemptions.claim(code, { userId: 'u2', googleId: 'g2' })).rejects.toThrow(
      InviteInvalidError,
    );
    // Redeemed stays redeemed; the pending one no longer works: expired from the erasure on.
    const after = await world.funnel.execute();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      invited: before[0]?.invited,
      redeemed: before[0]?.redeemed,
      pending: (before[0]?.pending ?? 0) - 1,
      expired: (before[0]?.expired ?? 0) + 1,
    });
  });
});
