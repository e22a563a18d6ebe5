import {
  BLOCKING_STATES,
  type MoneyBlocker,
  blockerInWords,
  type ErasureDeal,
  invoiceKeptUntil,
  isErasureConfirmed,
  keptAfterErasure,
  moneyBlockersOf,
  offersToDelete,
} from './account-erasure.js';

const NOW = new Date('2026-11-28T06:00:00Z');

function only(blockers: readonly MoneyBlocker[]): MoneyBlocker {
  const [first] = blockers;
  if (!first) throw new Error('no blocker');
  return first;
}

function deal(milestones: ErasureDeal['milestones'], state = 'accepted'): ErasureDeal {
  return {
    id: 'deal-1',
    title: 'Diwali reel',
    state,
    updatedAt: NOW,
    history: [{ to: 'sent' }, ...(state === 'accepted' ? [{ to: 'accepted' }] : [])],
    milestones,
    contracts: [],
  };
}

function milestone(state: string, money: Partial<ErasureDeal['milestones'][number]> = {}) {
  return {
    id: `m-${state}`,
    name: `Reel (${state})`,
    state,
    fundedAt: null,
    releasedAt: null,
    refundedAt: null,
    ...money,
  };
}

describe('erasing one’s account: what refuses it', () => {
  it.each(BLOCKING_STATES)(
    'a milestone %s refuses it, naming the deal, milestone and state',
    (state) => {
      const blockers = moneyBlockersOf([deal([milestone('pending'), milestone(state)])]);
      expect(blockers).toEqual([
        {
          dealId: 'deal-1',
          dealTitle: 'Diwali reel',
          milestoneId: `m-${state}`,
          milestoneName: `Reel (${state})`,
          state,
        },
      ]);
      expect(blockerInWords(only(blockers))).toMatch(
        new RegExp(`^“Reel \\(${state}\\)” of “Diwali reel” is `),
      );
    },
  );

  it.each(['pending', 'settled', 'refunded'])(
    'a milestone %s does not (no money held for anyone)',
    (state) => {
      expect(moneyBlockersOf([deal([milestone(state)])])).toEqual([]);
    },
  );

  it('says what each blocking state means for the money', () => {
    const words = (state: string) =>
      blockerInWords(only(moneyBlockersOf([deal([milestone(state)])])));
    expect(words('funded')).toContain('is funded (its money is held)');
    expect(words('released')).toContain('on its way to the bank');
    expect(words('disputed')).toContain('is disputed');
  });

  it('asks for the phrase typed, in any case, spaces around it ignored', () => {
    expect(isErasureConfirmed('  erase my account ')).toBe(true);
    expect(isErasureConfirmed('ERASE MY ACCOUNT')).toBe(true);
    expect(isErasureConfirmed('erase')).toBe(false);
    expect(isErasureConfirmed('')).toBe(false);
  });
});

describe('erasing one’s account: what is kept, why, until when', () => {
  it('keeps invoices 72 months from the annual return’s due date of their financial year', () => {
    // FY 2026-27 (April 2026 – March 2027): annual return due 31 Dec 2027, kept to 31 Dec 2033.
    expect(invoiceKeptUntil(new Date('2026-04-01T00:00:00+05:30'))).toBe('2033-12-31');
    expect(invoiceKeptUntil(new Date('2027-03-31T23:59:00+05:30'))).toBe('2033-12-31');
    // 1 April in India is still 31 March in UTC: the Indian date decides the year.
    expect(invoiceKeptUntil(new Date('2027-03-31T19:00:00Z'))).toBe('2034-12-31');
  });

  it('keeps a deal with money for the invoices’ period, one with a contract only for 3 years', () => {
    const released = milestone('settled', {
      fundedAt: new Date('2026-05-01T00:00:00Z'),
      releasedAt: new Date('2027-05-01T00:00:00Z'),
    });
    const kept = keptAfterErasure(
      [
        deal([released]),
        { ...deal([milestone('pending')]), id: 'deal-2', title: 'Reel without money' },
      ],
      'creator',
      NOW,
    );
    expect(kept[0]).toMatchObject({
      what: expect.stringContaining('“Diwali reel”: its signed contract') as string,
      why: expect.stringContaining('72 months') as string,
      until: '2034-12-31',
    });
    expect(kept[1]).toMatchObject({
      what: expect.stringContaining('“Reel without money”') as string,
      why: expect.stringContaining('Limitation Act') as string,
      until: '2029-11-28',
    });
    // The erasure's own record (the account id only) lasts as long as the longest of them.
    expect(kept.at(-1)).toMatchObject({ until: '2034-12-31' });
  });

  it('deletes a creator’s offers never accepted (no money, no signed contract) and keeps none of them', () => {
    const offers = ['draft', 'sent', 'declined', 'expired', 'changes_requested', 'cancelled'].map(
      (state) => deal([milestone('pending')], state),
    );
    expect(offersToDelete(offers, 'creator')).toEqual(offers);
    expect(keptAfterErasure(offers, 'creator', NOW)).toHaveLength(1);
  });

  it('keeps an offer the brand signed, or with money, and never deletes a brand’s deals', () => {
    const signed = {
      ...deal([milestone('pending')], 'sent'),
      contracts: [{ brandAcceptance: {}, signedSha256: 'abc' }],
    };
    const refunded = deal([milestone('refunded', { fundedAt: NOW, refundedAt: NOW })], 'declined');
    const accepted = deal([milestone('pending')]);
    expect(offersToDelete([signed, refunded, accepted], 'creator')).toEqual([]);
    expect(offersToDelete([deal([milestone('pending')], 'sent')], 'brand')).toEqual([]);
  });

  it('names what a brand’s kept deal holds of it: the mobile number that accepted it', () => {
    const [record] = keptAfterErasure([deal([milestone('pending')])], 'brand', NOW);
    expect(record?.what).toContain('the mobile number that accepted it');
  });
});
