import { FakeClock } from '../../../test/support/fake-clock.js';
import {
  FakeContractPdfRenderer,
  FakeUserDirectory,
  InMemoryContractDocuments,
  InMemoryDealRepository,
  allowingCreatorLimits,
} from '../../../test/support/deal-fakes.js';
import { FakePayoutAccounts } from '../../../test/support/fake-payment-gateway.js';
import { InMemoryLinkTokens, RecordingOutbox } from '../../../test/support/waitlist-fakes.js';
import {
  ContractRenderFailedError,
  DealChangedConcurrentlyError,
  DealLinkClosedError,
  DealLinkExpiredError,
  DealLinkInvalidError,
  DealNotEditableError,
  DealNotFoundError,
  InvalidDealError,
} from '../domain/deal.errors.js';
import type { DealTermsInput } from '../domain/deal-terms.js';
import { BrandDeals } from './brand-deals.use-case.js';
import { BrandMoneyLinks } from './brand-money-links.js';
import { BrandReviews } from './brand-review.use-case.js';
import { ContractPublisher } from './contract-publisher.js';
import {
  CancelDeal,
  CreateDeal,
  type Creator,
  DealTransitions,
  GetDeal,
  SendDeal,
  UpdateDeal,
} from './creator-deals.use-case.js';
import { DealSettings } from './ports/deal-settings.js';
import { type DealListRow, DealLists } from './ports/deal-lists.js';
import type { BrandContact } from './ports/deal.repository.js';
import { boundPartyOf, currentContract } from '../domain/deal.js';

const DAY = 86_400_000;
const ASHA: Creator = { id: 'user-asha', name: 'Asha Rao', email: 'asha@gmail.com' };
const ORIGIN = { ip: '203.0.113.7', userAgent: 'Browser/1.0' };

function terms(): DealTermsInput {
  return {
    title: 'Diwali launch',
    brand: {
      companyName: 'Glow Naturals',
      contactName: 'Priya Mehta',
      contactEmail: 'priya@glow.in',
      contactMobile: '9876543210',
    },
    deliverables: [
      {
        platform: 'instagram',
        kind: 'reel',
        quantity: 1,
        dueDate: '2026-12-20',
        usageRights: '',
        usagePeriodDays: 30,
      },
    ],
    milestones: [
      { name: 'A', releaseCondition: 'Signed', amountPaise: 2_500_000, dueDate: '2026-12-01' },
      { name: 'B', releaseCondition: 'Live', amountPaise: 10_000_000, dueDate: '2026-12-20' },
    ],
    totalPaise: 12_500_000,
  };
}

function setUp() {
  const clock = new FakeClock(new Date('2026-11-25T10:00:00.000Z'));
  const deals = new InMemoryDealRepository();
  const documents = new InMemoryContractDocuments();
  const renderer = new FakeContractPdfRenderer();
  const links = new InMemoryLinkTokens();
  const moneyLinks = new BrandMoneyLinks(deals, links, clock);
  const outbox = new RecordingOutbox();
  const users = new FakeUserDirectory();
  users.users.set(ASHA.id, { name: ASHA.name, email: ASHA.email });
  const settings = new DealSettings(14, 'https://paylock.in');
  const transitions = new DealTransitions(deals, clock);
  const getDeal = new GetDeal(deals, transitions);
  const publisher = new ContractPublisher(renderer);
  return {
    clock,
    deals,
    documents,
    renderer,
    outbox,
    create: new CreateDeal(deals, clock),
    getDeal,
    update: new UpdateDeal(getDeal, transitions, clock),
    cancel: new CancelDeal(getDeal, transitions),
    send: new SendDeal(
      getDeal,
      transitions,
      deals,
      publisher,
      documents,
      links,
      outbox,
      settings,
      clock,
      allowingCreatorLimits(clock),
      new FakePayoutAccounts(),
    ),
    reviews: new BrandReviews(
      deals,
      transitions,
      documents,
      publisher,
      links,
      moneyLinks,
      outbox,
      users,
      settings,
      clock,
    ),
    brandDeals: new BrandDeals(deals, new InMemoryDealLists(deals), transitions, moneyLinks, clock),
    tokenSent: () => outbox.linkTokenSentTo('priya@glow.in', 'reviewUrl', 'deal-review-request'),
  };
}

