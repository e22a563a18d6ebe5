import { Injectable } from '@nestjs/common';
import { ListAccountSessions } from '../../auth/auth.contract.js';
import { Clock } from '../../common/application/clock.js';
import type { Deal } from '../../deals/deals.contract.js';
import { type InvoiceWithPdf, PartyInvoices } from '../../invoices/invoices.contract.js';
import { LedgerReader } from '../../ledger/ledger.contract.js';
import { NoticeHistory } from '../../notifications/notifications.contract.js';
import {
  type Account,
  AccountErasureGate,
  type BrandAccount,
  ContactEmails,
  isBrandAccount,
  type User,
} from '../../users/users.contract.js';
import { AccountErasedNotFoundError } from '../domain/account-data.errors.js';
import { type DataFile, type DataTable, iso, PROCESSORS } from '../domain/data-table.js';
import { PartyDeals } from './party-deals.js';
import { type ContractPdf, ContractPdfs } from './ports/contract-pdfs.js';
import { DataArchive } from './ports/data-archive.js';
import { Nominees } from './ports/nominees.js';

const LEDGER_PAGE = 500;

function dealRow(
  deal: Deal,
  contractPdf: string | null,
): Record<string, string | number | boolean | null> {
  return {
    id: deal.id,
    title: deal.title,
    state: deal.state,
    campaign: deal.campaign,
    brandCompany: deal.brand.companyName,
    brandContactName: deal.brand.contactName,
    brandContactEmail: deal.brand.contactEmail,
    totalPaise: deal.totalPaise,
    createdAt: iso(deal.createdAt),
    updatedAt: iso(deal.updatedAt),
    contractPdf,
  };
}

function milestoneRows(deal: Deal): Record<string, string | number | boolean | null>[] {
  return deal.milestones.map((milestone) => ({
    dealId: deal.id,
    id: milestone.id,
    name: milestone.name,
    state: milestone.state,
    amountPaise: milestone.amountPaise,
    dueDate: milestone.dueDate,
    fundedAt: iso(milestone.fundedAt),
    approvedAt: iso(milestone.approvedAt),
    releasedAt: iso(milestone.releasedAt),
    refundedAt: iso(milestone.refundedAt),
  }));
}

function invoiceRow({ invoice }: InvoiceWithPdf): Record<string, string | number | null> {
  return {
    id: invoice.id,
    number: invoice.number,
    kind: invoice.kind,
    status: invoice.status,
    dealId: invoice.dealId,
    milestoneId: invoice.milestoneId,
    issuedAt: iso(invoice.issuedAt),
    supplierName: invoice.supplier.name,
    supplierGstin: invoice.supplier.gstin,
    recipientName: invoice.recipient.name,
    recipientGstin: invoice.recipient.gstin,
    recipientAddress: invoice.recipient.address,
    description: invoice.description,
    taxablePaise: invoice.taxablePaise,
    cgstPaise: invoice.gst?.cgstPaise ?? null,
    sgstPaise: invoice.gst?.sgstPaise ?? null,
    igstPaise: invoice.gst?.igstPaise ?? null,
    totalPaise: invoice.totalPaise,
    dueDate: invoice.dueDate,
    settledAt: iso(invoice.settledAt),
    tdsPaise: invoice.tds?.amountPaise ?? null,
    pdf: invoice.status === 'issued' ? pdfPathOf(invoice.id, invoice.number) : null,
  };
}

const fileNameOf = (text: string): string => text.replace(/[^\w.-]/g, '_');

/** An invoice PDF's place in the archive: its number, made safe for a file name. */
function pdfPathOf(id: string, number: string | null): string {
  return `invoices/${fileNameOf(number ?? id)}.pdf`;
}

const TITLE_IN_FILE_NAME = 60;

/** A contract PDF's place in the archive: the deal's title (titles repeat, so its id too). */
function contractPathOf(deal: Deal, signed: boolean): string {
  const title = fileNameOf(deal.title.slice(0, TITLE_IN_FILE_NAME));
  return `contracts/${title}-${fileNameOf(deal.id)}${signed ? '-signed' : ''}.pdf`;
}

