import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';
import { PDFParse } from 'pdf-parse';
import request from 'supertest';
import { PaymentGateway } from '../src/payment-gateway/index.js';
import { PayoutAccounts } from '../src/payouts/payouts.contract.js';
import { AUTH, authTestEnv, type SessionBody } from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { dealTerms, sentDeal } from './support/deal-fixtures.js';
import { eventually } from './support/eventually.js';
import {
  FakePaymentGateway,
  FakePayoutAccounts,
  type SignedWebhook,
} from './support/fake-payment-gateway.js';
import { InMemoryOutbox } from './support/in-memory-outbox.js';

const DEALS = '/api/v1/deals';
const REVIEW = '/api/v1/deal-review';
const MONEY = '/api/v1/deal-review/milestones';
const WEBHOOK = '/api/v1/payments/webhooks/razorpay';
const INVOICES = '/api/v1/invoices';
const WALLET = '/api/v1/wallet';
const REPORTS = '/api/v1/reports';
const ADMIN = { sub: 'ops-1', email: 'ops@paylock.in', name: 'Ops' };
/** Maharashtra (27): the creator's state. */
const CREATOR_GSTIN = '27AAPFU0939F1ZV';
/** Glow Naturals, in Maharashtra too: CGST + SGST. */
const GLOW_GSTIN = '27AAACR5055K1Z7';
/** Apex, in Karnataka (29): IGST. */
const APEX_GSTIN = '29AAACR5055K1Z3';