/** The brand's list as the read model keeps it, computed from the in-memory deals. */
class InMemoryDealLists extends DealLists {
  constructor(private readonly deals: InMemoryDealRepository) {
    super();
  }

  creatorPage(): Promise<never> {
    return Promise.reject(new Error('not used by these cases'));
  }

  counts(): Promise<never> {
    return Promise.reject(new Error('not used by these cases'));
  }

  recentlyUpdated(): Promise<never> {
    return Promise.reject(new Error('not used by these cases'));
  }

  settle(): Promise<void> {
    return Promise.resolve();
  }

  async sentToBrand(contact: BrandContact, limit: number): Promise<DealListRow[]> {
    return (await this.deals.sentToBrand(contact, limit)).map((deal) => {
      const party = boundPartyOf(deal);
      return {
        ...deal,
        brandCompany: deal.brand.companyName,
        creatorName: currentContract(deal)?.creatorAcceptance.fullName ?? '',
        milestoneCount: deal.milestones.length,
        bound: party
          ? party.channel === 'account'
            ? { channel: 'account', brandId: party.brandId }
            : { channel: 'email' }
          : null,
      };
    });
  }
}

describe('deal use cases', () => {
  it("sends: stores the contract and its hash, records the creator's acceptance, e-mails the brand", async () => {
    const s = setUp();
    const draft = await s.create.execute(ASHA, terms());
    const sent = await s.send.execute(ASHA, draft.id, ORIGIN);
    expect(sent.state).toBe('sent');
    expect(sent.linkExpiresAt).toEqual(new Date(s.clock.now().getTime() + 14 * DAY));
    const stored = await s.documents.find(draft.id, 1, 'contract');
    expect(sent.contracts[0]).toMatchObject({
      version: 1,
      sha256: stored?.sha256,
      creatorAcceptance: {
        fullName: 'Asha Rao',
        ip: '203.0.113.7',
        documentSha256: stored?.sha256,
      },
      brandAcceptance: null,
    });
    expect(s.outbox.messages.map(({ kind, to }) => `${kind}:${to.email}`)).toEqual([
      'deal-review-request:priya@glow.in',
    ]);
    expect(s.outbox.messages[0]?.data.reviewUrl).toMatch(
      /^https:\/\/paylock\.in\/deal-review\?token=/,
    );
  });

  it('leaves the deal a draft, with the error, when the PDF cannot be rendered', async () => {
    const s = setUp();
    const draft = await s.create.execute(ASHA, terms());
    s.renderer.failNext = true;
    await expect(s.send.execute(ASHA, draft.id, ORIGIN)).rejects.toBeInstanceOf(
      ContractRenderFailedError,
    );
    const after = await s.getDeal.execute(ASHA.id, draft.id);
    expect(after.state).toBe('draft');
    expect(after.lastError?.code).toBe('CONTRACT_RENDER_FAILED');
    expect(after.contracts).toEqual([]);
    expect(s.outbox.messages).toEqual([]);
    // Trying again works and clears the error.
    const sent = await s.send.execute(ASHA, draft.id, ORIGIN);
    expect(sent).toMatchObject({ state: 'sent', lastError: null });
  });

  it("hides another creator's deal", async () => {
    const s = setUp();
    const draft = await s.create.execute(ASHA, terms());
    await expect(s.getDeal.execute('user-ravi', draft.id)).rejects.toBeInstanceOf(
      DealNotFoundError,
    );
    await expect(s.cancel.execute('user-ravi', draft.id)).rejects.toBeInstanceOf(DealNotFoundError);
  });

  it('expires a sent deal after the link validity, lazily on read; the link then answers expired', async () => {
    const s = setUp();
    const draft = await s.create.execute(ASHA, terms());
    await s.send.execute(ASHA, draft.id, ORIGIN);
    const token = s.tokenSent();
    s.clock.advance(14 * DAY - 1);
    await expect(s.reviews.open(token)).resolves.toMatchObject({ deal: { state: 'sent' } });
    s.clock.advance(1);
    await expect(s.reviews.accept(token, 'Priya', ORIGIN)).rejects.toBeInstanceOf(
      DealLinkExpiredError,
    );
    const expired = await s.getDeal.execute(ASHA.id, draft.id);
    expect(expired.state).toBe('expired');
    expect(expired.history.at(-1)).toMatchObject({ from: 'sent', to: 'expired', by: 'system' });
  });

  it('lets exactly one of a racing cancel and accept win; the loser gets a clear conflict', async () => {
    const s = setUp();
    const draft = await s.create.execute(ASHA, terms());
    await s.send.execute(ASHA, draft.id, ORIGIN);
    const token = s.tokenSent();
    const results = await Promise.allSettled([
      s.cancel.execute(ASHA.id, draft.id),
      s.reviews.accept(token, 'Priya Mehta', ORIGIN),
    ]);
    const won = results.filter(({ status }) => status === 'fulfilled');
    const lost = results.filter((result) => result.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    const reason = (lost[0] as PromiseRejectedResult).reason as Error;
    expect(
      [DealChangedConcurrentlyError, DealLinkClosedError].some((type) => reason instanceof type),
    ).toBe(true);
    const final = await s.getDeal.execute(ASHA.id, draft.id);
    expect(final.history.filter(({ from }) => from === 'sent')).toHaveLength(1);
  });

  it('opens version 2 when the creator edits a deal sent back for changes; edits of others are refused', async () => {
    const s = setUp();
    const draft = await s.create.execute(ASHA, terms());
    await s.send.execute(ASHA, draft.id, ORIGIN);
    await expect(s.update.execute(ASHA, draft.id, terms())).rejects.toBeInstanceOf(
      DealNotEditableError,
    );
    await s.reviews.requestChanges(s.tokenSent(), 'Later please');
    const revised = await s.update.execute(ASHA, draft.id, { ...terms(), title: 'Revised' });
    expect(revised).toMatchObject({ state: 'draft', version: 2, title: 'Revised' });
    expect(revised.history.map(({ to }) => to)).toEqual([
      'draft',
      'sent',
      'changes_requested',
      'draft',
    ]);
    expect(revised.history[2]?.note).toBe('Later please');
    await expect(s.reviews.open('not-a-token')).rejects.toBeInstanceOf(DealLinkInvalidError);
  });

  it("e-mails the creator on each of the brand's answers and both parties the signed copy", async () => {
    const s = setUp();
    const draft = await s.create.execute(ASHA, terms());
    await s.send.execute(ASHA, draft.id, ORIGIN);
    const accepted = await s.reviews.accept(s.tokenSent(), 'Priya Mehta', ORIGIN);
    expect(accepted.state).toBe('accepted');
    expect(accepted.contracts[0]?.signedSha256).toMatch(/^[a-f0-9]{64}$/);
    const kinds = s.outbox.messages.map(({ kind, to }) => `${kind}:${to.email}`);
    expect(kinds).toEqual([
      'deal-review-request:priya@glow.in',
      'deal-brand-action:asha@gmail.com',
      'deal-signed:priya@glow.in',
      'deal-signed:asha@gmail.com',
    ]);
    const signed = s.outbox.messages.filter(({ kind }) => kind === 'deal-signed');
    expect(
      signed.every(({ attachments }) => attachments?.[0]?.contentType === 'application/pdf'),
    ).toBe(true);
    const rendered = new TextDecoder().decode(signed[0]?.attachments?.[0]?.content);
    expect(rendered).toContain('Audit trail');
  });
});

describe("the brand's billing details on acceptance", () => {
  it('stores the GSTIN (upper-cased) and address with the acceptance, and puts them in the audit trail', async () => {
    const s = setUp();
    const draft = await s.create.execute(ASHA, terms());
    await s.send.execute(ASHA, draft.id, ORIGIN);
    const accepted = await s.reviews.accept(s.tokenSent(), 'Priya Mehta', ORIGIN, {
      gstin: ' 27aaacr5055k1z7 ',
      billingAddress: '  12 MG Road\r\nPune 411001  ',
    });
    expect(accepted.state).toBe('accepted');
    const stored = await s.getDeal.execute(ASHA.id, draft.id);
    expect(stored.brand.billing).toEqual({
      gstin: '27AAACR5055K1Z7',
      address: '12 MG Road\nPune 411001',
    });
    expect(stored.contracts[0]?.brandAcceptance?.fullName).toBe('Priya Mehta');
    const signed = s.outbox.messages.find(({ kind }) => kind === 'deal-signed');
    const rendered = new TextDecoder().decode(signed?.attachments?.[0]?.content);
    expect(rendered).toContain('GSTIN: 27AAACR5055K1Z7');
  });

  it('accepts without them (no billing stored), as before', async () => {
    const s = setUp();
    const draft = await s.create.execute(ASHA, terms());
    await s.send.execute(ASHA, draft.id, ORIGIN);
    await s.reviews.accept(s.tokenSent(), 'Priya Mehta', ORIGIN, {
      gstin: '',
      billingAddress: ' ',
    });
    const stored = await s.getDeal.execute(ASHA.id, draft.id);
    expect(stored.state).toBe('accepted');
    expect(stored.brand.billing).toBeUndefined();
  });

  it('refuses a GSTIN with a wrong check character or invisible characters, naming the field; the deal stays sent', async () => {
    const s = setUp();
    const draft = await s.create.execute(ASHA, terms());
    await s.send.execute(ASHA, draft.id, ORIGIN);
    const token = s.tokenSent();
    for (const gstin of ['27AAACR5055K1Z8', '27AAACR5055K1Z\u200b7', 'hello']) {
      const error: unknown = await s.reviews
        .accept(token, 'Priya Mehta', ORIGIN, { gstin })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(InvalidDealError);
      expect(Object.keys((error as InvalidDealError).fieldErrors)).toEqual(['gstin']);
    }
    const tooLong: unknown = await s.reviews
      .accept(token, 'Priya Mehta', ORIGIN, { billingAddress: 'x'.repeat(301) })
      .catch((caught: unknown) => caught);
    expect((tooLong as InvalidDealError).fieldErrors).toHaveProperty('billingAddress');
    const control: unknown = await s.reviews
      .accept(token, 'Priya Mehta', ORIGIN, { billingAddress: 'Pune\u0000' })
      .catch((caught: unknown) => caught);
    expect((control as InvalidDealError).fieldErrors).toHaveProperty('billingAddress');
    expect((await s.getDeal.execute(ASHA.id, draft.id)).state).toBe('sent');
    await expect(
      s.reviews.accept('another-token', 'Priya Mehta', ORIGIN, { gstin: '27AAACR5055K1Z7' }),
    ).rejects.toBeInstanceOf(DealLinkInvalidError);
  });
});

describe("the brand workspace's deals", () => {
  const MINE = { mobile: '9876543210' };
  const MY_ACCOUNT = { id: 'brand-1', contact: MINE };

  it('lists what was sent to the number, and mints review links that open it like the e-mailed one', async () => {
    const s = setUp();
    const draft = await s.create.execute(ASHA, terms());
    expect(await s.brandDeals.list(MY_ACCOUNT)).toEqual([]);
    await s.send.execute(ASHA, draft.id, ORIGIN);
    const [line] = await s.brandDeals.list(MY_ACCOUNT);
    expect(line).toMatchObject({
      id: draft.id,
      state: 'sent',
      creatorName: 'Asha Rao',
      totalPaise: 12_500_000,
      milestoneCount: 2,
    });
    expect(await s.brandDeals.list({ id: 'b2', contact: { mobile: '9123456789' } })).toEqual([]);

    const link = await s.brandDeals.reviewLink(MY_ACCOUNT, draft.id);
    expect(link.expiresAt).toEqual(new Date(s.clock.now().getTime() + 3_600_000));
    expect((await s.reviews.open(link.token)).deal.id).toBe(draft.id);
    await expect(
      s.brandDeals.reviewLink({ id: 'b2', contact: { mobile: '9123456789' } }, draft.id),
    ).rejects.toThrow(DealNotFoundError);
  });

  it('never mints a link past the deal’s own expiry, and shows a lapsed deal as expired', async () => {
    const s = setUp();
    const draft = await s.create.execute(ASHA, terms());
    const sent = await s.send.execute(ASHA, draft.id, ORIGIN);
    s.clock.advance(14 * DAY - 60_000);
    const link = await s.brandDeals.reviewLink(MY_ACCOUNT, draft.id);
    expect(link.expiresAt).toEqual(sent.linkExpiresAt);
    s.clock.advance(120_000);
    const [line] = await s.brandDeals.list(MY_ACCOUNT);
    expect(line?.state).toBe('expired');
    expect((await s.deals.findById(draft.id))?.history.at(-1)?.to).toBe('expired');
  });
});
