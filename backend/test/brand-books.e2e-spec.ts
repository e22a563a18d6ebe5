import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';
import { type SmsInbox, startSmsInbox } from '@paylock/sms-inbox';
import { PDFParse } from 'pdf-parse';
import request from 'supertest';
import { InsightsWorker } from '../src/insights/index.js';
import { BrandBooksWorker } from '../src/invoices/infrastructure/invoices-worker.js';
import { PaymentGateway } from '../src/payment-gateway/index.js';
import { PayoutAccounts } from '../src/payouts/payouts.contract.js';
import { AUTH, authTestEnv, CSRF_HEADERS, type SessionBody } from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { dealTerms } from './support/deal-fixtures.js';
import { eventually } from './support/eventually.js';
import {
  FakePaymentGateway,
  FakePayoutAccounts,
  type SignedWebhook,
} from './support/fake-payment-gateway.js';
import { InMemoryOutbox } from './support/in-memory-outbox.js';

const DEALS = '/api/v1/deals';
const BRAND_DEALS = '/api/v1/brand/deals';
const BRAND_INVOICES = '/api/v1/brand/invoices';
const BRAND_STATEMENT = '/api/v1/brand/reports/statement';
const BRAND_DUES = '/api/v1/brand/insights/dues';
const MONEY = '/api/v1/deal-review/milestones';
const WEBHOOK = '/api/v1/payments/webhooks/razorpay';
const ADMIN = { sub: 'google-books-ops', email: 'ops.books@paylock.in', name: 'Ops' };
/** Maharashtra (27): the creator's state. */
const CREATOR_GSTIN = '27AAPFU0939F1ZV';
/** A brand in Maharashtra too: CGST + SGST. */
const GLOW_GSTIN = '27AAACR5055K1Z7';
/** A brand in Karnataka (29): IGST. */
const APEX_GSTIN = '29AAACR5055K1Z3';
const SLOW = 240_000;

interface InvoiceBody {
  id: string;
  dealId: string;
  status: string;
  totalPaise: number;
  taxablePaise: number;
  gst: { cgstPaise: number; sgstPaise: number; igstPaise: number } | null;
}
interface BrandInvoiceBody {
  id: string;
  number: string;
  creatorName: string;
  dealId: string;
  taxablePaise: number;
  totalPaise: number;
  tdsPaise: number | null;
}
interface LineBody {
  kind: string;
  dealId: string;
  account: string;
  amountPaise: number;
}
interface Figures {
  invoiceCount: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  invoicedPaise: number;
  paidPaise: number;
  refundedPaise: number;
  tdsPaise: number;
  tdsRecordedCount: number;
}
interface StatementBody {
  financialYear: string;
  rows: (Figures & { creatorName: string; month: string })[];
  creators: (Figures & { creatorName: string })[];
  totals: Figures;
}
interface DuesBody {
  fundingDuePaise: number;
  approvalsDuePaise: number;
  dues: { dealId: string; milestoneId: string; kind: string; amountPaise: number }[];
  paid: { creatorName: string; paidPaise: number; milestones: number }[];
}

let serial = 0;
function nextNumber(): { national: string; e164: string; ip: string } {
  serial += 1;
  const national = `93${String(Date.now() % 1000).padStart(3, '0')}${String(serial).padStart(5, '0')}`;
  return { national, e164: `+91${national}`, ip: `203.0.113.${String(40 + serial)}` };
}

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

function binary(response: request.Response, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => {
    callback(null, Buffer.concat(chunks));
  });
}

const sum = <T>(items: readonly T[], of: (item: T) => number) =>
  items.reduce((total, item) => total + of(item), 0);

/**
 * The brand workspace's mirror (#40, item 4) over HTTP: two brands signed in by phone accept deals
 * of the same creator from their workspaces; each sees only the invoices issued to it, downloads
 * their PDFs, and gets a statement for its books whose totals are the sums of those invoices and
 * of the ledger's lines of its deals; what it owes and when, and what it paid each creator.
 */
