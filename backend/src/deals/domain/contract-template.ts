import type { BrandBilling } from './brand-billing.js';
import type { AcceptanceRecord, DealTerms } from './deal.js';
import { formatRupees, rupeesInWords } from './money.js';
import { escapeHtml } from '../../common/domain/escape-html.js';

/**
 * The contract template, versioned in the repository: a change of wording is a new version, and
 * each rendered contract records the version it was rendered from. Placeholders are {{name}}.
 */
export const CONTRACT_TEMPLATE_VERSION = '2026-11-25.2';

export interface ClauseTemplate {
  readonly heading: string;
  readonly paragraphs: readonly string[];
}

export const CONTRACT_TEMPLATE: readonly ClauseTemplate[] = [
  {
    heading: '1. Parties',
    paragraphs: [
      'This agreement is made between {{creatorName}} ({{creatorEmail}}), the "Creator", and {{brandCompany}}, represented by {{brandContact}} ({{brandEmail}}, +91 {{brandMobile}}), the "Brand".',
      'Paylock (the "Platform") records this agreement and handles the payments under it; it is not a party to the creative work.',
    ],
  },
  {
    heading: '2. Scope and deliverables',
    paragraphs: [
      'The Creator will produce and publish the deliverables listed below for the collaboration "{{title}}"{{campaignClause}}.',
      '{{brief}}',
    ],
  },
  {
    heading: '3. Milestones and amounts',
    paragraphs: [
      'The Brand will pay the Creator {{total}} ({{totalInWords}}) in total, in the milestones listed below{{gstClause}}.',
    ],
  },
  {
    heading: '4. Payment through Paylock',
    paragraphs: [
      'The Brand funds each milestone through Paylock before work on it starts. When the Creator submits a milestone, the Brand has {{approvalWindowDays}} days (the approval window) to approve it or ask for a revision.',
      'If the Brand does not answer within the approval window, the milestone is approved automatically and its amount is released to the Creator.',
    ],
  },
  {
    heading: '5. Revisions',
    paragraphs: [
      'Each milestone includes up to {{revisionRounds}} of reasonable revisions requested within the approval window. Further revisions, or changes to the agreed scope, need a new version of this agreement.',
    ],
  },
  {
    heading: '6. Usage rights',
    paragraphs: [
      "The Creator keeps the copyright in the content. The Brand may use each deliverable as stated beside it, for the usage period stated beside it, counted from publication. Any other use needs the Creator's written consent.",
    ],
  },
  {
    heading: '7. Cancellation',
    paragraphs: [
      'Before acceptance, the Creator may withdraw this offer at any time. After acceptance, this agreement can be cancelled only by both parties together; milestones already approved stay payable, and funded milestones not yet started are refunded to the Brand.',
    ],
  },
  {
    heading: '8. Confidentiality',
    paragraphs: [
      "Each party keeps the other's non-public information (briefs, unreleased products, amounts) confidential, during this agreement and for two years after it, except where the law requires disclosure.",
    ],
  },
  {
    heading: '9. Dispute resolution',
    paragraphs: [
      'The parties will first try to resolve any dispute in good faith within 30 days. Failing that, the dispute is referred to arbitration by a sole arbitrator under the Arbitration and Conciliation Act, 1996, seated in India and conducted in English.',
    ],
  },
  {
    heading: '10. Governing law',
    paragraphs: [
      'This agreement is governed by the laws of India. Each party accepts it electronically by a click-wrap acceptance recorded by the Platform, which is a valid electronic record and signature under the Information Technology Act, 2000.',
    ],
  },
];

/** The parties and terms a contract is rendered from: a snapshot, stored with its version. */
export interface ContractInput {
  readonly dealId: string;
  readonly version: number;
  readonly creator: { readonly name: string; readonly email: string };
  readonly terms: DealTerms;
  /** When it was rendered (the date printed on it). */
  readonly renderedAt: Date;
}

/** A rendered contract as structured text: what both the HTML and the PDF are drawn from. */
export interface ContractDocument {
  readonly title: string;
  readonly subtitle: string;
  readonly sections: readonly {
    readonly heading: string;
    readonly paragraphs: readonly string[];
    readonly table?: {
      readonly header: readonly string[];
      readonly rows: readonly (readonly string[])[];
    };
  }[];
}

const PLATFORM_NAMES = { instagram: 'Instagram', youtube: 'YouTube', other: 'Other' } as const;

function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => values[name] ?? '');
}

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five'] as const;

/** "two rounds", "one round", "no rounds". */
export function roundsInWords(rounds: number): string {
  const word = NUMBER_WORDS[rounds] ?? String(rounds);
  return `${word} ${rounds === 1 ? 'round' : 'rounds'}`;
}

