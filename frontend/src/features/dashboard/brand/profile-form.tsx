import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { TextField } from '@/components/ui/text-field';
import { errorCodeOf, isErrorBody, messageOf } from '@/lib/api-error';
import type { UpdateBrandProfileRequestDto } from '@/api/generated/types.gen';
import { useSaveBrandProfile } from '../api/brand-profile';
import { AlertText } from '@/components/ui/alert-text';

const INVISIBLE_OR_CONTROL = /[\p{Cc}\p{Cf}]/u;

// The server's rules and messages (backend brands/domain/brand-profile.ts).
const nameRule = (label: string, min: number, max: number) =>
  z.string().check(
    z.trim(),
    z.minLength(1, `${label} is required`),
    z.refine(
      (text) => Array.from(text).length >= min,
      `${label} must be at least ${String(min)} characters`,
    ),
    z.refine(
      (text) => Array.from(text).length <= max,
      `${label} must be at most ${String(max)} characters`,
    ),
    z.refine(
      (text) => !INVISIBLE_OR_CONTROL.test(text),
      `${label} can only contain visible characters`,
    ),
  );

const profileSchema = z.object({
  companyName: nameRule('Company name', 1, 120),
  contactName: nameRule('Contact name', 2, 100),
});
type ProfileValues = z.input<typeof profileSchema>;

const SAVE_FAILED = 'We could not save your company profile. Please try again.';

/** The profile's two fields, as the form shows them. */
const FIELDS = [
  { name: 'companyName', label: 'Company name', autoComplete: 'organization' },
  { name: 'contactName', label: 'Contact name', autoComplete: 'name' },
] as const;

/** Company name and contact name, as the one-time step asks them and the profile page edits them. */
export function ProfileForm({
  initial,
  submitLabel,
  onSaved,
}: {
  initial: UpdateBrandProfileRequestDto;
  submitLabel: string;
  onSaved: () => void;
}) {
  const form = useForm<ProfileValues, unknown, z.output<typeof profileSchema>>({
    resolver: zodResolver(profileSchema),
    values: initial,
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const save = useSaveBrandProfile();
  const failure =
    save.isError && errorCodeOf(save.error) !== 'VALIDATION_FAILED'
      ? messageOf(save.error, SAVE_FAILED)
      : undefined;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        void form.handleSubmit((values) => {
          save.mutate(
            { body: values },
            {
              onSuccess: onSaved,
              onError: (error) => {
                const fieldErrors = fieldErrorsOf(error);
                for (const { name } of FIELDS) {
                  const message = fieldErrors[name];
                  if (message) form.setError(name, { type: 'server', message });
                }
              },
            },
          );
        })(event);
      }}
      className="flex max-w-xl flex-col gap-5"
    >
      <fieldset disabled={save.isPending} className="flex min-w-0 flex-col gap-5">
        {FIELDS.map(({ name, label, autoComplete }) => (
          <TextField
            key={name}
            label={label}
            autoComplete={autoComplete}
            required
            error={errors[name]?.message}
            {...form.register(name)}
          />
        ))}
      </fieldset>
      <button
        type="submit"
        disabled={save.isPending}
        className="inline-flex items-center justify-center self-start rounded-lg bg-indigo-600 px-5 py-3 font-semibold text-white transition-colors hover:bg-indigo-700 disabled:cursor-not-allowed disabled:opacity-70"
      >
        {save.isPending ? 'Saving...' : submitLabel}
      </button>
      {failure && <AlertText>{failure}</AlertText>}
    </form>
  );
}

/** The API's per-field messages of a 400 (`{ code: 'VALIDATION_FAILED', errors: { field: message } }`). */
function fieldErrorsOf(error: unknown): Record<string, string> {
  if (errorCodeOf(error) !== 'VALIDATION_FAILED' || !isErrorBody(error)) return {};
  const { errors } = error;
  return typeof errors === 'object' && errors !== null ? (errors as Record<string, string>) : {};
}
