import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';
import { PDFParse } from 'pdf-parse';
import request from 'supertest';
import { PaymentGateway } from '../src/payment-gateway/index.js';
import { AUTH, authTestEnv, type SessionBody } from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { sentDeal } from './support/deal-fixtures.js';
import { eventually } from './support/eventually.js';
import {
  FakePaymentGateway,
  FakePayoutAccounts,
  type SignedWebhook,
} from './support/fake-payment-gateway.js';
import { InMemoryOutbox } from './support/in-memory-outbox.js';
import { PayoutAccounts } from '../src/payouts/payouts.contract.js';

const DEALS = '/api/v1/deals';
const REVIEW = '/api/v1/deal-review';
const MONEY = '/api/v1/deal-review/milestones';
const WEBHOOK = '/api/v1/payments/webhooks/razorpay';
const INVOICES = '/api/v1/invoices';
const WALLET = '/api/v1/wallet';
const BRAND_EMAIL = 'priya@glownaturals.in';
const CREATOR_GSTIN = '27AAPFU0939F1ZV';
/** The brand's, in the same state (27, Maharashtra): CGST + SGST. */
const BRAND_GSTIN = '27AAACR5055K1Z7';

interface InvoiceBody {
  id: string;
  number: string | null;
  status: string;
  kind: string;
  milestoneId: string;
  totalPaise: number;
  netPaise: number;
  payment: string;
  gst: { supply: string; cgstPaise: number; sgstPaise: number; igstPaise: number } | null;
}
interface LineBody {
  kind: string;
  account: string;
  amountPaise: number;
  balanceAfterPaise: number;
  dealId: string;
  dealTitle: string;
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

describe('Wallet and invoices (#27) over HTTP', () => {
  let idp: IdentityProvider;
  let testApp: TestApp;
  const gateway = new FakePaymentGateway();
  const outbox = new InMemoryOutbox();
  let asha: string;
  let ravi: string;
  let dealId = '';
  let token = '';
  let milestoneIds: string[] = [];

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

  beforeAll(async () => {
    idp = await startIdentityProvider();
    testApp = await createTestApp({
      env: authTestEnv(idp, { PAYMENTS_WORKER_INTERVAL_MS: '200' }),
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

    // A GST-registered creator's deal, accepted; its first milestone funded, delivered, approved.
    ({ dealId, token } = await sentDeal(testApp.server, outbox, asha, {
      title: '=HYPERLINK("x") launch',
      gstApplies: true,
      gstin: CREATOR_GSTIN,
    }));
    // The brand's billing details: a wrong GSTIN is refused naming the field, nothing accepted;
    // another token opens nothing; then it accepts with its GSTIN (any case) and address.
    const badGstin = await request(testApp.server)
      .post(`${REVIEW}/accept`)
      .send({ token, fullName: 'Priya Mehta', agreed: true, gstin: '27AAACR5055K1Z8' })
      .expect(400);
    expect((badGstin.body as { errors: Record<string, string> }).errors).toHaveProperty('gstin');
    await request(testApp.server)
      .post(`${REVIEW}/accept`)
      .send({ token: 'x'.repeat(43), fullName: 'Priya Mehta', agreed: true, gstin: BRAND_GSTIN })
      .expect(404);
    await request(testApp.server)
      .post(`${REVIEW}/accept`)
      .send({
        token,
        fullName: 'Priya Mehta',
        agreed: true,
        gstin: BRAND_GSTIN.toLowerCase(),
        billingAddress: ' 4th Floor, Glow House\nLower Parel, Mumbai 400013 ',
      })
      .expect(200);
    const money = await request(testApp.server).post(MONEY).send({ token }).expect(200);
    // The brand sees the billing details it gave on the accepted deal's page.
    expect((money.body as { brandBilling: unknown }).brandBilling).toEqual({
      gstin: BRAND_GSTIN,
      address: '4th Floor, Glow House\nLower Parel, Mumbai 400013',
    });
    milestoneIds = (money.body as { milestones: { id: string }[] }).milestones.map(({ id }) => id);
    const [first = ''] = milestoneIds;
    const checkout = await request(testApp.server)
      .post(`${MONEY}/funding`)
      .send({ token, milestoneId: first })
      .expect(200);
    const orderId = (checkout.body as { fields: Record<string, string> }).fields.order_id ?? '';
    await deliver(gateway.paymentWebhooks(gateway.pay(orderId)));
    await request(testApp.server)
      .post(`${DEALS}/${dealId}/milestones/${first}/submission`)
      .set(as(asha))
      .send({ links: ['https://www.instagram.com/reel/abc/'], note: 'Live now' })
      .expect(200);
    await request(testApp.server)
      .post(`${MONEY}/approve`)
      .send({ token, milestoneId: first })
      .expect(200);
  }, 90_000);

  afterAll(async () => {
    await testApp.close();
    await idp.stop();
  }, 60_000);

  async function invoices(view = 'all'): Promise<InvoiceBody[]> {
    const response = await request(testApp.server)
      .get(INVOICES)
      .query({ view })
      .set(as(asha))
      .expect(200);
    return (response.body as { items: InvoiceBody[] }).items;
  }

  it('issues the released milestone’s tax invoice by itself, mails it to the brand, and both can download it', async () => {
    await eventually(async () => (await invoices()).some(({ status }) => status === 'issued'), {
      what: 'the invoice of the released milestone',
      timeoutMs: 30_000,
    });
    const [invoice] = await invoices('pending');
    expect(invoice).toMatchObject({
      kind: 'tax_invoice',
      number: expect.stringMatching(/^PL\/\d{4}-\d{2}\/0001$/) as unknown,
      totalPaise: 29_50_000, // ₹25,000 + 18 % GST
      payment: 'pending',
      gst: { supply: 'intra_state', cgstPaise: 2_25_000, sgstPaise: 2_25_000, igstPaise: 0 },
    });
    const deal = await request(testApp.server).get(`${DEALS}/${dealId}`).set(as(asha)).expect(200);
    expect((deal.body as { brand: { billing: unknown } }).brand.billing).toEqual({
      gstin: BRAND_GSTIN,
      address: '4th Floor, Glow House\nLower Parel, Mumbai 400013',
    });
    // Through the notifications: the brand's e-mail carries the PDF.
    const sent = outbox
      .messagesTo(BRAND_EMAIL)
      .find(({ kind, data }) => kind === 'notification' && data.title?.startsWith('Invoice '));
    expect(sent?.data.title).toBe(`Invoice ${invoice?.number ?? ''} from Asha Rao`);
    expect(sent?.attachments?.[0]?.contentType).toBe('application/pdf');

    const pdf = await request(testApp.server)
      .get(`${INVOICES}/${invoice?.id ?? ''}/pdf`)
      .set(as(asha))
      .buffer(true)
      .parse(binary)
      .expect('Content-Type', 'application/pdf')
      .expect(200);
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="paylock-invoice-${(invoice?.number ?? '').replaceAll('/', '-')}.pdf"`,
    );
    const text = await pdfText(pdf.body as Buffer);
    expect(text).toContain(CREATOR_GSTIN);
    expect(text).toContain(BRAND_GSTIN);
    expect(text).toContain('Lower Parel, Mumbai 400013');
    expect(text).toContain('Place of supply: Maharashtra (27)');
    expect(text).toContain('998361');
    expect(text).toContain('CGST @ 9%');
    expect(text).toContain('SGST @ 9%');
    expect(text).toContain('Rupees Twenty-Nine Thousand Five Hundred Only');

    await request(testApp.server)
      .post(`${REVIEW}/invoices/${invoice?.id ?? ''}/pdf`)
      .send({ token })
      .buffer(true)
      .parse(binary)
      .expect(200);
    const brandList = await request(testApp.server)
      .post(`${REVIEW}/invoices`)
      .send({ token })
      .expect(200);
    expect((brandList.body as InvoiceBody[]).map(({ id }) => id)).toEqual([invoice?.id]);
  });

  it('answers 404 for another creator’s invoice, 409 for a milestone not released or already invoiced, 400 for a bad GSTIN', async () => {
    const [invoice] = await invoices();
    await request(testApp.server)
      .get(`${INVOICES}/${invoice?.id ?? ''}`)
      .set(as(ravi))
      .expect(404);
    await request(testApp.server)
      .get(`${INVOICES}/${invoice?.id ?? ''}/pdf`)
      .set(as(ravi))
      .expect(404);
    const [first = '', second = ''] = milestoneIds;
    const notReleased = await request(testApp.server)
      .post(INVOICES)
      .set(as(asha))
      .send({ dealId, milestoneId: second })
      .expect(409);
    expect((notReleased.body as { code: string }).code).toBe('MILESTONE_NOT_RELEASED');
    const twice = await request(testApp.server)
      .post(INVOICES)
      .set(as(asha))
      .send({ dealId, milestoneId: first })
      .expect(409);
    expect((twice.body as { code: string }).code).toBe('MILESTONE_ALREADY_INVOICED');
    const badGstin = await request(testApp.server)
      .post(INVOICES)
      .set(as(asha))
      .send({ dealId, milestoneId: first, recipientGstin: '29ABCDE1234F1ZA' })
      .expect(400);
    expect((badGstin.body as { errors: Record<string, string> }).errors).toHaveProperty(
      'recipientGstin',
    );
    await request(testApp.server)
      .post(INVOICES)
      .set(as(ravi))
      .send({ dealId, milestoneId: first })
      .expect(404);
    await request(testApp.server)
      .post(`${REVIEW}/invoices`)
      .send({ token: 'x'.repeat(43) })
      .expect(404);
  });

  it('pages the invoices and the wallet lines as every list does, refusing a page out of range by name', async () => {
    for (const path of [INVOICES, `${WALLET}/transactions`]) {
      const refused = await request(testApp.server)
        .get(`${path}?page=0&pageSize=101`)
        .set(as(asha))
        .expect(400);
      expect((refused.body as { errors: Record<string, string> }).errors).toEqual({
        page: 'page must be an integer between 1 and 100000',
        pageSize: 'pageSize must be an integer between 1 and 100',
      });
      await request(testApp.server).get(`${path}?page=1&page=2`).set(as(asha)).expect(400);
      await request(testApp.server)
        .get(`${path}?page=100000&pageSize=100`)
        .set(as(asha))
        .expect(200);
    }
  });

  it('records the brand’s TDS against the invoice; the creator sees the net', async () => {
    const [invoice] = await invoices();
    const tooMuch = await request(testApp.server)
      .post(`${REVIEW}/invoices/${invoice?.id ?? ''}/tds`)
      .send({ token, amountPaise: 99_99_99_999, certificateNumber: 'TDS/1' })
      .expect(400);
    expect((tooMuch.body as { code: string }).code).toBe('TDS_TOO_LARGE');
    await request(testApp.server)
      .post(`${REVIEW}/invoices/${invoice?.id ?? ''}/tds`)
      .send({ token, amountPaise: 50_000, certificateNumber: 'FORM16A/2026/001' })
      .expect(200);
    const [after] = await invoices();
    expect(after?.netPaise).toBe(29_50_000 - 50_000);
  });

  it('shows the wallet figures, the ledger lines with filters and paging, and a neutralised CSV that agrees', async () => {
    const wallet = await request(testApp.server).get(WALLET).set(as(asha)).expect(200);
    expect(wallet.body).toMatchObject({
      held: { totalPaise: 0 },
      releasing: { totalPaise: 25_00_000, deals: [{ dealId, amountPaise: 25_00_000 }] },
      paidOut: { totalPaise: 0 },
    });
    const months = (wallet.body as { releasedByMonth: { amountPaise: number }[] }).releasedByMonth;
    expect(months).toHaveLength(12);
    expect(months.at(-1)?.amountPaise).toBe(25_00_000);

    const page = await request(testApp.server)
      .get(`${WALLET}/transactions`)
      .query({ page: 1, pageSize: 2 })
      .set(as(asha))
      .expect(200);
    const body = page.body as { items: LineBody[]; total: number };
    // funded: +held; released: −held, +releasing.
    expect(body.total).toBe(3);
    expect(body.items).toHaveLength(2);
    const released = await request(testApp.server)
      .get(`${WALLET}/transactions`)
      .query({ kind: 'released', dealId })
      .set(as(asha))
      .expect(200);
    expect(
      (released.body as { items: LineBody[] }).items.map((line) => line.account).sort(),
    ).toEqual(['held', 'releasing']);
    const others = await request(testApp.server)
      .get(`${WALLET}/transactions`)
      .set(as(ravi))
      .expect(200);
    expect((others.body as { total: number }).total).toBe(0);
    await request(testApp.server)
      .get(`${WALLET}/transactions`)
      .query({ kind: 'stolen' })
      .set(as(asha))
      .expect(400);

    const csv = await request(testApp.server)
      .get(`${WALLET}/transactions.csv`)
      .set(as(asha))
      .expect('Content-Type', /text\/csv/)
      .expect(200);
    const rows = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(rows).toHaveLength(4);
    expect(csv.text).toContain(`"'=HYPERLINK(""x"") launch"`);
    // A release moves ₹25,000 out of Held: unsigned, in the money-out column, a number to a spreadsheet.
    expect(rows[0]).toContain('Money in (INR),Money out (INR),Balance after (INR)');
    expect(rows.some((row) => row.endsWith(',released,held,,25000.00,0.00'))).toBe(true);
    expect(csv.text).not.toMatch(/,'-\d/);
    const destination = await request(testApp.server)
      .get(`${WALLET}/payout-destination`)
      .set(as(asha))
      .expect(200);
    expect(destination.body).toMatchObject({ maskedDestination: 'HDFC0001234 ••••6789' });
  });

  it('marks the invoice paid once the gateway settles the milestone', async () => {
    gateway.settleReleased();
    await deliver(gateway.settlementWebhooks());
    await eventually(async () => (await invoices('paid')).length === 1, {
      what: 'the settled invoice',
      timeoutMs: 30_000,
    });
    const counts = await request(testApp.server)
      .get(`${INVOICES}/counts`)
      .set(as(asha))
      .expect(200);
    expect(counts.body).toMatchObject({ all: 1, paid: 1, pending: 0, overdue: 0 });
  });
});
