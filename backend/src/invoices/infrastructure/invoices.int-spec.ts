import mongoose, { type Connection } from 'mongoose';
import { waitForDatabase } from '../../../test/support/create-test-app.js';
import { testDatabaseUri } from '../../../test/support/test-database.js';
import { Clock } from '../../common/application/clock.js';
import { BrandMoneyLinks, type Deal, type DealReads } from '../../deals/deals.contract.js';
import { ledgerPortsOf, MongoLedger } from '../../ledger/index.js';
import {
  balancedTransaction,
  creatorAccount,
  type NewLedgerTransaction,
} from '../../ledger/ledger.contract.js';
import { LinkTokens } from '../../link-tokens/link-tokens.contract.js';
import {
  InvoiceNotices,
  type InvoiceNoticeOutcome,
  type IssuedInvoice,
} from '../../notifications/notifications.contract.js';
import { Invoicing } from '../application/invoicing.use-case.js';
import { CAUGHT_UP } from '../application/journal-walk.js';
import { InvoicePdfRenderer } from '../application/ports/invoice-pdf-renderer.js';
import { InvoiceSuppliers } from '../application/ports/invoice-suppliers.js';
import { InvoicesSettings } from '../application/ports/invoices-settings.js';
import { DEFAULT_GST_RATES } from '../domain/gst.js';
import type { Invoice } from '../domain/invoice.js';
import { MilestoneNotReleasedError } from '../domain/invoice.errors.js';
import { declaredModel } from '../../database/declared-model.js';
import { InvoiceRecord, InvoiceSchema } from './invoice-documents.js';
import { invoiceStoresOn, type MongoInvoices } from './mongo-invoices.js';
import { PdfmakeInvoiceRenderer } from './pdfmake-invoice-renderer.js';

const CREATOR = 'creator-1';
const GSTIN = '27AAPFU0939F1ZV';

class FixedClock extends Clock {
  constructor(public at: Date) {
    super();
  }
  now(): Date {
    return this.at;
  }
}

/** A deal with one released milestone (only the fields invoicing reads). */
function releasedDeal(index: number): Deal {
  return {
    id: `deal-${String(index)}`,
    creatorId: CREATOR,
    title: `Deal ${String(index)}`,
    gstApplies: true,
    gstin: GSTIN,
    brand: {
      companyName: 'Brand Pvt Ltd',
      contactName: 'Riya',
      contactEmail: 'riya@brand.example',
      contactMobile: '9876543210',
    },
    milestones: [
      {
        id: 'm1',
        name: 'Reel live',
        amountPaise: 10_000_00 + index,
        dueDate: '2026-12-31',
        state: 'released',
        releasedAt: new Date('2026-11-25T10:00:00Z'),
      },
    ],
  } as unknown as Deal;
}

class FlakyRenderer extends InvoicePdfRenderer {
  failures = 0;
  private readonly real = new PdfmakeInvoiceRenderer();
  async render(invoice: Invoice): Promise<Uint8Array> {
    if (this.failures > 0) {
      this.failures -= 1;
      throw new Error('renderer down');
    }
    return this.real.render(invoice);
  }
}

/** Brand links are not used here. */
class NoLinks extends LinkTokens {
  private refuse(): never {
    throw new Error('not used');
  }
  issue = () => this.refuse();
  issueMany = () => this.refuse();
  check = () => this.refuse();
  markUsed = () => this.refuse();
  discardFor = () => this.refuse();
  discardExpiredBefore = () => this.refuse();
  liveUntil = () => this.refuse();
}