/**
 * "Download my data" (#41): the signed-in person's own profile, contact e-mail, nominee,
 * sessions, deals and milestones with each deal's contract PDF (the signed copy once accepted),
 * their invoices (with each issued invoice's PDF), their
 * notifications, and a creator's ledger lines, as JSON and CSV in one ZIP with a README naming
 * the processors. A brand's deals are those its workspace accepted. It reads only
 * by the caller's own id: no id is taken from the request. An erased account has none (404).
 */
@Injectable()
export class ExportAccountData {
  constructor(
    private readonly contacts: ContactEmails,
    private readonly sessions: ListAccountSessions,
    private readonly deals: PartyDeals,
    private readonly contracts: ContractPdfs,
    private readonly ledger: LedgerReader,
    private readonly invoices: PartyInvoices,
    private readonly notices: NoticeHistory,
    private readonly archive: DataArchive,
    private readonly nominees: Nominees,
    private readonly erasures: AccountErasureGate,
    private readonly clock: Clock,
  ) {}

  async execute(account: Account, sessionId: string): Promise<Uint8Array> {
    if (await this.erasures.isErased(account.id)) throw new AccountErasedNotFoundError();
    const deals = await this.deals.of(account);
    const invoices = await this.invoices.onDeals(
      { kind: isBrandAccount(account) ? 'brand' : 'creator', accountId: account.id },
      deals.map(({ id }) => id),
    );
    const contracts = contractFilesOf(deals, await this.contracts.of(deals));
    const tables = [
      ...(await this.tablesOf(account, sessionId, deals, contracts)),
      {
        name: 'invoices',
        about: 'Your invoices (each PDF in invoices/)',
        rows: invoices.map(invoiceRow),
      },
      await this.noticeTable(account),
    ];
    const files = [...contracts.values(), ...pdfsOf(invoices)];
    return this.archive.pack(tables, this.readme(tables), files);
  }

  private async tablesOf(
    account: Account,
    sessionId: string,
    deals: readonly Deal[],
    contracts: ReadonlyMap<string, DataFile>,
  ): Promise<DataTable[]> {
    const brand = isBrandAccount(account);
    return [
      brand ? await this.brandProfile(account) : await this.profile(account),
      await this.nomineeTable(account.id),
      await this.sessionTable(account.id, sessionId),
      {
        name: 'deals',
        about: brand ? 'The deals your workspace accepted' : 'Your deals and their brands',
        rows: deals.map((deal) => dealRow(deal, contracts.get(deal.id)?.path ?? null)),
      },
      { name: 'milestones', about: 'Each deal’s milestones', rows: deals.flatMap(milestoneRows) },
      ...(brand ? [] : [await this.ledgerTable(account.id)]),
    ];
  }

  private async brandProfile(brand: BrandAccount): Promise<DataTable> {
    const contact = await this.contacts.find(brand.id);
    return {
      name: 'profile',
      about: 'Your brand account: mobile number, company and contact names, when it was opened',
      rows: [
        {
          id: brand.id,
          accountType: brand.accountType,
          phone: brand.phone,
          companyName: brand.companyName,
          contactName: brand.contactName,
          contactEmail: contact?.email ?? null,
          createdAt: iso(brand.createdAt),
          lastLoginAt: iso(brand.lastLoginAt),
        },
      ],
    };
  }

  private async noticeTable(account: Account): Promise<DataTable> {
    const recipient = `${isBrandAccount(account) ? 'brand' : 'user'}:${account.id}`;
    const notices = await this.notices.of(recipient);
    return {
      name: 'notifications',
      about: 'Your in-app notifications, newest first',
      rows: notices.map((notice) => ({
        at: iso(notice.at),
        kind: notice.kind,
        title: notice.title,
        body: notice.body,
        dealId: notice.dealId === '' ? null : notice.dealId,
        readAt: iso(notice.readAt),
      })),
    };
  }

