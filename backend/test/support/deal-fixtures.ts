/** A deal's terms as a creator would send them: 3 milestones adding up to ₹1,25,000. */
export function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export function dealTerms(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Diwali glow serum <b>launch</b>',
    brief: 'One reel and three stories.\nTag @glownaturals.',
    campaign: 'Diwali 2026 launch',
    brand: {
      companyName: 'Glow Naturals Pvt Ltd',
      contactName: 'Priya Mehta',
      contactEmail: 'priya@glownaturals.in',
      contactMobile: '98765 43210',
    },
    deliverables: [
      {
        platform: 'instagram',
        kind: 'reel',
        quantity: 1,
        dueDate: dayFromNow(20),
        usageRights: 'Organic posting and paid ads on Meta',
        usagePeriodDays: 90,
      },
    ],
    milestones: [
      {
        name: 'Signing',
        releaseCondition: 'Contract signed',
        amountPaise: 2500000,
        dueDate: dayFromNow(5),
      },
      {
        name: 'Draft',
        releaseCondition: 'Draft reel approved',
        amountPaise: 5000000,
        dueDate: dayFromNow(15),
      },
      {
        name: 'Live',
        releaseCondition: 'Reel live on Instagram',
        amountPaise: 5000000,
        dueDate: dayFromNow(20),
      },
    ],
    totalPaise: 12500000,
    approvalWindowDays: 7,
    ...overrides,
  };
}

/** The token of the review link in a brand's e-mail. */
export function reviewTokenIn(text: string | undefined): string {
  const match = /token=([A-Za-z0-9_-]{43})/.exec(text ?? '');
  if (!match?.[1]) throw new Error('no review link in the e-mail');
  return match[1];
}
