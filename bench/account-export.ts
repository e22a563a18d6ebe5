/**
 * `npm run bench:account-export` (#41): "Download my data" for a creator with BENCH_EXPORT_DEALS
 * (default 100) accepted deals, each with its signed contract (and the contract as sent) stored
 * in `deal_documents`, 3 milestones, the first released and invoiced (an issued invoice with its
 * PDF). The PDFs are rendered by the compiled backend's own renderers, one per deal, so the ZIP
 * carries what production's would. Timed BENCH_EXPORT_REQUESTS (default 5) times after one
 * warm-up: from asking (POST /api/v1/account/data-exports) to the copy being ready (the
 * background worker built it; polled), then the ready ZIP's download; the ZIP's size is printed.
 * MONGODB_URI is not used: a database of its own is started and dropped.
 */
import { createHash, randomUUID } from 'node:crypto';
import { Binary, type Db, type Document } from 'mongodb';
import { DEMO_IDENTITY } from '../scripts/lib/identity-provider.ts';
import { compiledExport, percentile, runBench, startBenchApi, timed } from './support.ts';

const DEALS = Number(process.env.BENCH_EXPORT_DEALS ?? 100);
const REQUESTS = Number(process.env.BENCH_EXPORT_REQUESTS ?? 5);
const DATABASE = 'paylock_bench_account_export';
const AT = new Date('2026-06-01T06:00:00Z');
const MILESTONE_PAISE = 2_500_000;
/** How often the bench asks whether the copy is ready (the settings page polls every 2 s). */
const POLL_MS = 250;

type Render<T> = { render(input: T): Promise<Uint8Array> };
type Renderer<T> = new () => Render<T>;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function acceptance(party: 'creator' | 'brand', documentSha256: string): Document {
  return {
    party,
    fullName: party === 'creator' ? DEMO_IDENTITY.name : 'Priya Mehta',
    email: party === 'creator' ? DEMO_IDENTITY.email : 'priya@example.in',
    at: AT,
    ip: '127.0.0.1',
    userAgent: 'bench',
    documentSha256,
  };
}

/** An accepted deal as the deals' collection stores it: 3 milestones, the first released. */
function deal(creatorId: string, index: number, pendingMoney: Document): Document {
  const id = `bench-export-${String(index)}`;
  const milestones = [0, 1, 2].map((m) => ({
    ...pendingMoney,
    id: `${id}-m${String(m)}`,
    name: `Milestone ${String(m + 1)}`,
    releaseCondition: 'Reel live',
    amountPaise: MILESTONE_PAISE,
    dueDate: '2026-07-01',
    ...(m === 0 ? { state: 'released', fundedAt: AT, approvedAt: AT, releasedAt: AT } : {}),
  }));
  return {
    _id: id,
    creatorId,
    state: 'accepted',
    version: 1,
    revision: 3,
    title: `Festive reel ${String(index)}`,
    brief: 'One reel and three stories.',
    campaign: 'Diwali 2026',
    brand: {
      companyName: 'Glow Naturals Pvt Ltd',
      contactName: 'Priya Mehta',
      contactEmail: 'priya@example.in',
      contactMobile: '9876543210',
    },
    brandKey: 'glow naturals pvt ltd',
    deliverables: [],
    milestones,
    totalPaise: 3 * MILESTONE_PAISE,
    approvalWindowDays: 7,
    revisionRounds: 2,
    gstApplies: false,
    gstin: null,
    createdAt: AT,
    updatedAt: AT,
    sentAt: AT,
    linkExpiresAt: null,
    history: [],
    contracts: [],
    lastError: null,
  };
}

/** The released milestone's invoice, issued (a bill of supply: the creator has no GSTIN). */
function invoice(creatorId: string, dealDocument: Document, serial: number): Document {
  const dealId = String(dealDocument._id);
  const milestoneId = `${dealId}-m0`;
  return {
    _id: randomUUID(),
    milestoneKey: `${dealId}:${milestoneId}`,
    creatorId,
    brandAccountId: null,
    dealId,
    milestoneId,
    kind: 'bill_of_supply',
    status: 'issued',
    financialYear: '2026-27',
    serial,
    number: `PL/2026-27/${String(serial).padStart(5, '0')}`,
    issuedAt: AT,
    supplier: { name: DEMO_IDENTITY.name, address: null, gstin: null },
    recipient: { name: 'Glow Naturals Pvt Ltd', address: null, gstin: null },
    placeOfSupply: null,
    sac: '998361',
    description: `${String(dealDocument.title)}: Milestone 1`,
    dueDate: '2026-07-01',
    settledAt: null,
    tds: null,
    createdAt: AT,
    lastError: null,
    taxablePaise: MILESTONE_PAISE,
    gst: null,
    totalPaise: MILESTONE_PAISE,
    totalInWords: 'Rupees Twenty-Five Thousand Only',
  };
}