  private async nomineeTable(accountId: string): Promise<DataTable> {
    const nominee = await this.nominees.find(accountId);
    return {
      name: 'nominee',
      about: 'Who you named to exercise your rights if you cannot',
      rows: nominee
        ? [{ name: nominee.name, email: nominee.email, updatedAt: iso(nominee.updatedAt) }]
        : [],
    };
  }

  private async profile(user: User): Promise<DataTable> {
    const contact = await this.contacts.find(user.id);
    return {
      name: 'profile',
      about: 'Your account: names, addresses, when it was opened',
      rows: [
        {
          id: user.id,
          accountType: user.accountType,
          displayName: user.displayName,
          googleEmail: user.email,
          contactEmail: contact?.email ?? null,
          pendingContactEmail: contact?.pending?.email ?? null,
          photoURL: user.photoURL,
          createdAt: iso(user.createdAt),
          lastLoginAt: iso(user.lastLoginAt),
        },
      ],
    };
  }

  private async sessionTable(userId: string, sessionId: string): Promise<DataTable> {
    const listed = await this.sessions.execute(userId, sessionId);
    return {
      name: 'sessions',
      about: 'Where you are signed in (browser as it identified itself)',
      rows: listed.map(({ session, current }) => ({
        id: session.id,
        userAgent: session.userAgent,
        signedInAt: iso(session.createdAt),
        lastActiveAt: iso(session.lastActiveAt),
        thisDevice: current,
      })),
    };
  }

  private async ledgerTable(creatorId: string): Promise<DataTable> {
    const rows: Record<string, string | number | null>[] = [];
    for (let page = 1; ; page += 1) {
      const { items, total } = await this.ledger.creatorLines({
        creatorId,
        page,
        pageSize: LEDGER_PAGE,
      });
      for (const line of items) {
        rows.push({
          transactionId: line.transactionId,
          at: iso(line.at),
          kind: line.kind,
          dealId: line.dealId,
          milestoneId: line.milestoneId,
          account: line.account,
          amountPaise: line.amountPaise,
          balanceAfterPaise: line.balanceAfterPaise,
        });
      }
      if (items.length === 0 || rows.length >= total) break;
    }
    return { name: 'ledger', about: 'Every line of your money’s ledger (amounts in paise)', rows };
  }

  private readme(tables: readonly DataTable[]): string {
    return [
      `Your Paylock data, exported ${this.clock.now().toISOString()}.`,
      '',
      'Each table is here twice: as JSON and as CSV (amounts in paise, times in UTC).',
      ...tables.map(
        (table) => `- ${table.name}: ${table.about} (${String(table.rows.length)} rows)`,
      ),
      '',
      'Who your data went to outside Paylock:',
      ...PROCESSORS.map((processor) => `- ${processor}`),
      '',
      'Each deal’s contract PDF is in contracts/, named by its title and id (the signed copy,',
      'with its audit-trail page, once both parties accepted); deals.csv names each one’s file.',
      'Each issued invoice’s PDF is in invoices/, named by its number.',
      'A creator’s payout details are downloadable from Wallet → Settings.',
      '',
    ].join('\n');
  }
}

function pdfsOf(invoices: readonly InvoiceWithPdf[]): DataFile[] {
  return invoices.flatMap(({ invoice, pdf }) =>
    pdf ? [{ path: pdfPathOf(invoice.id, invoice.number), bytes: pdf }] : [],
  );
}

/** Each deal's contract PDF at its place in the archive, by deal id. */
function contractFilesOf(
  deals: readonly Deal[],
  contracts: readonly ContractPdf[],
): Map<string, DataFile> {
  const byId = new Map(deals.map((deal) => [deal.id, deal]));
  const files = new Map<string, DataFile>();
  for (const { dealId, signed, pdf } of contracts) {
    const deal = byId.get(dealId);
    if (deal) files.set(dealId, { path: contractPathOf(deal, signed), bytes: pdf });
  }
  return files;
}
