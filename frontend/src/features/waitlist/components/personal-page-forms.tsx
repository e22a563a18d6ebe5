import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import type { PersonalPageResponseDto } from '@/api/generated';
import { SelectField } from '@/components/ui/select-field';
import { PhoneField } from '@/components/ui/phone-field';
import { TextField } from '@/components/ui/text-field';
import { EmailField } from '@/components/ui/email-field';
import { errorCodeOf, messageOf } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { failureTexts } from '../api/join-failure';
import {
  fieldErrorsOf,
  useCorrectPersonalEntry,
  useRequestEmailChange,
} from '../api/use-personal-page';
import { userTypeOptions, waitlistSchema } from '../waitlist-schema';
import { FormCard, primaryButton } from './form-card';
import { SentNotice } from './sent-notice';

// The waitlist form's own rules and messages, field by field.
const correctSchema = z.object({
  fullName: waitlistSchema.shape.fullName,
  phoneNumber: waitlistSchema.shape.phoneNumber,
  instagramHandle: waitlistSchema.shape.instagramHandle,
  userType: waitlistSchema.shape.userType,
});
type CorrectValues = z.input<typeof correctSchema>;
const correctFields = ['fullName', 'phoneNumber', 'instagramHandle', 'userType'] as const;

const emailSchema = z.object({ email: waitlistSchema.shape.email });

const submitClass = `${primaryButton} self-start`;

/** Name, phone, handle and role, corrected with the form's rules; the 409 of a taken phone on its field. */
export function CorrectEntryForm({ page }: { page: PersonalPageResponseDto }) {
  const form = useForm<CorrectValues, unknown, z.output<typeof correctSchema>>({
    resolver: zodResolver(correctSchema),
    values: {
      fullName: page.fullName,
      phoneNumber: page.phoneNumber,
      instagramHandle: page.instagramHandle,
      userType: page.userType,
    },
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const correct = useCorrectPersonalEntry();

  return (
    <FormCard
      headingId="correct-heading"
      title="Correct my details"
      onSubmit={(event) => {
        void form.handleSubmit((values) => {
          correct.mutate(
            { body: values },
            {
              onSuccess: () => {
                notify.success('Your details are saved.');
              },
              onError: (error) => {
                const fieldErrors = fieldErrorsOf(error);
                for (const name of correctFields) {
                  const message = fieldErrors[name];
                  if (message) form.setError(name, { type: 'server', message });
                }
                if (errorCodeOf(error) === 'PHONE_ALREADY_REGISTERED') {
                  form.setError('phoneNumber', {
                    type: 'server',
                    message: messageOf(error, failureTexts.phoneTaken),
                  });
                } else if (Object.keys(fieldErrors).length === 0) {
                  notify.error(
                    messageOf(error, 'We could not save your details. Please try again.'),
                  );
                }
              },
            },
          );
        })(event);
      }}
    >
      <fieldset disabled={correct.isPending} className="grid min-w-0 gap-4 sm:grid-cols-2">
        <TextField
          label="Full Name"
          autoComplete="name"
          error={errors.fullName?.message}
          {...form.register('fullName')}
        />
        <PhoneField
          label="Phone Number"
          error={errors.phoneNumber?.message}
          {...form.register('phoneNumber')}
        />
        <TextField
          label="Instagram Handle"
          autoComplete="off"
          error={errors.instagramHandle?.message}
          {...form.register('instagramHandle')}
        />
        <SelectField
          label="I'm a..."
          placeholder="Select your role"
          options={userTypeOptions}
          error={errors.userType?.message}
          {...form.register('userType')}
        />
      </fieldset>
      <button type="submit" className={submitClass} disabled={correct.isPending}>
        Save changes
      </button>
    </FormCard>
  );
}

/** A new e-mail address: confirmed from the new mailbox before it counts. */
export function EmailChangeForm() {
  const form = useForm<z.input<typeof emailSchema>, unknown, z.output<typeof emailSchema>>({
    resolver: zodResolver(emailSchema),
    defaultValues: { email: '' },
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const change = useRequestEmailChange();
  return (
    <FormCard
      headingId="email-change-heading"
      title="Change my e-mail address"
      onSubmit={(event) => {
        void form.handleSubmit((values) => {
          change.mutate(
            { body: values },
            {
              onSuccess: () => {
                form.reset();
              },
              onError: (error) => {
                const message = fieldErrorsOf(error).email;
                if (message) form.setError('email', { type: 'server', message });
                else
                  notify.error(messageOf(error, 'We could not send the link. Please try again.'));
              },
            },
          );
        })(event);
      }}
    >
      <p className="text-sm text-slate-600 dark:text-slate-400">
        We&apos;ll e-mail a link to the new address; your address changes once you open it.
      </p>
      <fieldset disabled={change.isPending} className="flex min-w-0 flex-col gap-4">
        <EmailField
          label="New Email Address"
          error={errors.email?.message}
          {...form.register('email')}
        />
      </fieldset>
      {change.isSuccess && <SentNotice>{change.data.message}</SentNotice>}
      <button type="submit" className={submitClass} disabled={change.isPending}>
        E-mail me a confirmation link
      </button>
    </FormCard>
  );
}
