import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { EmailField } from '@/components/ui/email-field';
import { messageOf } from '@/lib/api-error';
import { useRequestPersonalLink } from '../api/use-personal-page';
import { waitlistSchema } from '../waitlist-schema';
import { FormCard, primaryButton } from './form-card';
import { SentNotice } from './sent-notice';

const linkSchema = z.object({ email: waitlistSchema.shape.email });

/**
 * "E-mail me a link to my page": the answer is the same whether or not the address is on the
 * list, so the page says exactly that.
 */
export function PersonalLinkForm() {
  const form = useForm<z.input<typeof linkSchema>, unknown, z.output<typeof linkSchema>>({
    resolver: zodResolver(linkSchema),
    defaultValues: { email: '' },
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const request = useRequestPersonalLink();

  if (request.isSuccess) {
    return <SentNotice>{request.data.message}</SentNotice>;
  }
  return (
    <FormCard
      headingId="personal-link-heading"
      title="Get a link to your page"
      onSubmit={(event) => {
        void form.handleSubmit((values) => {
          request.mutate({ body: values });
        })(event);
      }}
    >
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Type the e-mail address you joined with. We&apos;ll e-mail it a link that opens your page
        (it works once, for 7 days).
      </p>
      <fieldset disabled={request.isPending} className="flex min-w-0 flex-col gap-4">
        <EmailField required error={errors.email?.message} {...form.register('email')} />
      </fieldset>
      {request.isError && (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {messageOf(request.error, 'We could not send a link right now. Please try again.')}
        </p>
      )}
      <button type="submit" className={`${primaryButton} self-start`} disabled={request.isPending}>
        E-mail me a link
      </button>
    </FormCard>
  );
}
