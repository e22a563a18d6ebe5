import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { TextField } from '../../../components/ui/text-field';
import { errorCodeOf, isErrorBody, messageOf } from '../../../lib/api-error';
import { type BrandProfileChange, useSaveBrandProfile } from '../api/brand-profile';

const NAME_MAX = 100;
const INVISIBLE_OR_CONTROL = /[\p{Cc}\p{Cf}]/u;

const nameRule = (label: string) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, `${label} is required`),
      z.refine((text) => Array.from(text).length >= 2, `${label} must be at least 2 characters`),
      z.refine(
        (text) => Array.from(text).length <= NAME_MAX,
        `${label} must be at most ${String(NAME_MAX)} characters`,
      ),
      z.refine(
        (text) => !INVISIBLE_OR_CONTROL.test(text),
        `${label} can only contain visible characters`,
      ),
    );

export const profileSchema = z.object({
  companyName: nameRule('Company name'),
  contactName: nameRule('Contact name'),
});
type ProfileValues = z.input<typeof profileSchema>;

const SAVE_FAILED = 'We could not save your company profile. Please try again.';

/** Company name and contact name, as the one-time step asks them and the profile page edits them. */
export function ProfileForm({
  initial,
  submitLabel,
  onSaved,
}: {
  initial: BrandProfileChange;
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
          save.mutate(values, {
            onSuccess: onSaved,
            onError: (error) => {
              const fieldErrors = fieldErrorsOf(error);
              for (const name of ['companyName', 'contactName'] as const) {
                const message = fieldErrors[name];
                if (message) form.setError(name, { type: 'server', message });
              }
            },
          });
        })(event);
      }}
      className="flex max-w-xl flex-col gap-5"
    >
      <fieldset disabled={save.isPending} className="flex min-w-0 flex-col gap-5">
        <TextField
          label="Company name"
          autoComplete="organization"
          required
          error={errors.companyName?.message}
          {...form.register('companyName')}
        />
        <TextField
          label="Contact name"
          autoComplete="name"
          required
          error={errors.contactName?.message}
          {...form.register('contactName')}
        />
      </fieldset>
      <button
        type="submit"
        disabled={save.isPending}
        className="inline-flex items-center justify-center self-start rounded-lg bg-indigo-600 px-5 py-3 font-semibold text-white transition-colors hover:bg-indigo-700 disabled:cursor-not-allowed disabled:opacity-70"
      >
        {save.isPending ? 'Saving...' : submitLabel}
      </button>
      {failure && (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {failure}
        </p>
      )}
    </form>
  );
}

/** The API's per-field messages of a 400 (`{ code: 'VALIDATION_FAILED', errors: { field: message } }`). */
function fieldErrorsOf(error: unknown): Record<string, string> {
  if (errorCodeOf(error) !== 'VALIDATION_FAILED' || !isErrorBody(error)) return {};
  const { errors } = error;
  return typeof errors === 'object' && errors !== null ? (errors as Record<string, string>) : {};
}