describe('Invoicing against the real database', () => {
  let connection: Connection;
  let invoicing: Invoicing;
  let ledger: MongoLedger;
  let clock: FixedClock;
  let renderer: FlakyRenderer;
  let store: MongoInvoices;
  const deals = new Map<string, Deal>();
  const issued: IssuedInvoice[] = [];
  /** How many of the next notices another instance holds (claimed, not finished). */
  let noticesHeld = 0;

  beforeAll(async () => {
    connection = mongoose.createConnection(testDatabaseUri('int'));
    await waitForDatabase(connection);
    await connection.dropDatabase();
    ledger = new MongoLedger(connection, { auth: { jwtSecret: 'test-cursor-secret' } });
    clock = new FixedClock(new Date('2026-11-25T10:00:00Z'));
    renderer = new FlakyRenderer();
    const dealRepository = {
      findById: (id: string) => Promise.resolve(deals.get(id)),
      findOwned: (id: string, creatorId: string) =>
        Promise.resolve(deals.get(id)?.creatorId === creatorId ? deals.get(id) : undefined),
    } as unknown as DealReads;
    const notices = new (class extends InvoiceNotices {
      issued(invoice: IssuedInvoice): Promise<InvoiceNoticeOutcome> {
        if (noticesHeld > 0) {
          noticesHeld -= 1;
          return Promise.resolve('held');
        }
        issued.push(invoice);
        return Promise.resolve('told');
      }
    })();
    const suppliers = new (class extends InvoiceSuppliers {
      supplierOf() {
        return Promise.resolve({ name: 'Asha Rao', address: 'Pune', email: 'asha@example.com' });
      }
    })();
    const stores = invoiceStoresOn(connection);
    store = stores.invoices;
    invoicing = new Invoicing(
      stores.invoices,
      stores.serials,
      renderer,
      suppliers,
      new InvoicesSettings(DEFAULT_GST_RATES),
      stores.cursors,
      dealRepository,
      ledgerPortsOf(ledger).reader,
      ledgerPortsOf(ledger).feed,
      notices,
      new BrandMoneyLinks(
        dealRepository as unknown as ConstructorParameters<typeof BrandMoneyLinks>[0],
        new NoLinks(),
        clock,
      ),
      clock,
    );
  });

  afterAll(async () => {
    await connection.dropDatabase();
    await connection.close();
  });

  it('gives 50 concurrent releases of one creator the serials 1..50: no gap, no duplicate', async () => {
    for (let index = 1; index <= 50; index += 1)
      deals.set(`deal-${String(index)}`, releasedDeal(index));
    // Each milestone asked twice at once, as two instances following the ledger would.
    const results = await Promise.all(
      [...deals.keys(), ...deals.keys()].map((dealId) => invoicing.issueForRelease(dealId, 'm1')),
    );
    expect(results.every((invoice) => invoice !== undefined)).toBe(true);
    const stored = await declaredModel(connection, InvoiceRecord.name, InvoiceSchema)
      .find({ creatorId: CREATOR })
      .lean<{ serial: number; number: string; status: string }[]>()
      .exec();
    expect(stored).toHaveLength(50);
    expect(stored.map(({ serial }) => serial).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, index) => index + 1),
    );
    expect(new Set(stored.map(({ number }) => number)).size).toBe(50);
    expect(stored.every(({ status }) => status === 'issued')).toBe(true);
    // The brand is told of each invoice (the notifications claim each once: `invoice:<id>`).
    expect(new Set(issued.map(({ invoiceId }) => invoiceId)).size).toBe(50);
  }, 120_000);

  it("keeps a TDS record written while the brands' books mark the invoice booked, and books it again", async () => {
    deals.set('deal-books', { ...releasedDeal(8), id: 'deal-books' });
    const invoice = await invoicing.issueForRelease('deal-books', 'm1');
    const id = invoice?.id ?? '';
    const revOf = async () =>
      (await store.unbooked(1000)).find((change) => change.invoice.id === id)?.rev;
    const taken = await revOf();
    expect(taken).toBeDefined();
    // The books worker marks the revision it took, many times over, while the brand records TDS.
    const tds = { amountPaise: 59_000, certificateNumber: 'FORM16A/1', recordedAt: clock.now() };
    const marks = () => Array.from({ length: 10 }, () => store.markBooked(id, taken ?? 0));
    await Promise.all([...marks(), store.recordTds(id, tds), ...marks()]);
    const stored = await store.findById(id);
    expect(stored).toMatchObject({ status: 'issued', number: invoice?.number, tds });
    // The TDS is a newer revision than the one the books took: it stays to be booked.
    expect(await revOf()).toBe((taken ?? 0) + 1);
  }, 30_000);

  it('starts a new series in April and keeps the invoice "to be issued" through a render failure', async () => {
    clock.at = new Date('2027-03-31T18:30:00Z'); // 1 April 2027, 00:00 in India
    deals.set('deal-april', { ...releasedDeal(99), id: 'deal-april' });
    renderer.failures = 1;
    const failed = await invoicing.issueForRelease('deal-april', 'm1');
    expect(failed).toMatchObject({ status: 'to_be_issued', number: 'PL/2027-28/0001' });
    await expect(invoicing.pdf(CREATOR, failed?.id ?? '')).rejects.toThrow('still being issued');
    // The worker's next pass retries it, with the same number.
    await invoicing.tick();
    const issued = await invoicing.get(CREATOR, failed?.id ?? '');
    expect(issued).toMatchObject({ status: 'issued', number: 'PL/2027-28/0001' });
    expect((await invoicing.pdf(CREATOR, issued.id)).pdf.byteLength).toBeGreaterThan(1000);
  }, 30_000);

  it('follows the ledger: a released transaction makes the invoice, a settled one marks it paid', async () => {
    deals.set('deal-ledger', { ...releasedDeal(7), id: 'deal-ledger' });
    const at = new Date('2027-04-02T10:00:00Z');
    const record = (transaction: NewLedgerTransaction) =>
      ledger.record(balancedTransaction(transaction));
    await record({
      eventKey: 'release:deal-ledger:m1',
      kind: 'released',
      creatorId: CREATOR,
      dealId: 'deal-ledger',
      milestoneId: 'm1',
      at,
      lines: [
        { account: creatorAccount(CREATOR, 'held'), amountPaise: -10_000_07 },
        { account: creatorAccount(CREATOR, 'releasing'), amountPaise: 10_000_07 },
      ],
    });
    await record({
      eventKey: 'settle:deal-ledger:m1',
      kind: 'settled',
      creatorId: CREATOR,
      dealId: 'deal-ledger',
      milestoneId: 'm1',
      at,
      lines: [
        { account: creatorAccount(CREATOR, 'releasing'), amountPaise: -10_000_07 },
        { account: creatorAccount(CREATOR, 'paid_out'), amountPaise: 10_000_07 },
      ],
    });
    await Promise.all([invoicing.tick(), invoicing.tick()]);
    const { items } = await invoicing.list(CREATOR, 'paid', 1, 10);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ dealId: 'deal-ledger', number: 'PL/2027-28/0002' });
  }, 30_000);

  it('catches up once from where its walk of the journal stood before the feed, then leaves it to the feed', async () => {
    // Two releases an instance from before the feed wrote: in the journal, in no feed; the old
    // walk stood just before them.
    deals.set('deal-late', { ...releasedDeal(8), id: 'deal-late' });
    deals.set('deal-early', { ...releasedDeal(9), id: 'deal-early' });
    const now = new Date(Date.now() + 120_000);
    clock.at = now;
    const stored = connection.collection<{ _id: string; eventKey: string }>('ledger_transactions');
    const idAt = (madeAt: Date) =>
      mongoose.Types.ObjectId.createFromTime(Math.floor(madeAt.getTime() / 1000)).toHexString();
    const releaseOf = (dealId: string, madeAt: Date) => ({
      _id: idAt(madeAt),
      eventKey: `release:${dealId}:m1`,
      kind: 'released',
      creatorId: CREATOR,
      dealId,
      milestoneId: 'm1',
      at: madeAt,
      lines: [
        { account: creatorAccount(CREATOR, 'held'), amountPaise: -10_000_00 },
        { account: creatorAccount(CREATOR, 'releasing'), amountPaise: 10_000_00 },
      ],
      accounts: [creatorAccount(CREATOR, 'held'), creatorAccount(CREATOR, 'releasing')],
    });
    await stored.insertOne(releaseOf('deal-late', now));
    await stored.insertOne(releaseOf('deal-early', new Date(now.getTime() - 5_000)));
    const cursors = invoiceStoresOn(connection).cursors;
    for (const kind of ['released', 'settled'])
      await cursors.advance(`invoices:${kind}`, idAt(new Date(now.getTime() - 60_000)));
    await invoicing.tick();
    const dealIds = async () =>
      (await invoicing.list(CREATOR, 'all', 1, 100)).items.map(({ dealId }) => dealId);
    expect(await dealIds()).not.toContain('deal-late');

    expect(await invoicing.catchUp()).toBe(2);
    expect(await dealIds()).toEqual(expect.arrayContaining(['deal-late', 'deal-early']));
    expect(await cursors.get('invoices:released')).toBe(CAUGHT_UP);
    expect(await invoicing.catchUp()).toBe(0);
  }, 30_000);

  it('invoices a release whose milestone has not moved yet: the ledger is written first', async () => {
    // The release records its ledger transaction, then moves the milestone: a follower reading
    // between the two sees the milestone still approved, and must not pass the release by.
    const approved = releasedDeal(10);
    deals.set('deal-moving', {
      ...approved,
      id: 'deal-moving',
      milestones: approved.milestones.map((milestone) => ({
        ...milestone,
        state: 'approved' as const,
        releasedAt: null,
      })),
    });
    clock.at = new Date(Date.now() + 86_400_000); // a day on: the cursor passes all it reads
    await ledger.record(
      balancedTransaction({
        eventKey: 'release:deal-moving:m1',
        kind: 'released',
        creatorId: CREATOR,
        dealId: 'deal-moving',
        milestoneId: 'm1',
        at: clock.at,
        lines: [
          { account: creatorAccount(CREATOR, 'held'), amountPaise: -10_000_10 },
          { account: creatorAccount(CREATOR, 'releasing'), amountPaise: 10_000_10 },
        ],
      }),
    );
    await invoicing.tick();
    const { items } = await invoicing.list(CREATOR, 'all', 1, 100);
    expect(items.filter(({ dealId }) => dealId === 'deal-moving')).toEqual([
      expect.objectContaining({ status: 'issued', totalPaise: expect.any(Number) as number }),
    ]);
    // By hand, a creator still invoices only a released milestone.
    deals.set('deal-unreleased', { ...deals.get('deal-moving'), id: 'deal-unreleased' } as Deal);
    await expect(
      invoicing.createByHand(CREATOR, 'deal-unreleased', 'm1', {}),
    ).rejects.toBeInstanceOf(MilestoneNotReleasedError);
  }, 30_000);

  /** A released deal whose brand gave its billing details when it accepted. */
  function billedDeal(id: string, gstin: string | null, address: string | null): Deal {
    const deal = releasedDeal(5);
    return { ...deal, id, brand: { ...deal.brand, billing: { gstin, address } } };
  }

  it("takes the brand's GSTIN and address from its acceptance: same state → CGST + SGST", async () => {
    deals.set(
      'deal-billed-27',
      billedDeal('deal-billed-27', '27AAACR5055K1Z7', '12 MG Road, Pune'),
    );
    const invoice = await invoicing.issueForRelease('deal-billed-27', 'm1');
    expect(invoice?.recipient).toEqual({
      name: 'Brand Pvt Ltd',
      address: '12 MG Road, Pune',
      gstin: '27AAACR5055K1Z7',
    });
    expect(invoice?.placeOfSupply).toEqual({ stateCode: '27', stateName: 'Maharashtra' });
    expect(invoice?.gst).toMatchObject({
      supply: 'intra_state',
      cgstPaise: 90_000, // 9 % of ₹10,000.05 = 90,000.45 paise, rounded half up per head
      sgstPaise: 90_000,
      igstPaise: 0,
    });
  }, 30_000);

  it("another state's GSTIN → IGST 18 %, and a hand-made invoice may override the brand's details", async () => {
    deals.set('deal-billed-29', billedDeal('deal-billed-29', '29AAACR5055K1Z3', 'Bengaluru'));
    const automatic = await invoicing.issueForRelease('deal-billed-29', 'm1');
    expect(automatic?.recipient.gstin).toBe('29AAACR5055K1Z3');
    expect(automatic?.placeOfSupply?.stateName).toBe('Karnataka');
    expect(automatic?.gst).toMatchObject({
      supply: 'inter_state',
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 1_80_001, // 18 % of ₹10,000.05 = 1,80,000.9 paise
    });

    deals.set('deal-billed-hand', billedDeal('deal-billed-hand', '29AAACR5055K1Z3', 'Bengaluru'));
    const byHand = await invoicing.createByHand(CREATOR, 'deal-billed-hand', 'm1', {
      recipientGstin: '27AAACR5055K1Z7',
      recipientAddress: 'Pune office',
    });
    expect(byHand.recipient).toMatchObject({ gstin: '27AAACR5055K1Z7', address: 'Pune office' });
    expect(byHand.gst?.supply).toBe('intra_state');

    deals.set('deal-billed-none', billedDeal('deal-billed-none', null, 'Chennai'));
    const defaults = await invoicing.createByHand(CREATOR, 'deal-billed-none', 'm1', {});
    expect(defaults.recipient).toMatchObject({ gstin: null, address: 'Chennai' });
  }, 30_000);

  it('keeps the invoice "to be issued" while another instance holds the brand\'s notice, then issues it', async () => {
    deals.set('deal-held', { ...releasedDeal(98), id: 'deal-held' });
    noticesHeld = 1;
    const held = await invoicing.issueForRelease('deal-held', 'm1');
    expect(held).toMatchObject({ status: 'to_be_issued' });
    await expect(invoicing.pdf(CREATOR, held?.id ?? '')).rejects.toThrow('still being issued');
    expect(issued.some(({ invoiceId }) => invoiceId === held?.id)).toBe(false);
    // A pass of a process shutting down takes nothing more; the next pass asks again: the notice
    // is sent (the claim taken over), then the invoice issued.
    expect(await invoicing.tick(() => true)).toBe(0);
    expect(await invoicing.get(CREATOR, held?.id ?? '')).toMatchObject({ status: 'to_be_issued' });
    await invoicing.tick();
    expect(await invoicing.get(CREATOR, held?.id ?? '')).toMatchObject({
      status: 'issued',
      number: held?.number,
    });
    expect(issued.filter(({ invoiceId }) => invoiceId === held?.id)).toHaveLength(1);
  }, 30_000);
});