describe('The brand’s books: invoices, statement and dues (#40)', () => {
  let idp: IdentityProvider;
  let inbox: SmsInbox;
  let app: TestApp;
  const outbox = new InMemoryOutbox();
  const gateway = new FakePaymentGateway();
  let asha = '';
  let ravi = '';
  let admin = '';
  let glow = '';
  let apex = '';
  const deals = { glowAsha: '', glowRavi: '', apexAsha: '' };

  const as = (token: string) => ({ Authorization: `Bearer ${token}` });

  async function signUp(sub: string, email: string, name: string): Promise<string> {
    const credential = await idp.issueIdToken({ sub, email, name });
    const response = await request(app.server)
      .post(`${AUTH}/register`)
      .send({ credential })
      .expect(201);
    return (response.body as SessionBody).accessToken;
  }

  async function signUpBrand(): Promise<{ token: string; national: string }> {
    const number = nextNumber();
    await request(app.server)
      .post(`${AUTH}/phone/codes`)
      .set(CSRF_HEADERS)
      .set('X-Forwarded-For', number.ip)
      .send({ phone: number.national, purpose: 'signup' })
      .expect(202);
    const code = (await inbox.nextMessageTo(number.e164)).variables.otp ?? '';
    const session = await request(app.server)
      .post(`${AUTH}/phone/sessions`)
      .set(CSRF_HEADERS)
      .set('X-Forwarded-For', number.ip)
      .send({ phone: number.national, code, purpose: 'signup' })
      .expect(200);
    return { token: (session.body as SessionBody).accessToken, national: number.national };
  }

  async function deliver(hooks: readonly SignedWebhook[]) {
    for (const hook of hooks) {
      await request(app.server)
        .post(WEBHOOK)
        .set('Content-Type', 'application/json')
        .set('X-Razorpay-Signature', hook.signature)
        .set('X-Razorpay-Event-Id', hook.id)
        .send(hook.body.toString('utf8'))
        .expect(200);
    }
  }

  /** A deal `creator` sends to the brand's number, accepted from the brand's workspace. */
  async function acceptedFromWorkspace(
    creator: string,
    brand: { token: string; national: string },
    overrides: Record<string, unknown>,
    gstin: string,
  ) {
    const base = dealTerms(overrides);
    const created = await request(app.server)
      .post(DEALS)
      .set(as(creator))
      .send({
        ...base,
        brand: { ...(base.brand as Record<string, string>), contactMobile: brand.national },
      })
      .expect(201);
    const dealId = (created.body as { id: string }).id;
    await request(app.server).post(`${DEALS}/${dealId}/send`).set(as(creator)).expect(200);
    const link = await request(app.server)
      .post(`${BRAND_DEALS}/${dealId}/review-link`)
      .set(as(brand.token))
      .set(CSRF_HEADERS)
      .expect(200);
    const { token } = link.body as { token: string };
    await request(app.server)
      .post('/api/v1/deal-review/accept')
      .send({ token, fullName: 'Priya Mehta', agreed: true, gstin })
      .expect(200);
    const money = await request(app.server).post(MONEY).send({ token }).expect(200);
    const milestones = (money.body as { milestones: { id: string }[] }).milestones.map(
      ({ id }) => id,
    );
    return { dealId, token, milestones };
  }

  async function fund(token: string, milestoneId: string) {
    const checkout = await request(app.server)
      .post(`${MONEY}/funding`)
      .send({ token, milestoneId })
      .expect(200);
    const orderId = (checkout.body as { fields: Record<string, string> }).fields.order_id ?? '';
    await deliver(gateway.paymentWebhooks(gateway.pay(orderId)));
  }

  async function release(creator: string, dealId: string, token: string, milestoneId: string) {
    await fund(token, milestoneId);
    await request(app.server)
      .post(`${DEALS}/${dealId}/milestones/${milestoneId}/submission`)
      .set(as(creator))
      .send({ links: ['https://www.instagram.com/reel/abc/'], note: 'Live now' })
      .expect(200);
    await request(app.server).post(`${MONEY}/approve`).send({ token, milestoneId }).expect(200);
  }

  async function refund(token: string, milestoneId: string) {
    await fund(token, milestoneId);
    await request(app.server)
      .post(`${MONEY}/dispute`)
      .send({ token, milestoneId, reason: 'Not as briefed' })
      .expect(200);
    const list = await request(app.server).get('/api/v1/admin/disputes').set(as(admin)).expect(200);
    const dispute = (list.body as { items: { id: string; milestoneId: string }[] }).items.find(
      (item) => item.milestoneId === milestoneId,
    );
    await request(app.server)
      .post(`/api/v1/admin/disputes/${dispute?.id ?? ''}/resolution`)
      .set(as(admin))
      .send({ decision: 'refund', note: 'Not delivered' })
      .expect(200);
  }

  const invoicesOf = async (creator: string): Promise<InvoiceBody[]> =>
    (
      (
        await request(app.server)
          .get('/api/v1/invoices')
          .query({ pageSize: 100 })
          .set(as(creator))
          .expect(200)
      ).body as { items: InvoiceBody[] }
    ).items;

  const linesOf = async (creator: string): Promise<LineBody[]> =>
    (
      (
        await request(app.server)
          .get('/api/v1/wallet/transactions')
          .query({ pageSize: 100 })
          .set(as(creator))
          .expect(200)
      ).body as { items: LineBody[] }
    ).items;

  const brandInvoices = async (brand: string, query: Record<string, number> = {}) =>
    (await request(app.server).get(BRAND_INVOICES).query(query).set(as(brand)).expect(200))
      .body as { items: BrandInvoiceBody[]; total: number; page: number; pageSize: number };

  const statementOf = async (brand: string) =>
    (await request(app.server).get(BRAND_STATEMENT).set(as(brand)).expect(200))
      .body as StatementBody;

  /** Followers' passes until the books hold every change made so far. */
  const follow = async () => {
    while ((await app.app.get(BrandBooksWorker).runOnce()) > 0);
  };

  beforeAll(async () => {
    [idp, inbox] = await Promise.all([startIdentityProvider(), startSmsInbox()]);
    app = await createTestApp({
      env: authTestEnv(idp, {
        ...inbox.backendEnv,
        TRUST_PROXY: 'true',
        SMS_HOURLY_BUDGET: '100000',
        ADMIN_EMAILS: ADMIN.email,
        PAYMENTS_WORKER_INTERVAL_MS: '200',
        RATE_LIMIT_PERSONAL_PAGE_PER_MINUTE: '1000',
      }),
      outbox,
      configure: (builder) =>
        builder
          .overrideProvider(PaymentGateway)
          .useValue(gateway)
          .overrideProvider(PayoutAccounts)
          .useValue(new FakePayoutAccounts()),
    });
    admin = await signUp(ADMIN.sub, ADMIN.email, ADMIN.name);
    asha = await signUp('google-books-asha', 'asha.books@creators.in', 'Asha Rao');
    // A name a spreadsheet would read as a formula: the CSV must neutralise it.
    ravi = await signUp('google-books-ravi', 'ravi.books@creators.in', '=Ravi Kumar');
    const glowBrand = await signUpBrand();
    const apexBrand = await signUpBrand();
    [glow, apex] = [glowBrand.token, apexBrand.token];

    // Glow: Asha (GST-registered) — one milestone released, one refunded, one unfunded; Ravi
    // (not registered: a bill of supply) — one released.
    const glowAsha = await acceptedFromWorkspace(
      asha,
      glowBrand,
      { title: 'Glow launch', gstApplies: true, gstin: CREATOR_GSTIN },
      GLOW_GSTIN,
    );
    const [signing = '', draft = ''] = glowAsha.milestones;
    await release(asha, glowAsha.dealId, glowAsha.token, signing);
    await refund(glowAsha.token, draft);
    const glowRavi = await acceptedFromWorkspace(
      ravi,
      glowBrand,
      { title: 'Ravi x Glow' },
      GLOW_GSTIN,
    );
    await release(ravi, glowRavi.dealId, glowRavi.token, glowRavi.milestones[0] ?? '');
    // Apex: the same creator, Asha, in another state (IGST): one milestone released.
    const apexAsha = await acceptedFromWorkspace(
      asha,
      apexBrand,
      { title: 'Apex unboxing', gstApplies: true, gstin: CREATOR_GSTIN },
      APEX_GSTIN,
    );
    await release(asha, apexAsha.dealId, apexAsha.token, apexAsha.milestones[0] ?? '');
    Object.assign(deals, {
      glowAsha: glowAsha.dealId,
      glowRavi: glowRavi.dealId,
      apexAsha: apexAsha.dealId,
    });

    await eventually(
      async () => (await invoicesOf(asha)).filter(({ status }) => status === 'issued').length === 2,
      { what: 'Asha’s two invoices issued', timeoutMs: 60_000 },
    );
    await eventually(
      async () => (await invoicesOf(ravi)).some(({ status }) => status === 'issued'),
      { what: 'Ravi’s invoice issued', timeoutMs: 60_000 },
    );
    await follow();
  }, SLOW);

  afterAll(async () => {
    await app.close();
    await Promise.all([idp.stop(), inbox.stop()]);
  }, 60_000);

  it('lists only the invoices issued to the brand, even when it shares a creator with another', async () => {
    const [ashas, ravis] = await Promise.all([invoicesOf(asha), invoicesOf(ravi)]);
    const glows = await brandInvoices(glow);
    const expected = [...ashas, ...ravis].filter(({ dealId }) =>
      [deals.glowAsha, deals.glowRavi].includes(dealId),
    );
    expect(glows.total).toBe(2);
    expect(glows.items.map(({ id }) => id).sort()).toEqual(expected.map(({ id }) => id).sort());
    const apexes = await brandInvoices(apex);
    expect(apexes.total).toBe(1);
    expect(apexes.items.map(({ dealId }) => dealId)).toEqual([deals.apexAsha]);
    expect(apexes.items[0]?.creatorName).toBe('Asha Rao');

    // Paged by the server: one a page, newest first, no invoice twice.
    const first = await brandInvoices(glow, { page: 1, pageSize: 1 });
    const second = await brandInvoices(glow, { page: 2, pageSize: 1 });
    expect([first.total, first.items.length, second.items.length]).toEqual([2, 1, 1]);
    expect(first.items[0]?.id).not.toBe(second.items[0]?.id);
    expect((await brandInvoices(glow, { page: 3, pageSize: 1 })).items).toEqual([]);
    await request(app.server).get(BRAND_INVOICES).query({ page: 0 }).set(as(glow)).expect(400);
  });

  it('downloads its own invoice’s PDF and answers 404 for another brand’s', async () => {
    const [mine] = (await brandInvoices(apex)).items;
    const pdf = await request(app.server)
      .get(`${BRAND_INVOICES}/${mine?.id ?? ''}/pdf`)
      .set(as(apex))
      .buffer(true)
      .parse(binary)
      .expect(200)
      .expect('Content-Type', 'application/pdf');
    expect(await pdfText(pdf.body as Buffer)).toContain(mine?.number ?? '?');
    await request(app.server)
      .get(`${BRAND_INVOICES}/${mine?.id ?? ''}/pdf`)
      .set(as(glow))
      .expect(404);
    // A creator may not use the brand's routes.
    await request(app.server).get(BRAND_INVOICES).set(as(asha)).expect(403);
  });

  it('totals exactly the brand’s invoices and the ledger’s lines of its deals', async () => {
    const [ashas, ravis, ashaLines, raviLines] = await Promise.all([
      invoicesOf(asha),
      invoicesOf(ravi),
      linesOf(asha),
      linesOf(ravi),
    ]);
    const glowDeals = [deals.glowAsha, deals.glowRavi];
    const invoices = [...ashas, ...ravis].filter(({ dealId }) => glowDeals.includes(dealId));
    const lines = [...ashaLines, ...raviLines].filter(({ dealId }) => glowDeals.includes(dealId));
    await eventually(
      async () =>
        (await statementOf(glow)).totals.refundedPaise ===
        sum(
          lines.filter(({ kind }) => kind === 'refunded'),
          ({ amountPaise }) => -amountPaise,
        ),
      { what: 'the refund in Glow’s books', timeoutMs: 30_000 },
    );
    const statement = await statementOf(glow);
    expect(statement.totals).toEqual({
      invoiceCount: 2,
      taxablePaise: sum(invoices, ({ taxablePaise }) => taxablePaise),
      cgstPaise: sum(invoices, ({ gst }) => gst?.cgstPaise ?? 0),
      sgstPaise: sum(invoices, ({ gst }) => gst?.sgstPaise ?? 0),
      igstPaise: sum(invoices, ({ gst }) => gst?.igstPaise ?? 0),
      invoicedPaise: sum(invoices, ({ totalPaise }) => totalPaise),
      paidPaise: sum(
        lines.filter(({ kind, account }) => kind === 'funded' && account === 'held'),
        ({ amountPaise }) => amountPaise,
      ),
      refundedPaise: sum(
        lines.filter(({ kind }) => kind === 'refunded'),
        ({ amountPaise }) => -amountPaise,
      ),
      tdsPaise: 0,
      tdsRecordedCount: 0,
    });
    // By hand: Asha's ₹25,000 (+ 9 % CGST, 9 % SGST) and Ravi's ₹25,000 (no GST) invoiced;
    // ₹25,000 + ₹50,000 + ₹25,000 funded; Asha's ₹50,000 refunded.
    expect(statement.totals).toMatchObject({
      taxablePaise: 50_00_000,
      cgstPaise: 2_25_000,
      sgstPaise: 2_25_000,
      igstPaise: 0,
      invoicedPaise: 54_50_000,
      paidPaise: 1_00_00_000,
      refundedPaise: 50_00_000,
    });
    expect(statement.creators.map(({ creatorName }) => creatorName)).toEqual([
      '=Ravi Kumar',
      'Asha Rao',
    ]);
    // Apex's books hold only its own deal with Asha: IGST, nothing of Glow's.
    expect((await statementOf(apex)).totals).toMatchObject({
      invoiceCount: 1,
      taxablePaise: 25_00_000,
      igstPaise: 4_50_000,
      cgstPaise: 0,
      paidPaise: 25_00_000,
      refundedPaise: 0,
    });
  });

  it('downloads the statement as CSV (formula-safe) and as a PDF', async () => {
    const csv = await request(app.server)
      .get(`${BRAND_STATEMENT}.csv`)
      .set(as(glow))
      .expect(200)
      .expect('Content-Type', /text\/csv/);
    const text = csv.text.replace(/^\uFEFF/, '');
    expect(text).toContain('Financial year,Creator,Month,Invoices');
    expect(text).toContain("'=Ravi Kumar");
    expect(text).not.toMatch(/(^|,)=Ravi/m);
    const year = (await statementOf(glow)).financialYear;
    expect(text.trim().split('\n').at(-1)).toBe(
      `${year},All creators,Year,2,50000.00,2250.00,2250.00,0.00,54500.00,100000.00,50000.00,Not recorded`,
    );
    const pdf = await request(app.server)
      .get(`${BRAND_STATEMENT}.pdf`)
      .set(as(glow))
      .buffer(true)
      .parse(binary)
      .expect(200)
      .expect('Content-Type', 'application/pdf');
    const pdfTextContent = await pdfText(pdf.body as Buffer);
    expect(pdfTextContent).toContain('Statement for your books');
    expect(pdfTextContent).toContain('₹54,500.00');
    await request(app.server)
      .get(BRAND_STATEMENT)
      .query({ financialYear: '2099-00' })
      .set(as(glow))
      .expect(400);
  });

  it('shows what the brand owes and what it paid each creator, never another brand’s', async () => {
    const pass = () => app.app.get(InsightsWorker).runOnce();
    await eventually(
      async () => {
        await pass();
        const dues = (await request(app.server).get(BRAND_DUES).set(as(glow)).expect(200))
          .body as DuesBody;
        return dues.paid.length === 2;
      },
      { what: 'Glow’s dues in its read model', timeoutMs: 30_000 },
    );
    const glows = (await request(app.server).get(BRAND_DUES).set(as(glow)).expect(200))
      .body as DuesBody;
    // Asha's third milestone (₹50,000) and Ravi's two others (₹50,000 + ₹50,000) await funding.
    expect(glows.fundingDuePaise).toBe(1_50_00_000);
    expect(
      glows.dues.every(({ dealId }) => [deals.glowAsha, deals.glowRavi].includes(dealId)),
    ).toBe(true);
    expect(glows.paid.map(({ paidPaise, milestones }) => [paidPaise, milestones])).toEqual([
      [25_00_000, 1],
      [25_00_000, 1],
    ]);
    const apexes = (await request(app.server).get(BRAND_DUES).set(as(apex)).expect(200))
      .body as DuesBody;
    expect(apexes.dues.every(({ dealId }) => dealId === deals.apexAsha)).toBe(true);
    expect(apexes.paid).toHaveLength(1);
    expect(apexes.paid[0]).toMatchObject({ paidPaise: 25_00_000, milestones: 1 });
  });
});