/** Seeds the deals, their contract documents and invoices, each PDF rendered as the API does. */
async function seed(database: Db, creatorId: string): Promise<void> {
  const pendingMoney = await compiledExport<Document>('deals/domain/milestone.js', 'PENDING_MONEY');
  const contractDocument = await compiledExport<(input: unknown) => unknown>(
    'deals/domain/contract-template.js',
    'contractDocument',
  );
  const templateVersion = await compiledExport<string>(
    'deals/domain/contract-template.js',
    'CONTRACT_TEMPLATE_VERSION',
  );
  const ContractRenderer = await compiledExport<Renderer<unknown>>(
    'deals/infrastructure/pdfmake-contract-renderer.js',
    'PdfmakeContractRenderer',
  );
  const InvoiceRenderer = await compiledExport<Renderer<unknown>>(
    'invoices/infrastructure/pdfmake-invoice-renderer.js',
    'PdfmakeInvoiceRenderer',
  );
  const [contracts, invoices] = [new ContractRenderer(), new InvoiceRenderer()];
  const creator = { name: DEMO_IDENTITY.name, email: DEMO_IDENTITY.email };
  for (let index = 0; index < DEALS; index++) {
    const stored = deal(creatorId, index, pendingMoney);
    const dealId = String(stored._id);
    const document = contractDocument({
      dealId,
      version: 1,
      creator,
      terms: stored,
      renderedAt: AT,
    });
    // The signed copy (the same bytes here, without the audit-trail page) is the one exported.
    const pdf = await contracts.render(document);
    const documents: Document[] = (['contract', 'signed'] as const).map((kind) => ({
      _id: `${dealId}:1:${kind}`,
      dealId,
      version: 1,
      kind,
      html: '',
      pdf: new Binary(pdf),
      sha256: sha256(pdf),
      createdAt: AT,
    }));
    stored.contracts = [
      {
        version: 1,
        templateVersion,
        sha256: sha256(pdf),
        renderedAt: AT,
        creatorAcceptance: acceptance('creator', sha256(pdf)),
        brandAcceptance: acceptance('brand', sha256(pdf)),
        signedSha256: sha256(pdf),
      },
    ];
    const issued = invoice(creatorId, stored, index + 1);
    const invoicePdf = await invoices.render({ ...issued, id: String(issued._id) });
    await database.collection('deals').insertOne(stored);
    await database.collection('deal_documents').insertMany(documents);
    await database.collection('invoices').insertOne({ ...issued, pdf: new Binary(invoicePdf) });
  }
}

async function main(): Promise<number> {
  return runBench(
    { name: 'account-export', databaseName: DATABASE },
    async (database, onCleanUp) => {
      const { client } = database;
      const { apiUrl, accessToken } = await startBenchApi(database, onCleanUp, DEMO_IDENTITY, {
        MAIL_DELIVERY: 'false',
      });
      const user = await client.db().collection('users').findOne({ email: DEMO_IDENTITY.email });
      const seedStarted = performance.now();
      await seed(client.db(), String(user?._id));
      console.log(
        `seeded ${String(DEALS)} deals (contract PDFs and an invoice PDF each) in ${(
          (performance.now() - seedStarted) /
          1000
        ).toFixed(1)} s`,
      );
      const headers = { Authorization: `Bearer ${accessToken}`, Origin: apiUrl };
      let bytes = 0;
      let exportId = '';
      /** Asks for a copy and polls (as the settings page does) until it is ready. */
      const prepare = async () => {
        const asked = await fetch(`${apiUrl}/api/v1/account/data-exports`, {
          method: 'POST',
          headers,
        });
        if (asked.status !== 202) throw new Error(`asking answered ${String(asked.status)}`);
        exportId = ((await asked.json()) as { id: string }).id;
        for (;;) {
          const latest = await fetch(`${apiUrl}/api/v1/account/data-exports/latest`, { headers });
          const body = (await latest.json()) as { latest: { id: string; state: string } | null };
          if (body.latest?.id === exportId && body.latest.state === 'ready') return;
          await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        }
      };
      const download = async () => {
        const response = await fetch(`${apiUrl}/api/v1/account/data-exports/${exportId}/archive`, {
          headers,
        });
        bytes = (await response.arrayBuffer()).byteLength;
        if (!response.ok) throw new Error(`the download answered ${String(response.status)}`);
      };
      await prepare(); // warm
      const preparations = await timed(REQUESTS, prepare);
      const downloads = await timed(REQUESTS, download);
      const row = (durations: number[]) => ({
        deals: DEALS,
        'ZIP MB': (bytes / 1_048_576).toFixed(2),
        'p50 ms': percentile(durations, 50).toFixed(0),
        'max ms': Math.max(...durations).toFixed(0),
      });
      console.table({
        'asked → ready (background build, polled)': row(preparations),
        'GET …/archive (the ready ZIP)': row(downloads),
      });
      return 0;
    },
  );
}

process.exitCode = await main();
