import {
  actorOf,
  parseReviewSubject,
  partyProvenBy,
  reviewSubjectOf,
  speaksFor,
} from './brand-party.js';

describe('a deal-review token’s subject (who the link was issued to)', () => {
  it('round-trips both channels', () => {
    const mailed = reviewSubjectOf('d1', 2, { channel: 'email', email: 'priya@glow.in' });
    const minted = reviewSubjectOf('d1', 2, { channel: 'account', brandId: 'b7' });
    expect(mailed).toBe('d1:2:email:priya@glow.in');
    expect(parseReviewSubject(mailed)).toEqual({
      dealId: 'd1',
      version: 2,
      link: { channel: 'email', email: 'priya@glow.in' },
    });
    expect(parseReviewSubject(minted)).toEqual({
      dealId: 'd1',
      version: 2,
      link: { channel: 'account', brandId: 'b7' },
    });
  });

  it('reads a legacy subject as mailed to the deal’s contact address, and refuses anything else', () => {
    expect(parseReviewSubject('d1:1', () => 'priya@glow.in')).toEqual({
      dealId: 'd1',
      version: 1,
      link: { channel: 'email', email: 'priya@glow.in' },
    });
    for (const subject of ['', 'd1', 'd1:x', 'd1:0', 'd1:1:sms:123', 'd1:1:email:', ':1']) {
      expect(parseReviewSubject(subject, () => 'a@b.in')).toBeUndefined();
    }
  });

  it('lets a link speak only for the party proven by the same channel', () => {
    const byMail = partyProvenBy({ channel: 'email', email: 'priya@glow.in' }, '9876543210');
    const byAccount = partyProvenBy({ channel: 'account', brandId: 'b7' }, '9876543210');
    expect(byAccount).toEqual({ channel: 'account', brandId: 'b7', mobile: '9876543210' });
    expect(speaksFor({ channel: 'email', email: 'priya@glow.in' }, byMail)).toBe(true);
    expect(speaksFor({ channel: 'email', email: 'other@glow.in' }, byMail)).toBe(false);
    expect(speaksFor({ channel: 'account', brandId: 'b7' }, byMail)).toBe(false);
    expect(speaksFor({ channel: 'account', brandId: 'b7' }, byAccount)).toBe(true);
    expect(speaksFor({ channel: 'account', brandId: 'b8' }, byAccount)).toBe(false);
    expect(speaksFor({ channel: 'email', email: 'priya@glow.in' }, byAccount)).toBe(false);
    expect([actorOf(byMail), actorOf(byAccount)]).toEqual(['email:priya@glow.in', 'brand:b7']);
  });
});
