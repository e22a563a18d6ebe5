import {
  auditTrailSection,
  CONTRACT_TEMPLATE_VERSION,
  contractDocument,
  contractHtml,
} from './contract-template.js';
import type { DealTerms } from './deal.js';
import { PENDING_MONEY } from './milestone.js';

const TERMS: DealTerms = {
  title: 'Diwali <script>alert(1)</script> launch',
  brief: 'One reel',
  campaign: 'Diwali 2026',
  brand: {
    companyName: 'Glow & Co',
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
      usageRights: 'Organic and paid',
      usagePeriodDays: 90,
    },
  ],
  milestones: [
    {
      id: 'm1',
      name: 'Signing',
      releaseCondition: 'Signed',
      amountPaise: 2_500_000,
      dueDate: '2026-12-01',
      ...PENDING_MONEY,
    },
    {
      id: 'm2',
      name: 'Live',
      releaseCondition: 'Reel live',
      amountPaise: 10_000_000,
      dueDate: '2026-12-20',
      ...PENDING_MONEY,
    },
  ],
  totalPaise: 12_500_000,
  approvalWindowDays: 7,
  revisionRounds: 2,
  gstApplies: true,
  gstin: '27AAPFU0939F1ZV',
};

const document = contractDocument({
  dealId: 'deal-1',
  version: 2,
  creator: { name: 'Asha Rao', email: 'asha@gmail.com' },
  terms: TERMS,
  renderedAt: new Date('2026-11-25T10:00:00.000Z'),
});

describe('the contract for a fixed deal', () => {
  it('names the parties, version and template', () => {
    expect(document.title).toBe('Collaboration agreement: Diwali <script>alert(1)</script> launch');
    expect(document.subtitle).toBe(
      `Deal deal-1 · version 2 · template ${CONTRACT_TEMPLATE_VERSION} · 2026-11-25`,
    );
    expect(document.sections[0]?.paragraphs[0]).toBe(
      'This agreement is made between Asha Rao (asha@gmail.com), the "Creator", and Glow & Co, represented by Priya Mehta (priya@glow.in, +91 9876543210), the "Brand".',
    );
  });

  it('has every clause the issue lists, in order', () => {
    expect(document.sections.map(({ heading }) => heading)).toEqual([
      '1. Parties',
      '2. Scope and deliverables',
      '3. Milestones and amounts',
      '4. Payment through Paylock',
      '5. Revisions',
      '6. Usage rights',
      '7. Cancellation',
      '8. Confidentiality',
      '9. Dispute resolution',
      '10. Governing law',
    ]);
  });

  it('writes the amounts in Indian notation and in words', () => {
    expect(document.sections[2]?.paragraphs[0]).toBe(
      "The Brand will pay the Creator ₹1,25,000.00 (Rupees One Lakh Twenty-Five Thousand Only) in total, in the milestones listed below, plus GST as applicable (Creator's GSTIN 27AAPFU0939F1ZV).",
    );
    expect(document.sections[2]?.table?.rows).toEqual([
      ['1', 'Signing', 'Signed', '2026-12-01', '₹25,000.00', 'Rupees Twenty-Five Thousand Only'],
      ['2', 'Live', 'Reel live', '2026-12-20', '₹1,00,000.00', 'Rupees One Lakh Only'],
    ]);
    expect(document.sections[1]?.table?.rows).toEqual([
      ['1', 'Instagram', 'reel', '1', '2026-12-20', 'Organic and paid', '90 days'],
    ]);
  });

  it('states the approval window and the auto-approval when the brand is silent', () => {
    expect(document.sections[3]?.paragraphs.join(' ')).toContain(
      'the Brand has 7 days (the approval window)',
    );
    expect(document.sections[3]?.paragraphs.join(' ')).toContain('approved automatically');
    expect(document.sections[9]?.paragraphs.join(' ')).toContain('laws of India');
  });

  it('renders HTML with every text escaped', () => {
    const html = contractHtml(document);
    expect(html).not.toContain('<script>');
    expect(html).toContain('Diwali &lt;script&gt;alert(1)&lt;/script&gt; launch');
    expect(html).toContain('Glow &amp; Co');
  });

  it('writes the audit trail with both acceptances and the hash', () => {
    const at = new Date('2026-11-26T09:00:00.000Z');
    const section = auditTrailSection('ab'.repeat(32), [
      {
        party: 'creator',
        fullName: 'Asha Rao',
        email: 'asha@gmail.com',
        at,
        ip: '10.0.0.1',
        userAgent: 'UA1',
        documentSha256: 'ab'.repeat(32),
      },
      {
        party: 'brand',
        fullName: 'Priya Mehta',
        email: 'priya@glow.in',
        at,
        ip: '10.0.0.2',
        userAgent: 'UA2',
        documentSha256: 'ab'.repeat(32),
      },
    ]);
    const text = section.paragraphs.join('\n');
    expect(text).toContain(
      `SHA-256 of the contract document accepted by both parties: ${'ab'.repeat(32)}`,
    );
    expect(text).toContain('Creator: Asha Rao <asha@gmail.com>');
    expect(text).toContain('Brand: Priya Mehta <priya@glow.in>');
    expect(text).toContain('IP address: 10.0.0.2');
    expect(text).toContain('User agent: UA2');
  });
});
