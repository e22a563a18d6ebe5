import { randomUUID } from 'node:crypto';
import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';
import { type SmsInbox, startSmsInbox } from '@paylock/sms-inbox';
import { strFromU8, unzipSync } from 'fflate';
import { PDFParse } from 'pdf-parse';
import request from 'supertest';
import { ContractPublisher } from '../src/deals/application/contract-publisher.js';
import { ContractDocuments } from '../src/deals/application/ports/contract-documents.js';
import { DealRepository } from '../src/deals/application/ports/deal.repository.js';
import { CONTRACT_TEMPLATE_VERSION } from '../src/deals/domain/contract-template.js';
import type { AcceptanceRecord, Deal } from '../src/deals/domain/deal.js';
import { Invoicing } from '../src/invoices/index.js';
import { InAppNotices } from '../src/notifications/notifications.contract.js';
import {
  APP_ORIGIN,
  AUTH,
  authTestEnv,
  CSRF_HEADERS,
  type SessionBody,
} from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { dealTerms } from './support/deal-fixtures.js';
import { eventually } from './support/eventually.js';
import { acceptedDealRecord, milestoneRecord } from './support/deal-records.js';
import {
  askForDataExport,
  DATA_EXPORTS,
  dataExportReady,
  downloadDataExport,
  expectRefused,
  exportedArchive,
  latestDataExport,
} from './support/data-export.js';
import { type MailDevServer, startMailDev } from './support/maildev.js';

const TABLES = [
  'profile',
  'nominee',
  'sessions',
  'deals',
  'milestones',
  'ledger',
  'invoices',
  'notifications',
];

type Row = Record<string, unknown>;

async function pdfText(bytes: Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: bytes });
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

