import {
  SMS_NOTICE_TEMPLATES,
  SMS_VARIABLE_MAX_LENGTH,
  smsTextOf,
  smsVariablesOf,
} from './sms-templates.js';

const facts = {
  dealTitle: 'A very long campaign title for the Diwali festive season',
  brandName: 'Glow Naturals',
  milestoneName: 'Signing',
  amountPaise: 2_500_000,
  approvalDueAt: new Date('2026-12-05T09:00:00Z'),
  dueDate: '2026-12-10',
};

describe('the DLT notice templates', () => {
  it.each(Object.entries(SMS_NOTICE_TEMPLATES))(
    '%s: one {#var#} per variable, named once, signed "- Paylock"',
    (_kind, template) => {
      expect(template.text.match(/\{#var#\}/g)).toHaveLength(template.variables.length);
      expect(new Set(template.variables).size).toBe(template.variables.length);
      expect(template.text.endsWith(' - Paylock')).toBe(true);
    },
  );

  it('fills the text in order, amounts in ₹ Indian notation, times in IST, names capped at DLT’s 30 characters', () => {
    const template = SMS_NOTICE_TEMPLATES.approval_reminder;
    if (!template) throw new Error('no template');
    const variables = smsVariablesOf(template, facts, 'https://paylock.in/brand/deals');
    expect(variables.deal).toHaveLength(SMS_VARIABLE_MAX_LENGTH);
    expect(smsTextOf(template, variables)).toBe(
      'Paylock reminder: Signing of A very long campaign title fo… approves itself on 5 Dec, 14:30 IST and ₹25,000.00 is released. Review it: https://paylock.in/brand/deals - Paylock',
    );
  });
});
