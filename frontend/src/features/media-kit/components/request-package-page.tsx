import { useId, useState, type ReactNode, type SyntheticEvent } from 'react';
import { useParams } from 'react-router';
import type { RatePackageDto } from '@/api/generated/types.gen';
import { AlertText } from '@/components/ui/alert-text';
import { BrandMark } from '@/components/ui/brand-mark';
import { Button } from '@/components/ui/button';
import { EmailField } from '@/components/ui/email-field';
import { FieldError } from '@/components/ui/field-error';
import { errorAttributes, fieldControlClass, fieldLabelClass } from '@/components/ui/field-parts';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { PhoneField } from '@/components/ui/phone-field';
import { TextField } from '@/components/ui/text-field';
import { brand as product } from '@/config/brand';
import { isErrorBody, messageOf } from '@/lib/api-error';
import { useAuth } from '@/lib/auth/use-auth';
import { formatMoney } from '@/utils/format-money';
import {
  usePublicMediaKit,
  useRequestPackage,
  useSendRequestCode,
} from '../api/package-request-queries';

type Field =
  | 'companyName'
  | 'contactName'
  | 'contactEmail'
  | 'contactMobile'
  | 'code'
  | 'brief'
  | 'startDate'
  | 'endDate';
type Form = Record<Field, string>;

const EMPTY: Form = {
  companyName: '',
  contactName: '',
  contactEmail: '',
  contactMobile: '',
  code: '',
  brief: '',
  startDate: '',
  endDate: '',
};

/** The server's message per field of a 400, by field name. */
function fieldErrorsOf(error: unknown): Partial<Record<string, string>> {
  if (!isErrorBody(error) || typeof error.errors !== 'object' || error.errors === null) return {};
  return error.errors;
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <header className="border-b border-slate-200 bg-white px-4 py-3 dark:border-slate-800 dark:bg-slate-900">
        <p className="inline-flex items-center gap-2 text-lg font-bold">
          <BrandMark />
          {product.name}
        </p>
      </header>
      <main className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8 sm:px-6">{children}</main>
    </div>
  );
}

function PackageSummary({ item }: { item: RatePackageDto }) {
  return (
    <section className="rounded-xl bg-white p-4 shadow-sm dark:bg-slate-900">
      <h2 className="text-lg font-semibold">{item.title}</h2>
      <p>
        {item.quantity} × {item.kind} on {item.platform} · delivered in {item.turnaroundDays} days
      </p>
      <p>
        Paid in milestones: {item.milestoneSplit.join(' / ')}% ·{' '}
        <strong>
          {item.priceIsFrom ? 'from ' : ''}
          {formatMoney(item.pricePaise)}
        </strong>
      </p>
    </section>
  );
}

function BriefField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className={fieldLabelClass}>
        Brief
      </label>
      <textarea
        id={id}
        rows={5}
        required
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
        className={fieldControlClass(Boolean(error))}
        {...errorAttributes(`${id}-error`, error)}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/**
 * /media-kit/:handle/request/:packageId — a brand requests a package of a public media kit: the
 * company, contact, brief and dates, and (unless signed in as a brand) the mobile, proven by an
 * SMS code before anything is sent to the creator.
 */
export function RequestPackagePage() {
  const { handle = '', packageId = '' } = useParams();
  const kit = usePublicMediaKit(handle);
  const auth = useAuth();
  const signedInBrand = auth.user?.roles.includes('brand') ? auth.user : null;
  const sendCode = useSendRequestCode();
  const requestPackage = useRequestPackage();
  const [form, setForm] = useState<Form>(EMPTY);
  const set = (field: Field) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
  };

  if (kit.isPending) return <LoadingIndicator label="Loading the media kit…" />;
  const item = kit.data?.packages.find(({ id }) => id === packageId);
  if (!kit.data || !item) {
    return (
      <Frame>
        <h1 className="text-2xl font-bold">This package is not available</h1>
        <p>The creator may have taken it off their page. Open their media kit again.</p>
      </Frame>
    );
  }
  if (requestPackage.isSuccess) {
    return (
      <Frame>
        <h1 className="text-2xl font-bold">Request sent</h1>
        <p>
          {kit.data.displayName} has your request for “{item.title}”. If they accept, they send you
          a deal to review at {form.contactEmail}.
        </p>
      </Frame>
    );
  }

  const problems = {
    ...fieldErrorsOf(sendCode.error),
    ...fieldErrorsOf(requestPackage.error),
  };
  const failure = requestPackage.error ?? sendCode.error;
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const { contactMobile, code, ...rest } = form;
    requestPackage.mutate({
      path: { handle, packageId },
      body: signedInBrand ? rest : { ...rest, contactMobile, code },
    });
  };
  const field = (name: Field, label: string, type = 'text') => (
    <TextField
      label={label}
      type={type}
      required
      value={form[name]}
      error={problems[name]}
      onChange={(event) => {
        set(name)(event.target.value);
      }}
    />
  );

  return (
    <Frame>
      <h1 className="text-2xl font-bold">
        Request “{item.title}” from {kit.data.displayName}
      </h1>
      <PackageSummary item={item} />
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        {field('companyName', 'Company')}
        {field('contactName', 'Your name')}
        <EmailField
          label="Work e-mail"
          required
          value={form.contactEmail}
          error={problems.contactEmail}
          onChange={(event) => {
            set('contactEmail')(event.target.value);
          }}
        />
        <BriefField value={form.brief} error={problems.brief} onChange={set('brief')} />
        <div className="grid gap-4 sm:grid-cols-2">
          {field('startDate', 'First day', 'date')}
          {field('endDate', 'Last day', 'date')}
        </div>
        {signedInBrand ? (
          <p>You are signed in as a brand ({signedInBrand.phone}): no code is needed.</p>
        ) : (
          <fieldset className="flex flex-col gap-3">
            <legend className={fieldLabelClass}>Your mobile number, checked by an SMS code</legend>
            <PhoneField
              label="Mobile number"
              value={form.contactMobile}
              error={problems.contactMobile ?? problems.phone}
              onChange={(event) => {
                set('contactMobile')(event.target.value);
              }}
            />
            <Button
              variant="secondary"
              className="self-start"
              pending={sendCode.isPending}
              pendingLabel="Sending…"
              onClick={() => {
                sendCode.mutate({
                  path: { handle, packageId },
                  body: { phone: form.contactMobile },
                });
              }}
            >
              {sendCode.isSuccess ? 'Send a new code' : 'Send code'}
            </Button>
            {sendCode.data && <p role="status">Code sent to {sendCode.data.maskedPhone}.</p>}
            <TextField
              label="Code from the SMS"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={form.code}
              error={problems.code}
              onChange={(event) => {
                set('code')(event.target.value);
              }}
            />
          </fieldset>
        )}
        {failure !== null && Object.keys(problems).length === 0 && (
          <AlertText>{messageOf(failure, 'Something went wrong. Please try again.')}</AlertText>
        )}
        <Button
          type="submit"
          size="lg"
          className="self-start"
          pending={requestPackage.isPending}
          pendingLabel="Sending…"
        >
          Send request
        </Button>
      </form>
    </Frame>
  );
}