interface InvoiceBody {
  id: string;
  status: string;
  totalPaise: number;
  taxablePaise: number;
  gst: { cgstPaise: number; sgstPaise: number; igstPaise: number } | null;
}
interface LineBody {
  kind: string;
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
  receivedPaise: number;
  refundedPaise: number;
  tdsPaise: number;
  tdsRecordedCount: number;
}
interface StatementBody {
  financialYear: string;
  rows: (Figures & { brand: string; month: string })[];
  brands: (Figures & { brand: string })[];
  totals: Figures;
  invoices: { number: string; brand: string; tdsPaise: number | null }[];
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

/** India's calendar day of an instant. */
const indianDay = (at: Date) => new Date(at.getTime() + 330 * 60 * 1000).toISOString().slice(0, 10);
/** A range of Indian days that holds everything this spec does (it all happens today). */
const RECENT = {
  from: indianDay(new Date(Date.now() - 30 * 24 * 60 * 60 * 1000)),
  to: indianDay(new Date()),
};

describe('Reports (#40): the financial-year statement and the ledger extract over HTTP', () => {
  let idp: IdentityProvider;
  let testApp: TestApp;
  const gateway = new FakePaymentGateway();
  const outbox = new InMemoryOutbox();
  let asha = '';
  let ravi = '';
  let admin = '';

  const as = (access: string) => ({ Authorization: `Bearer ${access}` });

  async function signUp(sub: string, email: string, name: string): Promise<SessionBody> {
    const credential = await idp.issueIdToken({ sub, email, name });
    const response = await request(testApp.server)
      .post(`${AUTH}/register`)
      .send({ credential })
      .expect(201);
    return response.body as SessionBody;
  }

  async function deliver(hooks: readonly SignedWebhook[]) {
    for (const hook of hooks) {
      await request(testApp.server)
        .post(WEBHOOK)
        .set('Content-Type', 'application/json')
        .set('X-Razorpay-Signature', hook.signature)
        .set('X-Razorpay-Event-Id', hook.id)
        .send(hook.body.toString('utf8'))
        .expect(200);
    }
  }

  /** A deal sent by `creator`, accepted by the brand with its GSTIN: its id, token and milestones. */
  async function acceptedDeal(creator: string, overrides: Record<string, unknown>, gstin?: string) {
    const { dealId, token } = await sentDeal(testApp.server, outbox, creator, overrides);
    await request(testApp.server)
      .post(`${REVIEW}/accept`)
      .send({ token, fullName: 'Priya Mehta', agreed: true, ...(gstin && { gstin }) })
      .expect(200);
    const money = await request(testApp.server).post(MONEY).send({ token }).expect(200);
    const milestones = (money.body as { milestones: { id: string }[] }).milestones.map(
      ({ id }) => id,
    );
    return { dealId, token, milestones };
  }

  async function fund(token: string, milestoneId: string) {
    const checkout = await request(testApp.server)
      .post(`${MONEY}/funding`)
      .send({ token, milestoneId })
      .expect(200);
    const orderId = (checkout.body as { fields: Record<string, string> }).fields.order_id ?? '';
    await deliver(gateway.paymentWebhooks(gateway.pay(orderId)));
  }

  async function release(creator: string, dealId: string, token: string, milestoneId: string) {
    await fund(token, milestoneId);
    await request(testApp.server)
      .post(`${DEALS}/${dealId}/milestones/${milestoneId}/submission`)
      .set(as(creator))
      .send({ links: ['https://www.instagram.com/reel/abc/'], note: 'Live now' })
      .expect(200);
    await request(testApp.server).post(`${MONEY}/approve`).send({ token, milestoneId }).expect(200);
  }

  async function refund(token: string, milestoneId: string) {
    await fund(token, milestoneId);
    await request(testApp.server)
      .post(`${MONEY}/dispute`)
      .send({ token, milestoneId, reason: 'Not as briefed' })
      .expect(200);
    const list = await request(testApp.server)
      .get('/api/v1/admin/disputes')
      .set(as(admin))
      .expect(200);
    const dispute = (list.body as { items: { id: string; milestoneId: string }[] }).items.find(
      (item) => item.milestoneId === milestoneId,
    );
    await request(testApp.server)
      .post(`/api/v1/admin/disputes/${dispute?.id ?? ''}/resolution`)
      .set(as(admin))
      .send({ decision: 'refund', note: 'Not delivered' })
      .expect(200);
  }

  async function invoicesOf(creator: string): Promise<InvoiceBody[]> {
    const response = await request(testApp.server)
      .get(INVOICES)
      .query({ pageSize: 100 })
      .set(as(creator))
      .expect(200);
    return (response.body as { items: InvoiceBody[] }).items;
  }

  async function linesOf(creator: string): Promise<LineBody[]> {
    const response = await request(testApp.server)
      .get(`${WALLET}/transactions`)
      .query({ pageSize: 100 })
      .set(as(creator))
      .expect(200);
    return (response.body as { items: LineBody[] }).items;
  }

  async function statementOf(creator: string, query: Record<string, string> = {}) {
    const response = await request(testApp.server)
      .get(`${REPORTS}/statement`)
      .query(query)
      .set(as(creator))
      .expect(200);
    return response.body as StatementBody;
  }

  let glowToken = '';
  let glowInvoiceTotal = 0;

  beforeAll(async () => {
    idp = await startIdentityProvider();
    testApp = await createTestApp({
      env: authTestEnv(idp, { ADMIN_EMAILS: ADMIN.email, PAYMENTS_WORKER_INTERVAL_MS: '200' }),
      outbox,
      configure: (builder) =>
        builder
          .overrideProvider(PaymentGateway)
          .useValue(gateway)
          .overrideProvider(PayoutAccounts)
          .useValue(new FakePayoutAccounts()),
    });
    asha = (await signUp('asha-1', 'asha@creators.in', 'Asha Rao')).accessToken;
    ravi = (await signUp('ravi-1', 'ravi@creators.in', 'Ravi Kumar')).accessToken;
    admin = (await signUp(ADMIN.sub, ADMIN.email, ADMIN.name)).accessToken;

    // Asha (GST-registered) with Glow Naturals: two milestones released (one settled), one refunded.
    const glow = await acceptedDeal(
      asha,
      { title: '=HYPERLINK("x") launch', gstApplies: true, gstin: CREATOR_GSTIN },
      GLOW_GSTIN,
    );
    glowToken = glow.token;
    const [signing = '', draft = '', live = ''] = glow.milestones;
    await release(asha, glow.dealId, glow.token, signing);
    gateway.settleReleased();
    await deliver(gateway.settlementWebhooks());
    await release(asha, glow.dealId, glow.token, draft);
    await refund(glow.token, live);
    // Asha with Apex in another state (IGST): one milestone released.
    const apex = await acceptedDeal(
      asha,
      {
        title: 'Apex unboxing',
        gstApplies: true,
        gstin: CREATOR_GSTIN,
        brand: { ...(dealTerms().brand as object), companyName: '@Apex Media' },
      },
      APEX_GSTIN,
    );
    await release(asha, apex.dealId, apex.token, apex.milestones[0] ?? '');
    // Ravi (not registered: a bill of supply) with the same brand, Glow Naturals.
    const ravis = await acceptedDeal(ravi, { title: 'Ravi x Glow' });
    await release(ravi, ravis.dealId, ravis.token, ravis.milestones[0] ?? '');

    await eventually(
      async () => (await invoicesOf(asha)).filter(({ status }) => status === 'issued').length === 3,
      { what: 'Asha’s three invoices issued', timeoutMs: 30_000 },
    );
    await eventually(
      async () => (await invoicesOf(ravi)).some(({ status }) => status === 'issued'),
      { what: 'Ravi’s invoice issued', timeoutMs: 30_000 },
    );
    // Glow records TDS on one of its invoices (2 % of the first, ₹29,500 → ₹590).
    const [first] = (
      await request(testApp.server)
        .post(`${REVIEW}/invoices`)
        .send({ token: glowToken })
        .expect(200)
    ).body as InvoiceBody[];
    glowInvoiceTotal = first?.totalPaise ?? 0;
    await request(testApp.server)
      .post(`${REVIEW}/invoices/${first?.id ?? ''}/tds`)
      .send({ token: glowToken, amountPaise: 59_000, certificateNumber: 'FORM16A/2026/001' })
      .expect(200);
  }, 180_000);

  afterAll(async () => {
    await testApp.close();
    await idp.stop();
  }, 60_000);

  it('totals exactly the creator’s invoices and ledger lines, per brand and month', async () => {
    const [statement, invoices, lines] = await Promise.all([
      statementOf(asha),
      invoicesOf(asha),
      linesOf(asha),
    ]);
    const sum = <T>(items: readonly T[], of: (item: T) => number) =>
      items.reduce((total, item) => total + of(item), 0);
    expect(invoices).toHaveLength(3);
    expect(statement.totals).toEqual({
      invoiceCount: 3,
      taxablePaise: sum(invoices, (invoice) => invoice.taxablePaise),
      cgstPaise: sum(invoices, (invoice) => invoice.gst?.cgstPaise ?? 0),
      sgstPaise: sum(invoices, (invoice) => invoice.gst?.sgstPaise ?? 0),
      igstPaise: sum(invoices, (invoice) => invoice.gst?.igstPaise ?? 0),
      invoicedPaise: sum(invoices, (invoice) => invoice.totalPaise),
      receivedPaise: sum(
        lines.filter((line) => line.kind === 'settled' && line.account === 'paid_out'),
        (line) => line.amountPaise,
      ),
      refundedPaise: -sum(
        lines.filter((line) => line.kind === 'refunded'),
        (line) => line.amountPaise,
      ),
      tdsPaise: 59_000,
      tdsRecordedCount: 1,
    });
    // By hand: ₹25,000 + ₹50,000 to Glow (18 % as CGST + SGST), ₹25,000 to Apex (18 % IGST).
    expect(statement.totals).toMatchObject({
      taxablePaise: 1_00_00_000,
      cgstPaise: 6_75_000,
      sgstPaise: 6_75_000,
      igstPaise: 4_50_000,
      invoicedPaise: 1_18_00_000,
      receivedPaise: 25_00_000,
      refundedPaise: 50_00_000,
    });
    expect(glowInvoiceTotal).toBe(29_50_000);
    expect(statement.brands.map(({ brand, invoicedPaise }) => [brand, invoicedPaise])).toEqual([
      ['@Apex Media', 29_50_000],
      ['Glow Naturals Pvt Ltd', 88_50_000],
    ]);
    expect(statement.rows.every(({ month }) => /^\d{4}-\d{2}$/.test(month))).toBe(true);
  });

  it('never counts another creator’s deals with the same brand', async () => {
    const [ashas, ravis] = await Promise.all([statementOf(asha), statementOf(ravi)]);
    expect(ravis.totals).toMatchObject({
      invoiceCount: 1,
      taxablePaise: 25_00_000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
      invoicedPaise: 25_00_000,
      tdsRecordedCount: 0,
    });
    expect(ravis.brands.map(({ brand }) => brand)).toEqual(['Glow Naturals Pvt Ltd']);
    const ashasGlow = ashas.brands.find(({ brand }) => brand === 'Glow Naturals Pvt Ltd');
    expect(ashasGlow?.invoiceCount).toBe(2);
    const extract = await request(testApp.server)
      .get(`${REPORTS}/ledger`)
      .query(RECENT)
      .set(as(ravi))
      .expect(200);
    expect((extract.body as { total: number }).total).toBe((await linesOf(ravi)).length);
  });

  it('downloads the statement as CSV with formula cells neutralised, rows that add up', async () => {
    const csv = await request(testApp.server)
      .get(`${REPORTS}/statement.csv`)
      .set(as(asha))
      .expect('Content-Type', /text\/csv/)
      .expect(200);
    const { financialYear } = await statementOf(asha);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="paylock-statement-${financialYear}.csv"`,
    );
    const rows = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(rows[0]).toBe(
      'Financial year,Brand,Month,Invoices,Taxable value (INR),CGST (INR),SGST (INR),IGST (INR),Invoiced (INR),Received (INR),Refunded (INR),TDS recorded (INR)',
    );
    expect(csv.text).toContain(
      `${financialYear},'@Apex Media,Year,1,25000.00,0.00,0.00,4500.00,29500.00,0.00,0.00,Not recorded`,
    );
    expect(rows.at(-1)).toBe(
      `${financialYear},All brands,Year,3,100000.00,6750.00,6750.00,4500.00,118000.00,25000.00,50000.00,590.00`,
    );
    expect(csv.text).not.toMatch(/(^|,)@Apex/m);
  });

  it('downloads the statement as a PDF whose text carries the figures in rupees', async () => {
    const pdf = await request(testApp.server)
      .get(`${REPORTS}/statement.pdf`)
      .set(as(asha))
      .buffer(true)
      .parse(binary)
      .expect('Content-Type', 'application/pdf')
      .expect(200);
    const { financialYear, invoices } = await statementOf(asha);
    const text = await pdfText(pdf.body as Buffer);
    expect(text).toContain(`Financial-year statement ${financialYear}`);
    expect(text).toContain('Asha Rao (asha@creators.in)');
    expect(text).toContain('₹1,18,000.00');
    expect(text).toContain('₹590.00');
    expect(text).toContain('Glow Naturals Pvt Ltd');
    for (const { number } of invoices) expect(text).toContain(number);
  });

  it('extracts the ledger lines of a range as JSON, CSV and PDF', async () => {
    const range = RECENT;
    const all = await linesOf(asha);
    const page = await request(testApp.server)
      .get(`${REPORTS}/ledger`)
      .query({ ...range, pageSize: 3 })
      .set(as(asha))
      .expect(200);
    expect(page.body).toMatchObject({ ...range, total: all.length, page: 1, pageSize: 3 });
    const items = (page.body as { items: { brand: string; dealTitle: string }[] }).items;
    expect(items).toHaveLength(3);
    const csv = await request(testApp.server)
      .get(`${REPORTS}/ledger.csv`)
      .query(range)
      .set(as(asha))
      .expect(200);
    const rows = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(rows).toHaveLength(all.length + 1);
    expect(csv.text).toContain(`"'=HYPERLINK(""x"") launch"`);
    expect(csv.text).toContain(`'@Apex Media`);
    const pdf = await request(testApp.server)
      .get(`${REPORTS}/ledger.pdf`)
      .query(range)
      .set(as(asha))
      .buffer(true)
      .parse(binary)
      .expect(200);
    const text = await pdfText(pdf.body as Buffer);
    expect(text).toContain(`Ledger extract ${range.from} to ${range.to}`);
    expect(text).toContain(`Lines: ${String(all.length)}`);
    // A range before any money moved is honestly empty.
    const empty = await request(testApp.server)
      .get(`${REPORTS}/ledger`)
      .query({ from: '2024-04-01', to: '2024-04-30' })
      .set(as(asha))
      .expect(200);
    expect(empty.body).toMatchObject({ total: 0, items: [] });
  });

  it.each([
    [
      'statement',
      { financialYear: '2026-2027' },
      { financialYear: 'financialYear must be a financial year written 2026-27' },
    ],
    [
      'statement',
      { financialYear: '2099-00' },
      { financialYear: 'financialYear must not be in the future' },
    ],
    [
      'statement.csv',
      { financialYear: '2025-27' },
      { financialYear: 'financialYear must be a financial year written 2026-27' },
    ],
    ['ledger', { from: '2026-05-01', to: '2026-04-30' }, { to: 'to must not be before from' }],
    [
      'ledger.csv',
      { from: '2020-01-01', to: '2025-01-01' },
      { to: 'the range must not be longer than 5 years' },
    ],
    [
      'ledger.pdf',
      { from: '2026-04-01', to: '2099-01-01' },
      { to: 'to must not be in the future' },
    ],
    [
      'ledger',
      { from: '2026-02-30', to: '2026-04-01' },
      { from: 'from must be a date like 2026-11-23' },
    ],
    ['ledger', { to: '2026-04-01' }, { from: 'from is required: a date like 2026-11-23' }],
  ])('refuses %s with %j, naming the field (400)', async (path, query, errors) => {
    const response = await request(testApp.server)
      .get(`${REPORTS}/${path}`)
      .query(query)
      .set(as(asha))
      .expect(400);
    expect((response.body as { errors: Record<string, string> }).errors).toEqual(errors);
  });

  it('is for creators only', async () => {
    await request(testApp.server).get(`${REPORTS}/statement`).expect(401);
  });
});