/** The contract for `input`, from the current template. Deterministic: same input, same text. */
export function contractDocument(input: ContractInput): ContractDocument {
  const { terms } = input;
  const values: Record<string, string> = {
    creatorName: input.creator.name,
    creatorEmail: input.creator.email,
    brandCompany: terms.brand.companyName,
    brandContact: terms.brand.contactName,
    brandEmail: terms.brand.contactEmail,
    brandMobile: terms.brand.contactMobile,
    title: terms.title,
    campaignClause: terms.campaign ? `, part of the Brand's campaign "${terms.campaign}"` : '',
    brief: terms.brief ? `Brief: ${terms.brief}` : '',
    total: formatRupees(terms.totalPaise),
    totalInWords: rupeesInWords(terms.totalPaise),
    gstClause: terms.gstApplies
      ? `, plus GST as applicable (Creator's GSTIN ${terms.gstin ?? ''})`
      : '; GST does not apply',
    approvalWindowDays: String(terms.approvalWindowDays),
    revisionRounds: roundsInWords(terms.revisionRounds),
  };
  const sections = CONTRACT_TEMPLATE.map((clause) => ({
    heading: clause.heading,
    paragraphs: clause.paragraphs.map((paragraph) => fill(paragraph, values)).filter(Boolean),
  }));
  const deliverables = {
    header: ['#', 'Platform', 'Kind', 'Quantity', 'Due', 'Usage rights', 'Usage period'],
    rows: terms.deliverables.map((item, index) => [
      String(index + 1),
      PLATFORM_NAMES[item.platform],
      item.kind,
      String(item.quantity),
      item.dueDate,
      item.usageRights || '—',
      `${String(item.usagePeriodDays)} days`,
    ]),
  };
  const milestones = {
    header: ['#', 'Milestone', 'Released when', 'Due', 'Amount', 'In words'],
    rows: terms.milestones.map((milestone, index) => [
      String(index + 1),
      milestone.name,
      milestone.releaseCondition,
      milestone.dueDate,
      formatRupees(milestone.amountPaise),
      rupeesInWords(milestone.amountPaise),
    ]),
  };
  return {
    title: `Collaboration agreement: ${terms.title}`,
    subtitle: `Deal ${input.dealId} · version ${String(input.version)} · template ${CONTRACT_TEMPLATE_VERSION} · ${input.renderedAt.toISOString().slice(0, 10)}`,
    sections: sections.map((section, index) =>
      index === 1
        ? { ...section, table: deliverables }
        : index === 2
          ? { ...section, table: milestones }
          : section,
    ),
  };
}

/** How a party proved itself: the address its link went to, or its phone-verified account. */
function provenAs(record: AcceptanceRecord): string {
  if (record.email !== null) return `<${record.email}>`;
  return `(Paylock brand account ${record.brandAccountId ?? ''}, verified mobile +91 ${record.mobile ?? ''})`;
}

/** The audit trail: the last page of the signed PDF, one block of lines per acceptance. */
export function auditTrailSection(
  contractSha256: string,
  acceptances: readonly AcceptanceRecord[],
  brandBilling?: BrandBilling,
): ContractDocument['sections'][number] {
  return {
    heading: 'Audit trail',
    paragraphs: [
      `SHA-256 of the contract document accepted by both parties: ${contractSha256}`,
      'Each party accepted this exact document electronically (click-wrap) on Paylock, by typing their full name and ticking "I agree":',
      ...acceptances.map((record) =>
        [
          `${record.party === 'creator' ? 'Creator' : 'Brand'}: ${record.fullName} ${provenAs(record)}`,
          `Accepted at (UTC): ${record.at.toISOString()}`,
          `IP address: ${record.ip}`,
          `User agent: ${record.userAgent}`,
          `SHA-256 of the document shown: ${record.documentSha256}`,
        ].join('\n'),
      ),
      ...(brandBilling
        ? [
            [
              "The brand's billing details, given when it accepted (for the creator's invoices):",
              `GSTIN: ${brandBilling.gstin ?? 'not given'}`,
              `Billing address: ${brandBilling.address?.replace(/\n/g, ', ') ?? 'not given'}`,
            ].join('\n'),
          ]
        : []),
    ],
  };
}

/** The contract as an HTML fragment: every text escaped, so markup typed by anyone is shown as text. */
export function contractHtml(document: ContractDocument): string {
  const parts = [
    `<article class="contract"><h1>${escapeHtml(document.title)}</h1>`,
    `<p class="contract-meta">${escapeHtml(document.subtitle)}</p>`,
  ];
  for (const section of document.sections) {
    parts.push(`<section><h2>${escapeHtml(section.heading)}</h2>`);
    for (const paragraph of section.paragraphs) {
      parts.push(`<p>${escapeHtml(paragraph).replace(/\r?\n/g, '<br>')}</p>`);
    }
    if (section.table) {
      parts.push('<table><thead><tr>');
      for (const cell of section.table.header)
        parts.push(`<th scope="col">${escapeHtml(cell)}</th>`);
      parts.push('</tr></thead><tbody>');
      for (const row of section.table.rows) {
        parts.push(`<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`);
      }
      parts.push('</tbody></table>');
    }
    parts.push('</section>');
  }
  parts.push('</article>');
  return parts.join('');
}

/** The template as plain text with its placeholders, for the creator's read-only template page. */
export function contractTemplateText(): string {
  return CONTRACT_TEMPLATE.map(
    (clause) => `${clause.heading}\n\n${clause.paragraphs.join('\n\n')}`,
  ).join('\n\n');
}
