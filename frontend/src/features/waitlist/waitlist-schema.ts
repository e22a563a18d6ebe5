// The mini build keeps the page's script small; the rules are the same.
import * as z from 'zod/mini';
import { phoneNumberSchema } from '../../components/ui/phone-number';

/** The roles a person can pick in the "I'm a..." dropdown, in the order shown. */
export const userTypeOptions = [
  { value: 'influencer', label: 'Influencer' },
  { value: 'brand', label: 'Brand' },
  { value: 'agency', label: 'Agency' },
  { value: 'talent_manager', label: 'Talent Manager' },
] as const;

const userTypes = userTypeOptions.map((option) => option.value) as [
  (typeof userTypeOptions)[number]['value'],
  ...(typeof userTypeOptions)[number]['value'][],
];

// Limits and messages mirror the server's; backend/test/vectors/waitlist-fields.vectors.json
// is the shared proof that both sides agree.
const FULL_NAME_MIN = 2;
const FULL_NAME_MAX = 100;
const INSTAGRAM_MAX = 30;
// The longest address SMTP can deliver to; longer ones read as invalid, as on the server.
const EMAIL_MAX = 254;
// No whitespace, nor what would need quoting in a mail header, as on the server.
const EMAIL_PATTERN = /^[^\s@<>()",;:\\]+@[^\s@<>()",;:\\]+\.[^\s@<>()",;:\\]+$/;
const INSTAGRAM_PATTERN = /^[A-Za-z0-9._]+$/;

/**
 * Control (Cc) and format (Cf) characters: NUL, line breaks inside a value, zero-width spaces and
 * joiners, the soft hyphen, bidi controls. Refused in names and addresses, as on the server.
 */
const INVISIBLE_OR_CONTROL = /[\p{Cc}\p{Cf}]/u;
/** Characters NFKC turns into an @, a space or a header special (fullwidth forms, ⑴, spacing accents): as the server. */
const NFKC_UNSAFE_IN_ADDRESS =
  /[\u00a8\u00af\u00b4\u00b8\u02d8-\u02dd\u037a\u037e\u0384\u0385\u1fbd\u1fbf-\u1fc1\u1fcd-\u1fcf\u1fdd-\u1fdf\u1fed\u1fee\u1ffd\u1ffe\u2017\u203e\u207d\u207e\u208d\u208e\u2474-\u2487\u249c-\u24b5\u2a74\u309b\u309c\u3200-\u321e\u3220-\u3243\ufc5e-\ufc63\ufdfa\ufdfb\ufe10\ufe13\ufe14\ufe35\ufe36\ufe49-\ufe4c\ufe50\ufe54\ufe55\ufe59\ufe5a\ufe64\ufe65\ufe68\ufe6b\ufe70\ufe72\ufe74\ufe76\ufe78\ufe7a\ufe7c\ufe7e\uff02\uff08\uff09\uff0c\uff1a-\uff1c\uff1e\uff20\uff3c\uffe3\u{1f101}-\u{1f10a}\u{1f110}-\u{1f129}]/u;
const visibleOnly = (message: string) =>
  z.refine<string>((text) => !INVISIBLE_OR_CONTROL.test(text), message);

/** Lengths in characters (code points), as the server counts them: an emoji is one, not two. */
const characterCount = (text: string) => Array.from(text).length;
const atLeast = (min: number, message: string) =>
  z.refine<string>((text) => characterCount(text) >= min, message);
const atMost = (max: number, message: string) =>
  z.refine<string>((text) => characterCount(text) <= max, message);

const userTypeMessage = 'Please select your user type';
const invalidEmailMessage = 'Please enter a valid email address';

export const waitlistSchema = z.object({
  userType: z.pipe(
    z.string({ error: userTypeMessage }),
    z.enum(userTypes, { error: userTypeMessage }),
  ),
  fullName: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Full name is required'),
      atLeast(FULL_NAME_MIN, `Full name must be at least ${FULL_NAME_MIN} characters`),
      atMost(FULL_NAME_MAX, `Full name must be at most ${FULL_NAME_MAX} characters`),
      visibleOnly(
        'Full name can only contain visible characters (no control or zero-width characters)',
      ),
    ),
  email: z.string().check(
    z.trim(),
    z.minLength(1, 'Email is required'),
    // Checked as typed, then normalised: "ａｓｈａ@…" (fullwidth) is "asha@…", as on the server.
    atMost(EMAIL_MAX, invalidEmailMessage),
    z.regex(EMAIL_PATTERN, invalidEmailMessage),
    visibleOnly(invalidEmailMessage),
    z.refine((text) => !NFKC_UNSAFE_IN_ADDRESS.test(text), invalidEmailMessage),
    z.overwrite((text) => text.normalize('NFKC').toLowerCase()),
  ),
  phoneNumber: phoneNumberSchema,
  instagramHandle: z.string().check(
    z.trim(),
    z.overwrite((value) => value.replace(/^@/, '')),
    z.minLength(1, 'Instagram handle is required'),
    z.maxLength(INSTAGRAM_MAX, `Instagram handle can be at most ${INSTAGRAM_MAX} characters`),
    z.regex(
      INSTAGRAM_PATTERN,
      'Instagram handle can only contain letters, numbers, periods and underscores',
    ),
  ),
  /** The honeypot: a person never sees or fills it. */
  website: z.string(),
});

export type WaitlistFormValues = z.input<typeof waitlistSchema>;
export type WaitlistSubmission = z.output<typeof waitlistSchema>;
export type WaitlistField = Exclude<keyof WaitlistFormValues, 'website'>;

export const emptyWaitlistForm: WaitlistFormValues = {
  userType: '',
  fullName: '',
  email: '',
  phoneNumber: '',
  instagramHandle: '',
  website: '',
};

/** Fields in the order they appear on the page (focus goes to the first invalid one). */
export const waitlistFields: readonly WaitlistField[] = [
  'userType',
  'fullName',
  'email',
  'phoneNumber',
  'instagramHandle',
];

export const isWaitlistField = (name: string): name is WaitlistField =>
  (waitlistFields as readonly string[]).includes(name);
