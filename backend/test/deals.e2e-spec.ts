import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';
import { PDFParse } from 'pdf-parse';
import { createHash } from 'node:crypto';
import request from 'supertest';
import { AUTH, authTestEnv, type ErrorBody, type SessionBody } from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { FakePayoutAccounts } from './support/fake-payment-gateway.js';
import { PayoutAccounts } from '../src/payouts/payouts.contract.js';
import { dealTerms, reviewTokenIn } from './support/deal-fixtures.js';
import { type MailDevServer, type ReceivedMail, startMailDev } from './support/maildev.js';

const DEALS = '/api/v1/deals';
const REVIEW = '/api/v1/deal-review';
const BRAND_EMAIL = 'priya@glownaturals.in';

interface DealBody {
  id: string;
  state: string;
  version: number;
  totalPaise: number;
  allowedActions: string[];
  history: { from: string | null; to: string; by: string }[];
  contracts: {
    version: number;
    sha256: string;
    signedSha256: string | null;
    creatorAcceptance: { fullName: string; documentSha256: string };
    brandAcceptance: {
      fullName: string;
      ip: string;
      userAgent: string;
      documentSha256: string;
    } | null;
  }[];
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** supertest: collect a binary body as a Buffer. */
function binary(response: request.Response, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => {
    callback(null, Buffer.concat(chunks));
  });
}

