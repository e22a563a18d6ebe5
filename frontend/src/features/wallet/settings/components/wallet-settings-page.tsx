import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { PayoutProfileResponseDto, PayoutStepDto } from '@/api/generated/types.gen';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { StatusBadge, type StatusTone } from '@/components/ui/status-badge';
import { FieldError } from '@/components/ui/field-error';
import { TextField } from '@/components/ui/text-field';
import { errorCodeOf, isErrorBody, messageOf } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { usePayoutProfile, useSavePayoutProfile } from '../api/payout-profile';
import { PayoutDataSection } from './payout-data-section';
import {
  PAYOUT_FIELDS,
  payoutProfileSchema,
  payoutRequest,
  type PayoutProfileValues,
} from '../payout-profile-schema';
import { AlertText } from '@/components/ui/alert-text';

type Status = PayoutProfileResponseDto['status'];

const STATUS_LABELS: Record<Status, { label: string; tone: StatusTone }> = {
  not_started: { label: 'Not started', tone: 'neutral' },
  pending: { label: 'Pending', tone: 'warning' },
  verified: { label: 'Verified', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

const STEP_LABELS: Record<PayoutStepDto['name'], { title: string; detail: string }> = {
  identity: { title: 'Identity', detail: 'Legal name and PAN, checked by Razorpay' },
  bankAccount: { title: 'Bank account', detail: 'Checked by Razorpay when you are paid to it' },
  linkedAccount: {
    title: 'Razorpay account',
    detail: 'Your Route linked account, which receives your milestone payments',
  },
  upi: { title: 'UPI ID', detail: 'Checked by Razorpay when you are paid to it' },
};

const SAVE_FAILED = 'We could not save your payout details. Please try again.';

function Status({ status }: { status: Status }) {
  const { label, tone } = STATUS_LABELS[status];
  return <StatusBadge tone={tone}>{label}</StatusBadge>;
}

function emptyValues(saved: PayoutProfileResponseDto['profile']): PayoutProfileValues {
  return {
    legalName: saved?.legalName ?? '',
    pan: '',
    phone: saved?.phone ?? '',
    payoutMethod: saved?.payoutMethod ?? '',
    accountNumber: '',
    accountNumberConfirmation: '',
    ifsc: saved?.ifsc ?? '',
    // Answered masked, like the PAN: typed again to change the profile.
    upiId: '',
    gstin: '',
    removeGstin: false,
  };
}

/** The API's per-field messages of a 400 (`{ code: 'VALIDATION_FAILED', errors: { field: message } }`). */
function fieldErrorsOf(error: unknown): Record<string, string> {
  if (errorCodeOf(error) !== 'VALIDATION_FAILED' || !isErrorBody(error)) return {};
  const { errors } = error;
  return typeof errors === 'object' && errors !== null ? (errors as Record<string, string>) : {};
}

function Steps({ profile }: { profile: PayoutProfileResponseDto }) {
  return (
    <section aria-labelledby="payout-steps" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="payout-steps" className="text-lg font-semibold">
          Verification
        </h2>
        <Status status={profile.status} />
      </div>
      <ol className="grid gap-3 sm:grid-cols-2">
        {profile.steps.map((step) => (
          <li
            key={step.name}
            className="flex items-start justify-between gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
          >
            <div className="min-w-0">
              <p className="font-medium">{STEP_LABELS[step.name].title}</p>
              <p className="text-sm text-slate-600 dark:text-slate-300">
                {STEP_LABELS[step.name].detail}
              </p>
            </div>
            <Status status={step.status} />
          </li>
        ))}
      </ol>
      {profile.failureReason && <AlertText>{profile.failureReason}</AlertText>}
      {profile.status === 'pending' && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Razorpay is checking your details. This page updates when you open it again; you can send
          deals once your account is verified.
        </p>
      )}
    </section>
  );
}

function SavedDetails({ saved }: { saved: NonNullable<PayoutProfileResponseDto['profile']> }) {
  const rows: [string, string][] = [
    ['Legal name', saved.legalName],
    ['PAN', saved.maskedPan],
    ['Mobile number', saved.phone],
    ...(saved.payoutMethod === 'upi'
      ? ([['Paid to', `UPI ID ${saved.upiId ?? saved.maskedDestination}`]] as [string, string][])
      : ([
          ['Paid to', 'Bank account'],
          ['Bank account', saved.maskedAccountNumber ?? ''],
          ['IFSC', saved.bankName ? `${saved.ifsc ?? ''} (${saved.bankName})` : (saved.ifsc ?? '')],
        ] as [string, string][])),
    ['GSTIN', saved.gstin ?? 'Not given'],
  ];
  return (
    <section aria-labelledby="payout-saved" className="flex flex-col gap-3">
      <h2 id="payout-saved" className="text-lg font-semibold">
        Saved details
      </h2>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-sm text-slate-600 dark:text-slate-300">{label}</dt>
            <dd className="font-medium break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        For your security we never show your full PAN or account number here; only your own data
        download (below) has them in full. To change any detail, fill in the form again.
      </p>
    </section>
  );
}

const LEGEND_CLASS = 'mb-3 text-base font-semibold';
/** The typing aids of an uppercase code (PAN, IFSC, GSTIN): no autofill, capitals, no spelling. */
const CODE_INPUT = {
  autoComplete: 'off',
  autoCapitalize: 'characters',
  spellCheck: false,
} as const;

/** The bank account number and its confirmation. */
const ACCOUNT_NUMBER_INPUT = {
  inputMode: 'numeric',
  autoComplete: 'off',
  required: true,
  maxLength: 24,
} as const;

/** A group of the payout form's fields under a legend, two columns from small screens up. */
function FieldGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0">
      <legend className={LEGEND_CLASS}>{legend}</legend>
      <div className="grid min-w-0 gap-5 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

function PayoutForm({ profile }: { profile: PayoutProfileResponseDto }) {
  const saved = profile.profile;
  const form = useForm<PayoutProfileValues>({
    resolver: zodResolver(payoutProfileSchema),
    defaultValues: emptyValues(saved),
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const method = useWatch({ control: form.control, name: 'payoutMethod' });
  const save = useSavePayoutProfile();
  const failure =
    save.isError && errorCodeOf(save.error) !== 'VALIDATION_FAILED'
      ? messageOf(save.error, SAVE_FAILED)
      : undefined;
  const field = (name: Exclude<keyof PayoutProfileValues, 'payoutMethod' | 'removeGstin'>) => ({
    error: errors[name]?.message,
    ...form.register(name),
  });
  return (
    <form
      noValidate
      aria-labelledby="payout-form"
      onSubmit={(event) => {
        void form.handleSubmit((values) => {
          save.mutate(
            { body: payoutRequest(values) },
            {
              onSuccess: (answer) => {
                form.reset(emptyValues(answer.profile));
                notify.success('Payout details saved.');
              },
              onError: (error) => {
                const fieldErrors = fieldErrorsOf(error);
                for (const name of PAYOUT_FIELDS) {
                  const message = fieldErrors[name];
                  if (message) form.setError(name, { type: 'server', message });
                }
              },
            },
          );
        })(event);
      }}
      className="flex flex-col gap-6"
    >
      <h2 id="payout-form" className="text-lg font-semibold">
        {saved ? 'Change payout details' : 'Payout details'}
      </h2>
      <fieldset disabled={save.isPending} className="flex min-w-0 flex-col gap-6">
        <FieldGroup legend="Identity">
          <TextField
            label="Legal name (as on your PAN)"
            autoComplete="name"
            required
            maxLength={120}
            {...field('legalName')}
          />
          <TextField
            label="PAN"
            {...CODE_INPUT}
            required
            maxLength={12}
            placeholder={saved ? `Saved: ${saved.maskedPan}` : 'ABCPE1234F'}
            {...field('pan')}
          />
          <TextField
            label="Mobile number"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            required
            maxLength={16}
            {...field('phone')}
          />
        </FieldGroup>
        <fieldset
          className="min-w-0"
          aria-describedby={errors.payoutMethod ? 'payout-method-error' : undefined}
        >
          <legend className={LEGEND_CLASS}>Pay me to</legend>
          <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">
            Razorpay settles your milestone payments to one of these: your bank account or your UPI
            ID.
          </p>
          <div className="grid gap-3 sm:grid-cols-2">
            {(
              [
                ['bank_account', 'Bank account', 'Account number and IFSC'],
                ['upi', 'UPI ID', 'Like name@bank'],
              ] as const
            ).map(([value, label, hint]) => (
              <label
                key={value}
                className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 px-4 py-3 has-checked:border-indigo-600 has-checked:bg-indigo-50 dark:border-slate-600 dark:has-checked:border-indigo-400 dark:has-checked:bg-indigo-950"
              >
                <input
                  type="radio"
                  value={value}
                  aria-invalid={errors.payoutMethod ? true : undefined}
                  className="mt-1 size-4 accent-indigo-600"
                  {...form.register('payoutMethod')}
                />
                <span className="flex flex-col">
                  <span className="font-semibold">{label}</span>
                  <span className="text-sm text-slate-600 dark:text-slate-300">{hint}</span>
                </span>
              </label>
            ))}
          </div>
          <div className="mt-2">
            <FieldError id="payout-method-error" message={errors.payoutMethod?.message} />
          </div>
        </fieldset>
        {method === 'bank_account' && (
          <FieldGroup legend="Bank account">
            <TextField
              label="Account number"
              {...ACCOUNT_NUMBER_INPUT}
              placeholder={
                saved?.maskedAccountNumber ? `Saved: ${saved.maskedAccountNumber}` : undefined
              }
              {...field('accountNumber')}
            />
            <TextField
              label="Account number again"
              {...ACCOUNT_NUMBER_INPUT}
              {...field('accountNumberConfirmation')}
            />
            <TextField
              label="IFSC"
              {...CODE_INPUT}
              required
              maxLength={11}
              placeholder="HDFC0001234"
              {...field('ifsc')}
            />
          </FieldGroup>
        )}
        {method === 'upi' && (
          <FieldGroup legend="UPI">
            <TextField
              label="UPI ID"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              required
              maxLength={100}
              placeholder="name@bank"
              {...field('upiId')}
            />
          </FieldGroup>
        )}
        <FieldGroup legend="Optional">
          <TextField
            label="GSTIN"
            {...CODE_INPUT}
            maxLength={20}
            placeholder={saved?.gstin ? `Saved: ${saved.gstin}` : '27ABCPE1234F1Z5'}
            {...field('gstin')}
          />
          {saved?.gstin && (
            <label className="flex items-center gap-2 self-end text-sm">
              <input type="checkbox" className="h-4 w-4" {...form.register('removeGstin')} />
              Remove the saved GSTIN
            </label>
          )}
        </FieldGroup>
      </fieldset>
      <button
        type="submit"
        disabled={save.isPending}
        className="inline-flex items-center justify-center self-start rounded-lg bg-indigo-600 px-5 py-3 font-semibold text-white transition-colors hover:bg-indigo-700 disabled:cursor-not-allowed disabled:opacity-70"
      >
        {save.isPending ? 'Saving…' : 'Save payout details'}
      </button>
      {failure && <AlertText>{failure}</AlertText>}
    </form>
  );
}

/**
 * Wallet → Settings: where Razorpay pays the creator. Identity, the chosen destination (a bank
 * account or a UPI ID), the optional GSTIN; each verification step's status; saved values only ever masked; the creator's own
 * download of the profile and its deletion.
 */
export function WalletSettingsPage() {
  const profile = usePayoutProfile();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Payout settings</h1>
        <p className="text-slate-700 dark:text-slate-300">
          Where you are paid. Milestone payments are secured with Razorpay and paid out to your bank
          account or UPI ID through your Razorpay account once a milestone is approved.
        </p>
      </header>
      {profile.isPending ? (
        <LoadingIndicator label="Loading your payout details…" />
      ) : profile.isError ? (
        <AlertText>
          {messageOf(
            profile.error,
            'We could not load your payout details. Please reload the page.',
          )}
        </AlertText>
      ) : (
        <>
          <Steps profile={profile.data} />
          {profile.data.profile && <SavedDetails saved={profile.data.profile} />}
          <PayoutForm key={profile.data.profile?.revision ?? 0} profile={profile.data} />
          <PayoutDataSection hasProfile={profile.data.profile !== null} />
        </>
      )}
    </div>
  );
}