/** Settings → Data & privacy: "Download my data" gives the caller's own data, and only theirs. */
describe('Your account: download my data (HTTP)', () => {
  let idp: IdentityProvider;
  let inbox: SmsInbox;
  let mailDev: MailDevServer;
  let app: TestApp;

  beforeAll(async () => {
    [idp, inbox, mailDev] = await Promise.all([
      startIdentityProvider(),
      startSmsInbox(),
      startMailDev(),
    ]);
    app = await createTestApp({
      env: authTestEnv(idp, {
        ...inbox.backendEnv,
        SMTP_URL: mailDev.smtpUrl,
        MAIL_POLL_INTERVAL_MS: '50',
        SIGNUP_MODE: 'open',
        RATE_LIMIT_AUTH_PER_MINUTE: '1000',
        SMS_HOURLY_BUDGET: '1000',
      }),
    });
  }, 60_000);

  afterAll(async () => {
    await app.close();
    await Promise.all([idp.stop(), inbox.stop(), mailDev.stop()]);
  });

  async function brand(national: string): Promise<{ token: string; id: string }> {
    const phone = `+91${national}`;
    await request(app.server)
      .post(`${AUTH}/phone/codes`)
      .set(CSRF_HEADERS)
      .send({ phone: national, purpose: 'signup' })
      .expect(202);
    const code = (await inbox.nextMessageTo(phone)).variables.otp ?? '';
    const session = await request(app.server)
      .post(`${AUTH}/phone/sessions`)
      .set(CSRF_HEADERS)
      .send({ phone: national, code, purpose: 'signup' })
      .expect(200);
    const stored = await app.connection.collection('brand_accounts').findOne({ phone });
    return { token: (session.body as SessionBody).accessToken, id: String(stored?._id) };
  }

  /** A deal the brand's workspace accepted, its one milestone released and invoiced. */
  async function invoicedDeal(creatorId: string, brand: { id: string }): Promise<string> {
    const milestoneId = randomUUID();
    const at = new Date('2026-06-01T06:00:00Z');
    const deal = acceptedDealRecord(at, {
      id: randomUUID(),
      creatorId,
      title: 'Holi reel',
      milestones: [milestoneRecord({ id: milestoneId, state: 'released', releasedAt: at })],
      brandParty: { channel: 'account', brandId: brand.id, mobile: '9123466601' },
    });
    await app.app.get(DealRepository, { strict: false }).insert(deal);
    const invoicing = app.app.get(Invoicing, { strict: false });
    const invoice = await invoicing.issueForRelease(deal.id, milestoneId);
    // The app's invoices worker may have taken the brand's notice first: then it issues it.
    await eventually(
      async () => (await invoicing.get(creatorId, invoice?.id ?? '')).status === 'issued',
      { what: 'the invoice issued' },
    );
    return invoice?.number ?? '';
  }

  /**
   * A deal the brand's workspace accepted, its signed contract rendered and stored as the deals
   * module stores it.
   */
  async function signedDeal(creatorId: string, brand: { id: string }, title: string) {
    const at = new Date('2026-06-01T06:00:00Z');
    const draft = acceptedDealRecord(at, {
      id: randomUUID(),
      creatorId,
      title,
      milestones: [milestoneRecord({ id: randomUUID() })],
      brandParty: { channel: 'account', brandId: brand.id, mobile: '9123466601' },
    });
    const publisher = app.app.get(ContractPublisher, { strict: false });
    const document = publisher.documentOf(draft, { name: 'Kiran', email: 'k@gmail.com' }, at);
    const contract = await publisher.render(document);
    const acceptance = (party: 'creator' | 'brand'): AcceptanceRecord => ({
      party,
      fullName: party,
      email: null,
      at,
      ip: '127.0.0.1',
      userAgent: 'test',
      documentSha256: contract.sha256,
    });
    const signed = await publisher.renderSigned(document, contract.sha256, [
      acceptance('creator'),
      acceptance('brand'),
    ]);
    const deal: Deal = {
      ...draft,
      contracts: [
        {
          version: 1,
          templateVersion: CONTRACT_TEMPLATE_VERSION,
          sha256: contract.sha256,
          renderedAt: at,
          creatorAcceptance: acceptance('creator'),
          brandAcceptance: acceptance('brand'),
          signedSha256: signed.sha256,
        },
      ],
    };
    await app.app.get(DealRepository, { strict: false }).insert(deal);
    const documents = app.app.get(ContractDocuments, { strict: false });
    for (const [kind, rendered] of [
      ['contract', contract],
      ['signed', signed],
    ] as const) {
      const { html, pdf, sha256 } = rendered;
      await documents.save({ dealId: deal.id, version: 1, kind, html, pdf, sha256, createdAt: at });
    }
    return deal;
  }

  async function register(sub: string, email: string): Promise<string> {
    idp.setNextIdentity({ sub, email, name: sub });
    const answer = await request(app.server)
      .post(`${AUTH}/register`)
      .set('Origin', APP_ORIGIN)
      .set('User-Agent', 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0')
      .send({ credential: await idp.issueIdToken() })
      .expect(201);
    return (answer.body as SessionBody).accessToken;
  }

  async function downloadFiles(accessToken: string): Promise<Record<string, Uint8Array>> {
    return unzipSync(await exportedArchive(app, accessToken));
  }

  async function download(accessToken: string): Promise<Record<string, string>> {
    const files = await downloadFiles(accessToken);
    return Object.fromEntries(Object.entries(files).map(([name, data]) => [name, strFromU8(data)]));
  }

  const json = (files: Record<string, string>, table: string) =>
    JSON.parse(files[`${table}.json`] ?? 'null') as Row[];

  const pdfName = (number: string) => `invoices/${number.replace(/[^\w.-]/g, '_')}.pdf`;

  it('carries the invoices (JSON, CSV and each PDF) and notifications of the creator and of the brand billed', async () => {
    const kiran = await register('sub-kiran-export', 'kiran.export@gmail.com');
    const kiranId = String(
      (await app.connection.collection('users').findOne({ email: 'kiran.export@gmail.com' }))?._id,
    );
    const chai = await brand('9123466601');
    const number = await invoicedDeal(kiranId, chai);
    expect(number).not.toBe('');
    await app.app.get(InAppNotices, { strict: false }).tell({
      recipient: `user:${kiranId}`,
      kind: 'support_answered',
      eventId: 'export-test',
      title: 'Support answered: my invoice',
      body: 'It is in your download.',
      actionPath: '/creator/settings#help',
      actionLabel: 'Read the answer',
      at: new Date(),
    });

    const creators = await download(kiran);
    expect(json(creators, 'invoices')).toEqual([
      expect.objectContaining({ number, status: 'issued', pdf: pdfName(number) }),
    ]);
    expect(creators['invoices.csv']).toContain(number);
    expect(creators[pdfName(number)]?.startsWith('%PDF-')).toBe(true);
    expect(json(creators, 'notifications')).toEqual([
      expect.objectContaining({ title: 'Support answered: my invoice', readAt: null }),
    ]);

    const brands = await download(chai.token);
    expect(Object.keys(brands)).toEqual(
      expect.arrayContaining(['invoices.json', 'invoices.csv', 'notifications.json']),
    );
    expect(json(brands, 'invoices')).toEqual([expect.objectContaining({ number })]);
    expect(brands[pdfName(number)]?.startsWith('%PDF-')).toBe(true);
    expect(json(brands, 'notifications')).toEqual([
      expect.objectContaining({ kind: 'invoice_issued' }),
    ]);
  });

  it('carries every signed contract PDF of the creator, and of the brand only its own deals’', async () => {
    const meera = await register('sub-meera-export', 'meera.export@gmail.com');
    const meeraId = String(
      (await app.connection.collection('users').findOne({ email: 'meera.export@gmail.com' }))?._id,
    );
    const [tea, soap] = [await brand('9123466611'), await brand('9123466612')];
    const teaDeal = await signedDeal(meeraId, tea, 'Masala chai reel');
    const soapDeal = await signedDeal(meeraId, soap, 'Neem soap story');
    const contractsIn = (files: Record<string, Uint8Array>) =>
      Object.keys(files).filter((name) => name.startsWith('contracts/'));

    const creators = await downloadFiles(meera);
    expect(contractsIn(creators)).toHaveLength(2);
    for (const deal of [teaDeal, soapDeal]) {
      const row = json(await download(meera), 'deals').find(({ id }) => id === deal.id);
      const pdf = creators[String(row?.contractPdf)] ?? new Uint8Array();
      expect(strFromU8(pdf.subarray(0, 5))).toBe('%PDF-');
      expect(await pdfText(pdf)).toContain(deal.title);
    }

    const teas = await downloadFiles(tea.token);
    expect(contractsIn(teas)).toHaveLength(1);
    const teaText = await pdfText(teas[contractsIn(teas)[0] ?? ''] ?? new Uint8Array());
    expect(teaText).toContain('Masala chai reel');
    expect(teaText).not.toContain('Neem soap story');
    expect(contractsIn(await downloadFiles(soap.token))).toEqual([
      expect.stringContaining('Neem_soap_story'),
    ]);
  });

  it('gives the creator a ZIP of their profile, sessions, deals, milestones and ledger (JSON + CSV)', async () => {
    const asha = await register('sub-asha-export', 'asha.export@gmail.com');
    await request(app.server)
      .post('/api/v1/deals')
      .set('Authorization', `Bearer ${asha}`)
      .send(dealTerms({ title: 'Diwali reel' }))
      .expect(201);

    const files = await download(asha);
    expect(Object.keys(files).sort()).toEqual(
      ['README.txt', ...TABLES.flatMap((table) => [`${table}.json`, `${table}.csv`])].sort(),
    );
    expect(json(files, 'profile')).toEqual([
      expect.objectContaining({ googleEmail: 'asha.export@gmail.com', contactEmail: null }),
    ]);
    expect(json(files, 'sessions')).toEqual([
      expect.objectContaining({
        thisDevice: true,
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0',
      }),
    ]);
    const deals = json(files, 'deals');
    expect(deals).toEqual([expect.objectContaining({ title: 'Diwali reel', state: 'draft' })]);
    const milestones = json(files, 'milestones');
    expect(milestones.length).toBeGreaterThan(0);
    expect(milestones.every((row) => row.dealId === deals[0]?.id)).toBe(true);
    expect(json(files, 'ledger')).toEqual([]);
    expect(files['deals.csv']).toContain('Diwali reel');
    expect(files['deals.csv']?.split('\n')[0]).toContain('id,title,state');
    expect(files['README.txt']).toContain('Razorpay');
    expect(files['README.txt']).toContain('The SMS provider');
  });

  it('holds only the caller’s data: another creator’s export has none of the first one’s', async () => {
    const ravi = await register('sub-ravi-export', 'ravi.export@gmail.com');
    const files = await download(ravi);
    const everything = Object.values(files).join('\n');
    expect(everything).toContain('ravi.export@gmail.com');
    expect(everything).not.toContain('asha.export@gmail.com');
    expect(everything).not.toContain('Diwali reel');
    expect(json(files, 'deals')).toEqual([]);
  });

  it('refuses without a session (401) and takes no account id from the request', async () => {
    await request(app.server).post(DATA_EXPORTS).set('Origin', APP_ORIGIN).expect(401);
    await request(app.server).get(`${DATA_EXPORTS}/latest?userId=someone`).expect(401);
    await request(app.server).get(`${DATA_EXPORTS}/${randomUUID()}/archive`).expect(401);
  });

  it('prepares the copy in the background, tells the person when it is ready, and lets only them download it', async () => {
    const neha = await register('sub-neha-export', 'neha.export@gmail.com');
    expect(await latestDataExport(app, neha)).toBeNull();

    const asked = await askForDataExport(app, neha);
    expect(asked).toMatchObject({ state: 'preparing', readyAt: null, sizeBytes: null });
    // Asking again while it is prepared answers the same one: no second build.
    expect((await askForDataExport(app, neha)).id).toBe(asked.id);
    await expectRefused(downloadDataExport(app, neha, asked.id), 404, 'DATA_EXPORT_NOT_FOUND');

    const ready = await dataExportReady(app, neha, asked.id);
    expect(ready.sizeBytes).toBeGreaterThan(0);
    const week = Date.parse(ready.expiresAt ?? '') - Date.parse(ready.readyAt ?? '');
    expect(week).toBe(7 * 86_400_000);
    const answer = await downloadDataExport(app, neha, asked.id).expect(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['content-disposition']).toBe(
      'attachment; filename="paylock-my-data.zip"',
    );
    expect(answer.headers['cache-control']).toContain('no-store');
    expect((answer.body as Buffer).byteLength).toBe(ready.sizeBytes);
    expect(
      strFromU8(
        unzipSync(new Uint8Array(answer.body as Buffer))['profile.json'] ?? new Uint8Array(),
      ),
    ).toContain('neha.export@gmail.com');

    // Told once, in the bell and by mail (which links to Settings, never to the file).
    const mail = await mailDev.inbox.waitForMailTo('neha.export@gmail.com', {
      subject: 'Your Paylock data is ready to download',
    });
    expect(mail.text).toContain('/creator/settings#data');
    expect(mail.text).not.toContain(asked.id);
    const bell = await request(app.server)
      .get('/api/v1/notifications')
      .set('Authorization', `Bearer ${neha}`)
      .expect(200);
    expect((bell.body as { items: { kind: string; actionPath: string }[] }).items).toEqual([
      expect.objectContaining({ kind: 'data_export_ready', actionPath: '/creator/settings#data' }),
    ]);

    // Nobody else downloads it, whatever id they try.
    const ravi = await register('sub-ravi-export-2', 'ravi.export2@gmail.com');
    await expectRefused(downloadDataExport(app, ravi, asked.id), 404, 'DATA_EXPORT_NOT_FOUND');
    await expectRefused(downloadDataExport(app, ravi, 'not-an-id'), 404, 'DATA_EXPORT_NOT_FOUND');
    expect(await latestDataExport(app, ravi)).toBeNull();

    // A newer copy replaces it: the old one is gone.
    const newer = await askForDataExport(app, neha);
    expect(newer.id).not.toBe(asked.id);
    expect(await latestDataExport(app, neha)).toMatchObject({ id: newer.id, state: 'preparing' });
    await dataExportReady(app, neha, newer.id);
    await expectRefused(downloadDataExport(app, neha, asked.id), 404, 'DATA_EXPORT_NOT_FOUND');
    await downloadDataExport(app, neha, newer.id).expect(200);
  });

  it('tells a brand without a contact e-mail by SMS, linking to its settings', async () => {
    const glow = await brand('9123466655');
    const { id } = await askForDataExport(app, glow.token);
    await dataExportReady(app, glow.token, id);
    const sms = await app.connection
      .collection<{ to: string; templateId?: string; variables?: object }>('sms_outbox')
      .findOne({ to: '+919123466655', kind: 'notice' });
    expect(sms).toMatchObject({
      templateId: 'local-data_export_ready',
      variables: { link: expect.stringMatching(/\/brand\/settings#data$/) as unknown },
    });
  });
});
