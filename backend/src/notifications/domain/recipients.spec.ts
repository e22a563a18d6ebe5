import { dealWith, milestone } from '../../../test/support/notification-deals.js';
import {
  ADMINS,
  actionPathAt,
  brandRecipientOf,
  creatorRecipientOf,
  withMilestone,
} from './recipients.js';

const ASHA = { name: 'Asha', email: 'asha@example.in' };
const deal = dealWith([milestone('m1', 'funded'), milestone('m2', 'pending')]);
const workspaceDeal = {
  ...deal,
  brandParty: { channel: 'account', brandId: 'b7', mobile: '98765 43210' },
} as const;

describe("a notice's one action opens the screen at its milestone", () => {
  it("the creator's deal page, at the milestone", () => {
    expect(actionPathAt(creatorRecipientOf(deal, ASHA), 'm2')).toBe(
      '/creator/contracts/d1?milestone=m2',
    );
  });

  it("a brand workspace's deals, at the deal and its milestone (the workspace has no deal page)", () => {
    expect(actionPathAt(brandRecipientOf(workspaceDeal), 'm1')).toBe(
      '/brand/deals?deal=d1&milestone=m1',
    );
  });

  it('a notice about the whole deal opens the deal, at no milestone', () => {
    expect(actionPathAt(creatorRecipientOf(deal, ASHA), null)).toBe('/creator/contracts/d1');
    expect(actionPathAt(brandRecipientOf(workspaceDeal), null)).toBe('/brand/deals?deal=d1');
  });

  it("the admins' list is not a milestone's page: their path stays as it is", () => {
    expect(actionPathAt(ADMINS, 'm1')).toBe('/admin/disputes');
  });

  it('a mailed review link keeps its token first and names the milestone after it', () => {
    expect(withMilestone('https://paylock.in/deal-review?token=abc', 'm 1')).toBe(
      'https://paylock.in/deal-review?token=abc&milestone=m%201',
    );
  });

  it('escapes ids in the address', () => {
    const odd = { ...deal, id: 'd/1?x' };
    expect(actionPathAt(creatorRecipientOf(odd, ASHA), 'm&2')).toBe(
      '/creator/contracts/d%2F1%3Fx?milestone=m%262',
    );
    expect(actionPathAt(brandRecipientOf({ ...workspaceDeal, id: 'd&1' }), null)).toBe(
      '/brand/deals?deal=d%261',
    );
  });
});
