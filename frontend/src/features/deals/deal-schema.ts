import {
  DEAL_LIMITS as SHARED_DEAL_LIMITS,
  DEFAULT_APPROVAL_WINDOW_DAYS,
  DEFAULT_REVISION_ROUNDS,
} from '@paylock/deal-limits';
import * as z from 'zod';
import { deliverableKindOptions, platformOptions } from './deal-model';

/**
 * The "New deal" form's rules. Limits are the server's (the API checks them all again and its
 * answer is shown field by field): amounts in whole paise from ₹1 to ₹1,00,00,000 per milestone,
 * 1 to 20 milestones and deliverables, dates not before today in India, every text capped.
 */
export const DEAL_LIMITS = {
  ...SHARED_DEAL_LIMITS,
  minMilestonePaise: 100,
  maxMilestonePaise: 1_00_00_000_00,
  billingAddress: 300,
} as const;

const IST_OFFSET_MS = 330 * 60_000;
/** Today's date in India, YYYY-MM-DD (the server's "not in the past" is India's today). */
export const indianToday = (now: Date = new Date()): string =>
  new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

const EMAIL_PATTERN = /^[^\s@<>()",;:\\]+@[^\s@<>()",;:\\]+\.[^\s@<>()",;:\\]+$/;
const INDIAN_MOBILE_PATTERN = /^[6-9]\d{9}$/;
const GSTIN_SHAPE = /^[0-3][0-9][A-Z]{5}[0-9]{4}[A-Z][1-9A-Z][A-Z][0-9A-Z]$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Control and invisible format characters (line breaks and tabs are allowed only in the brief). */
const INVISIBLE = /[\p{Cc}\p{Cf}]/u;
const LINE_BREAK = /[\r\n\t]/g;

const characterCount = (text: string) => Array.from(text).length;

/** A trimmed one-line text: `label` is required unless `optional`, at most `max` characters. */
function line(label: string, max: number, { optional = false } = {}) {
  return z
    .string()
    .trim()
    .refine((text) => optional || text.length > 0, `${label} is required`)
    .refine(
      (text) => characterCount(text) <= max,
      `${label} must be at most ${String(max)} characters`,
    )
    .refine((text) => !INVISIBLE.test(text), `${label} can only contain visible characters`);
}

function dueDate(label: string) {
  return z
    .string()
    .refine((day) => day !== '', `${label} is required`)
    .refine((day) => day === '' || ISO_DAY.test(day), `${label} must be a date`)
    .refine((day) => day === '' || day >= indianToday(), `${label} cannot be in the past`);
}

function wholeNumber(label: string, min: number, max: number) {
  return z
    .number({ error: `${label} is required` })
    .refine((value) => Number.isInteger(value), `${label} must be a whole number`)
    .refine(
      (value) => value >= min && value <= max,
      `${label} must be between ${String(min)} and ${String(max)}`,
    );
}

const platforms = platformOptions.map((option) => option.value) as [string, ...string[]];
const kinds = deliverableKindOptions.map((option) => option.value) as [string, ...string[]];

export const deliverableSchema = z.object({
  platform: z.enum(platforms as ['instagram', 'youtube', 'other'], {
    error: 'Choose a platform',
  }),
  kind: z.enum(kinds as ['reel', 'post', 'story', 'video', 'other'], {
    error: 'Choose what you deliver',
  }),
  quantity: wholeNumber('Quantity', 1, DEAL_LIMITS.maxQuantity),
  dueDate: dueDate('Due date'),
  usageRights: line('Usage rights', DEAL_LIMITS.usageRights),
  usagePeriodDays: wholeNumber('Usage period', 0, DEAL_LIMITS.maxUsagePeriodDays),
});

const RUPEES_HINT = 'Enter the amount in rupees, like 25,000 or 25,000.50';
const MIN_RUPEES = '₹1';
const MAX_RUPEES = '₹1,00,00,000';

export const milestoneSchema = z.object({
  name: line('Milestone name', DEAL_LIMITS.milestoneName),
  releaseCondition: line('What releases it', DEAL_LIMITS.releaseCondition),
  amountPaise: z
    // What the amount field could not read arrives as NaN.
    .number({ error: RUPEES_HINT })
    .nullable()
    .superRefine((paise, context) => {
      if (paise === null) {
        context.addIssue({ code: 'custom', message: 'Amount is required' });
      } else if (paise < DEAL_LIMITS.minMilestonePaise || paise > DEAL_LIMITS.maxMilestonePaise) {
        context.addIssue({
          code: 'custom',
          message: `Amount must be between ${MIN_RUPEES} and ${MAX_RUPEES}`,
        });
      }
    }),
  dueDate: dueDate('Due date'),
});

export const dealSchema = z
  .object({
    title: line('Title', DEAL_LIMITS.title),
    brief: z
      .string()
      .trim()
      .refine(
        (text) => characterCount(text) <= DEAL_LIMITS.brief,
        `Brief must be at most ${String(DEAL_LIMITS.brief)} characters`,
      )
      .refine(
        (text) => !INVISIBLE.test(text.replace(LINE_BREAK, '')),
        'Brief can only contain visible characters',
      ),
    campaign: line('Campaign name', DEAL_LIMITS.campaign, { optional: true }),
    brand: z.object({
      companyName: line('Company name', DEAL_LIMITS.companyName),
      contactName: line('Contact name', DEAL_LIMITS.contactName),
      contactEmail: z
        .string()
        .trim()
        .refine((text) => text !== '', 'Contact e-mail is required')
        .refine(
          (text) =>
            text === '' || (characterCount(text) <= DEAL_LIMITS.email && EMAIL_PATTERN.test(text)),
          'Please enter a valid email address',
        ),
      contactMobile: z
        .string()
        .transform((value) => value.replace(/\s+/g, ''))
        .refine((text) => text !== '', 'Contact mobile is required')
        .refine(
          (text) => text === '' || INDIAN_MOBILE_PATTERN.test(text),
          'Please enter a valid 10-digit phone number',
        ),
    }),
    deliverables: z
      .array(deliverableSchema)
      .min(1, 'Add at least one deliverable')
      .max(
        DEAL_LIMITS.maxDeliverables,
        `At most ${String(DEAL_LIMITS.maxDeliverables)} deliverables`,
      ),
    milestones: z
      .array(milestoneSchema)
      .min(1, 'Add at least one milestone')
      .max(DEAL_LIMITS.maxMilestones, `At most ${String(DEAL_LIMITS.maxMilestones)} milestones`),
    approvalWindowDays: wholeNumber(
      'Approval window',
      DEAL_LIMITS.minApprovalWindowDays,
      DEAL_LIMITS.maxApprovalWindowDays,
    ),
    revisionRounds: wholeNumber(
      'Rounds of changes',
      DEAL_LIMITS.minRevisionRounds,
      DEAL_LIMITS.maxRevisionRounds,
    ),
    gstApplies: z.boolean(),
    gstin: z
      .string()
      .trim()
      .transform((text) => text.toUpperCase()),
  })
  .superRefine((deal, context) => {
    if (!deal.gstApplies) return;
    if (deal.gstin === '') {
      context.addIssue({
        code: 'custom',
        path: ['gstin'],
        message: 'GSTIN is required when GST applies',
      });
    } else if (!GSTIN_SHAPE.test(deal.gstin)) {
      context.addIssue({
        code: 'custom',
        path: ['gstin'],
        message: 'GSTIN must be 15 characters, like 27ABCDE1234F1Z5',
      });
    }
  });

export type DealFormValues = z.input<typeof dealSchema>;
export type DealSubmission = z.output<typeof dealSchema>;

export const emptyDeliverable: DealFormValues['deliverables'][number] = {
  platform: 'instagram',
  kind: 'reel',
  quantity: 1,
  dueDate: '',
  usageRights: '',
  usagePeriodDays: 90,
};

export const emptyMilestone: DealFormValues['milestones'][number] = {
  name: '',
  releaseCondition: '',
  amountPaise: null,
  dueDate: '',
};

export const emptyDealForm: DealFormValues = {
  title: '',
  brief: '',
  campaign: '',
  brand: { companyName: '', contactName: '', contactEmail: '', contactMobile: '' },
  deliverables: [emptyDeliverable],
  milestones: [emptyMilestone],
  approvalWindowDays: DEFAULT_APPROVAL_WINDOW_DAYS,
  revisionRounds: DEFAULT_REVISION_ROUNDS,
  gstApplies: false,
  gstin: '',
};

/**
 * The brand's billing details on the accept step, both optional: a GSTIN (upper-cased; its shape
 * here, its check character on the server) and a billing address (lines allowed, capped).
 */
export const brandBillingFields = {
  gstin: z
    .string()
    .trim()
    .transform((text) => text.toUpperCase())
    .refine((text) => !INVISIBLE.test(text), 'GSTIN can only contain visible characters')
    .refine(
      (text) => text === '' || GSTIN_SHAPE.test(text),
      'GSTIN must be 15 characters, like 27ABCDE1234F1Z5',
    ),
  billingAddress: z
    .string()
    .trim()
    .refine(
      (text) => characterCount(text) <= DEAL_LIMITS.billingAddress,
      `Billing address must be at most ${String(DEAL_LIMITS.billingAddress)} characters`,
    )
    .refine(
      (text) => !INVISIBLE.test(text.replace(/\r?\n/g, '')),
      'Billing address can only contain visible characters',
    ),
};
