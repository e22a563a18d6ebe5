import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { Button } from '@/components/ui/button';
import { PhoneField } from '@/components/ui/phone-field';
import { EmailField } from '@/components/ui/email-field';
import { useResendConfirmation } from '../api/use-resend-confirmation';
import { waitlistSchema } from '../waitlist-schema';
import { FormCard } from './form-card';
import { SentNotice } from './sent-notice';

// The same rules and messages as the waitlist form's fields.
const resendSchema = z.object({
  email: waitlistSchema.shape.email,
  phoneNumber: waitlistSchema.shape.phoneNumber,
});

type ResendValues = z.input<typeof resendSchema>;

/**
 * Asks for a new confirmation link with the e-mail address and phone number given when joining.
 * The answer is the same whether or not they match a place, so the page says so plainly.
 */
export function ResendConfirmationForm() {
  const form = useForm<ResendValues, unknown, z.output<typeof resendSchema>>({
    resolver: zodResolver(resendSchema),
    defaultValues: { email: '', phoneNumber: '' },
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const resend = useResendConfirmation();

  if (resend.isSuccess) {
    return <SentNotice>{resend.data.message}</SentNotice>;
  }

  return (
    <FormCard
      headingId="resend-heading"
      title="Get a new confirmation link"
      onSubmit={(event) => {
        void form.handleSubmit((values) => {
          resend.mutate({ body: values });
        })(event);
      }}
    >
      <fieldset disabled={resend.isPending} className="grid min-w-0 gap-4 sm:grid-cols-2">
        <EmailField required error={errors.email?.message} {...form.register('email')} />
        <PhoneField
          label="Phone Number"
          required
          error={errors.phoneNumber?.message}
          {...form.register('phoneNumber')}
        />
        <Button
          type="submit"
          size="lg"
          className="sm:col-span-2"
          pending={resend.isPending}
          pendingLabel="Sending..."
        >
          Send me a new link
        </Button>
      </fieldset>
      {resend.isError && (
        <p role="alert" className="text-red-700 dark:text-red-400">
          We could not send a new link right now. Please try again in a minute.
        </p>
      )}
    </FormCard>
  );
}