describe('Deals and contracts (#24) over HTTP', () => {
  let idp: IdentityProvider;
  let mailDev: MailDevServer;
  let testApp: TestApp;
  let asha: string;
  let ravi: string;

  async function signUp(sub: string, email: string, name: string): Promise<string> {
    const credential = await idp.issueIdToken({ sub, email, name });
    const response = await request(testApp.server)
      .post(`${AUTH}/register`)
      .send({ credential })
      .expect(201);
    return (response.body as SessionBody).accessToken;
  }

  const as = (token: string) => ({ Authorization: `Bearer ${token}` });

  async function createDeal(token: string, overrides: Record<string, unknown> = {}) {
    const response = await request(testApp.server)
      .post(DEALS)
      .set(as(token))
      .send(dealTerms(overrides))
      .expect(201);
    return response.body as DealBody;
  }

  /** Sends the deal; the review link from the brand's e-mail whose subject has `subjectPart`. */
  async function sendAndGetToken(token: string, dealId: string, subjectPart: string) {
    const sent = await request(testApp.server)
      .post(`${DEALS}/${dealId}/send`)
      .set(as(token))
      .expect(200);
    expect((sent.body as DealBody).state).toBe('sent');
    const mail = await mailTo(BRAND_EMAIL, (subject) => subject.includes(subjectPart));
    return { deal: sent.body as DealBody, token: reviewTokenIn(mail.text) };
  }

  async function mailTo(address: string, subject: (subject: string) => boolean) {
    const matches = (mail: ReceivedMail) =>
      mail.to.some((to) => to.address === address) && subject(mail.subject);
    const mails = await mailDev.inbox.waitFor((all) => all.some(matches), {
      timeoutMs: 20_000,
      what: `mail to ${address}`,
    });
    const found = mails.filter(matches).at(-1);
    if (!found) throw new Error('unreachable');
    return found;
  }

  beforeAll(async () => {
    idp = await startIdentityProvider();
    mailDev = await startMailDev();
    testApp = await createTestApp({
      env: authTestEnv(idp, {
        SMTP_URL: mailDev.smtpUrl,
        MAIL_POLL_INTERVAL_MS: '50',
        RATE_LIMIT_PERSONAL_PAGE_PER_MINUTE: '1000',
      }),
      // Sending needs a verified payout profile (#26): every creator here has one.
      configure: (builder) =>
        builder.overrideProvider(PayoutAccounts).useValue(new FakePayoutAccounts()),
    });
    asha = await signUp('google-asha', 'asha@gmail.com', 'Asha Rao');
    ravi = await signUp('google-ravi', 'ravi@gmail.com', 'Ravi Kumar');
  }, 60_000);

  afterAll(async () => {
    await testApp.close();
    await mailDev.stop();
    await idp.stop();
  });

  it('creates 3 milestones → sends → the brand accepts by the e-mailed link → both get the signed PDF', async () => {
    const created = await createDeal(asha);
    expect(created).toMatchObject({ state: 'draft', version: 1, totalPaise: 12500000 });
    expect(created.allowedActions).toEqual(['edit', 'send', 'cancel']);

    const { token } = await sendAndGetToken(
      asha,
      created.id,
      'Asha Rao sent you a deal to review: Diwali',
    );

    const opened = await request(testApp.server).post(`${REVIEW}/open`).send({ token }).expect(200);
    const review = opened.body as {
      contract: { html: string; sha256: string };
      totalPaise: number;
    };
    expect(review.totalPaise).toBe(12500000);
    expect(review.contract.html).toContain('₹1,25,000.00');
    expect(review.contract.html).toContain('&lt;b&gt;launch&lt;/b&gt;');
    expect(review.contract.html).not.toContain('<b>launch');

    const pdf = await request(testApp.server)
      .post(`${REVIEW}/contract.pdf`)
      .send({ token })
      .buffer(true)
      .parse(binary)
      .expect(200)
      .expect('Content-Type', /application\/pdf/);
    expect(sha256(pdf.body as Buffer)).toBe(review.contract.sha256);
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="paylock-contract-${created.id}-v1.pdf"`,
    );

    await request(testApp.server)
      .post(`${REVIEW}/accept`)
      .send({ token, fullName: 'Priya Mehta', agreed: false })
      .expect(400);
    const accepted = await request(testApp.server)
      .post(`${REVIEW}/accept`)
      .set('User-Agent', 'BrandBrowser/1.0')
      .send({ token, fullName: 'Priya Mehta', agreed: true })
      .expect(200);
    expect(accepted.body).toMatchObject({
      state: 'accepted',
      documentSha256: review.contract.sha256,
    });

    const deal = (
      await request(testApp.server).get(`${DEALS}/${created.id}`).set(as(asha)).expect(200)
    ).body as DealBody;
    expect(deal.state).toBe('accepted');
    expect(deal.history.map(({ from, to }) => `${from ?? '-'}>${to}`)).toEqual([
      '->draft',
      'draft>sent',
      'sent>accepted',
    ]);
    const [version] = deal.contracts;
    expect(version?.creatorAcceptance).toMatchObject({
      fullName: 'Asha Rao',
      documentSha256: review.contract.sha256,
    });
    expect(version?.brandAcceptance).toMatchObject({
      fullName: 'Priya Mehta',
      userAgent: 'BrandBrowser/1.0',
      documentSha256: review.contract.sha256,
    });

    const isSigned = (mail: ReceivedMail) =>
      mail.subject === 'Signed: Diwali glow serum <b>launch</b>';
    const signedMails = await mailDev.inbox.waitFor(
      (mails) => mails.filter(isSigned).length === 2,
      { timeoutMs: 20_000, what: 'two signed contracts' },
    );
    const signed = signedMails.filter(isSigned);
    expect(signed.flatMap((mail) => mail.to.map(({ address }) => address)).sort()).toEqual([
      'asha@gmail.com',
      BRAND_EMAIL,
    ]);
    for (const mail of signed) {
      const attachment = mail.attachments?.[0];
      expect(attachment?.contentType).toBe('application/pdf');
      const bytes = await mailDev.inbox.attachment(mail, attachment?.generatedFileName ?? '');
      expect(sha256(bytes)).toBe(version?.signedSha256);
      const text = (await pdfText(bytes)).replace(/\s+/g, ' ');
      for (const needle of [
        'Asha Rao',
        'Glow Naturals Pvt Ltd',
        'Priya Mehta',
        '₹1,25,000.00',
        '₹25,000.00',
        '₹50,000.00',
        'Rupees One Lakh Twenty-Five Thousand Only',
        'Audit trail',
        'BrandBrowser/1.0',
      ]) {
        expect(text).toContain(needle);
      }
      expect(text.replace(/\s+/g, '')).toContain(review.contract.sha256);
    }
    await mailTo('asha@gmail.com', (subject) => subject.includes('accepted your deal'));

    // The link is spent; the deal is active; editing or cancelling it is refused.
    const reused = await request(testApp.server).post(`${REVIEW}/open`).send({ token }).expect(409);
    expect((reused.body as ErrorBody).code).toBe('DEAL_LINK_CLOSED');
    const edit = await request(testApp.server)
      .put(`${DEALS}/${created.id}`)
      .set(as(asha))
      .send(dealTerms())
      .expect(409);
    expect((edit.body as ErrorBody).code).toBe('DEAL_NOT_EDITABLE');
    const cancel = await request(testApp.server)
      .post(`${DEALS}/${created.id}/cancel`)
      .set(as(asha))
      .expect(409);
    expect((cancel.body as ErrorBody).code).toBe('DEAL_TRANSITION_REFUSED');

    const active = await request(testApp.server)
      .get(`${DEALS}?view=active`)
      .set(as(asha))
      .expect(200);
    expect(active.body).toMatchObject({ total: 1, items: [{ id: created.id, state: 'accepted' }] });
    const overview = await request(testApp.server)
      .get(`${DEALS}/overview`)
      .set(as(asha))
      .expect(200);
    expect(overview.body).toMatchObject({ activeCount: 1, totalUnderContractPaise: 12500000 });
  }, 60_000);

  it('request changes → the creator edits (version 2) → sends again; the old link is closed', async () => {
    const created = await createDeal(asha, { title: 'Holi launch', campaign: 'Holi 2027' });
    const first = await sendAndGetToken(asha, created.id, 'Holi launch');
    const asked = await request(testApp.server)
      .post(`${REVIEW}/request-changes`)
      .send({ token: first.token, comment: 'Go live a week later <please>' })
      .expect(200);
    expect(asked.body).toMatchObject({ state: 'changes_requested' });
    const note = await mailTo('asha@gmail.com', (subject) =>
      subject.includes('asked for changes to your deal: Holi launch'),
    );
    expect(note.text).toContain('Go live a week later <please>');
    expect(note.html).toContain('&lt;please&gt;');

    const revised = await request(testApp.server)
      .put(`${DEALS}/${created.id}`)
      .set(as(asha))
      .send(dealTerms({ title: 'Holi launch, revised', campaign: 'Holi 2027' }))
      .expect(200);
    expect(revised.body).toMatchObject({ state: 'draft', version: 2 });
    const second = await sendAndGetToken(asha, created.id, 'Holi launch, revised');
    const old = await request(testApp.server)
      .post(`${REVIEW}/open`)
      .send({ token: first.token })
      .expect(409);
    expect((old.body as ErrorBody).code).toBe('DEAL_LINK_CLOSED');
    await request(testApp.server).post(`${REVIEW}/open`).send({ token: second.token }).expect(200);

    const campaigns = await request(testApp.server)
      .get(`${DEALS}/campaigns`)
      .set(as(asha))
      .expect(200);
    expect(
      (campaigns.body as { items: { name: string }[] }).items.map(({ name }) => name),
    ).toContain('Holi 2027');
  }, 60_000);

  it('decline → the creator is told; the link no longer works', async () => {
    const created = await createDeal(asha, { title: 'Winter collab' });
    const { token } = await sendAndGetToken(asha, created.id, 'Winter collab');
    await request(testApp.server)
      .post(`${REVIEW}/decline`)
      .send({ token, reason: 'Budget moved' })
      .expect(200);
    await mailTo('asha@gmail.com', (subject) =>
      subject.includes('declined your deal: Winter collab'),
    );
    const again = await request(testApp.server)
      .post(`${REVIEW}/accept`)
      .send({ token, fullName: 'P', agreed: true })
      .expect(409);
    expect((again.body as ErrorBody).code).toBe('DEAL_LINK_CLOSED');
    const archive = await request(testApp.server)
      .get(`${DEALS}?view=archive`)
      .set(as(asha))
      .expect(200);
    expect((archive.body as { items: { id: string }[] }).items.map(({ id }) => id)).toContain(
      created.id,
    );
  }, 60_000);

  it("answers 404 for another creator's deal, never 403", async () => {
    const created = await createDeal(asha);
    for (const call of [
      request(testApp.server).get(`${DEALS}/${created.id}`).set(as(ravi)),
      request(testApp.server).put(`${DEALS}/${created.id}`).set(as(ravi)).send(dealTerms()),
      request(testApp.server).post(`${DEALS}/${created.id}/send`).set(as(ravi)),
      request(testApp.server).post(`${DEALS}/${created.id}/cancel`).set(as(ravi)),
      request(testApp.server).get(`${DEALS}/${created.id}/contract`).set(as(ravi)),
      request(testApp.server).get(`${DEALS}/${created.id}/contract.pdf`).set(as(ravi)),
    ]) {
      const response = await call.expect(404);
      expect((response.body as ErrorBody).code).toBe('DEAL_NOT_FOUND');
    }
    const list = await request(testApp.server).get(DEALS).set(as(ravi)).expect(200);
    expect(list.body).toMatchObject({ total: 0, items: [] });
  }, 60_000);

  it('refuses bad amounts with field messages', async () => {
    const milestone = {
      name: 'Live',
      releaseCondition: 'Reel live',
      dueDate: dealTerms().totalPaise ? '2099-01-01' : '',
    };
    for (const amountPaise of ['5000', 50.5, -100, 0, 1_00_00_000_01, null, true]) {
      const response = await request(testApp.server)
        .post(DEALS)
        .set(as(asha))
        .send(dealTerms({ milestones: [{ ...milestone, amountPaise }], totalPaise: 5000 }))
        .expect(400);
      const body = response.body as ErrorBody;
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.errors?.['milestones.0.amountPaise']).toMatch(/amountPaise/);
    }
    const mismatch = await request(testApp.server)
      .post(DEALS)
      .set(as(asha))
      .send(dealTerms({ totalPaise: 12500001 }))
      .expect(400);
    expect((mismatch.body as ErrorBody).errors?.totalPaise).toMatch(/sum of the milestones/);
    const past = await request(testApp.server)
      .post(DEALS)
      .set(as(asha))
      .send(
        dealTerms({ milestones: [{ ...milestone, dueDate: '2020-01-01', amountPaise: 12500000 }] }),
      )
      .expect(400);
    expect((past.body as ErrorBody).errors?.['milestones.0.dueDate']).toMatch(/past/);
    const phone = await request(testApp.server)
      .post(DEALS)
      .set(as(asha))
      .send(dealTerms({ brand: { ...(dealTerms().brand as object), contactMobile: '12345' } }))
      .expect(400);
    expect((phone.body as ErrorBody).errors?.['brand.contactMobile']).toBe(
      'Please enter a valid 10-digit phone number',
    );
    const gstin = await request(testApp.server)
      .post(DEALS)
      .set(as(asha))
      .send(dealTerms({ gstApplies: true, gstin: '27AAPFU0939F1ZA' }))
      .expect(400);
    expect((gstin.body as ErrorBody).errors?.gstin).toMatch(/GSTIN/);
    const none = await request(testApp.server)
      .post(DEALS)
      .set(as(asha))
      .send(dealTerms({ milestones: [] }))
      .expect(400);
    expect((none.body as ErrorBody).errors?.milestones).toBeDefined();
  }, 60_000);

  it('answers a tampered, unknown or malformed link clearly, never 500', async () => {
    const created = await createDeal(asha, { title: 'Tamper test' });
    const { token } = await sendAndGetToken(asha, created.id, 'Tamper test');
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const unknown = await request(testApp.server)
      .post(`${REVIEW}/open`)
      .send({ token: tampered })
      .expect(404);
    expect((unknown.body as ErrorBody).code).toBe('DEAL_LINK_INVALID');
    await request(testApp.server).post(`${REVIEW}/open`).send({ token: 'short' }).expect(400);
    await request(testApp.server).post(`${REVIEW}/open`).send({}).expect(400);
    // The creator withdraws it: the link closes.
    await request(testApp.server).post(`${DEALS}/${created.id}/cancel`).set(as(asha)).expect(200);
    const closed = await request(testApp.server).post(`${REVIEW}/open`).send({ token }).expect(409);
    expect((closed.body as ErrorBody).code).toBe('DEAL_LINK_CLOSED');
  }, 60_000);

  it('serves the contract of a draft as a preview and the template with its version', async () => {
    const created = await createDeal(asha);
    const contract = await request(testApp.server)
      .get(`${DEALS}/${created.id}/contract`)
      .set(as(asha))
      .expect(200);
    expect(contract.body).toMatchObject({ preview: true, sha256: null, version: 1 });
    const template = await request(testApp.server)
      .get(`${DEALS}/contract-template`)
      .set(as(asha))
      .expect(200);
    expect((template.body as { text: string }).text).toContain('Governing law');
    const collaborations = await request(testApp.server)
      .get(`${DEALS}/collaborations`)
      .set(as(asha))
      .expect(200);
    expect((collaborations.body as { items: { brand: string }[] }).items[0]?.brand).toBe(
      'Glow Naturals Pvt Ltd',
    );
  }, 60_000);
});
