import * as Dialog from '@radix-ui/react-dialog';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod';
import type { NotificationDto } from '@/api/generated/types.gen';
import { FieldError } from '@/components/ui/field-error';
import { errorAttributes, fieldControlClass, fieldLabelClass } from '@/components/ui/field-parts';
import { Modal } from '@/components/ui/modal';
import { messageOf } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useNudgeBrand } from '../api/admin-queries';

/** A nudge is a short, personal note (the API's limit). */
export const NUDGE_MAX = 280;

const nudgeSchema = z.object({
  message: z
    .string()
    .trim()
    .min(1, 'Write the note the brand will read')
    .refine(
      (text) => text.length <= NUDGE_MAX,
      `The note must be at most ${String(NUDGE_MAX)} characters`,
    ),
});

const channelWords: Record<string, string> = {
  in_app: 'its notifications',
  email: 'e-mail',
  sms: 'SMS',
};

/**
 * The admin's personal nudge to the brand of a stuck deal (#39): a short note, delivered like any
 * notice (the brand's bell, e-mail, SMS where it signed in by phone), one a deal a day, audited.
 */
export function NudgeDialog({
  notice,
  onClose,
}: {
  notice: NotificationDto | null;
  onClose: () => void;
}) {
  const nudge = useNudgeBrand();
  const form = useForm<z.input<typeof nudgeSchema>, unknown, z.output<typeof nudgeSchema>>({
    resolver: zodResolver(nudgeSchema),
    defaultValues: { message: '' },
  });
  const error = form.formState.errors.message?.message;
  return (
    <Modal
      open={notice !== null}
      onOpenChange={(open) => {
        if (!open) {
          form.reset();
          onClose();
        }
      }}
      title="Nudge the brand"
      description={`${notice?.title ?? ''}. Your note goes to the brand as you write it, once a day at most per deal, and is recorded in the audit log.`}
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          void form.handleSubmit(({ message }) => {
            if (!notice) return;
            nudge.mutate(
              { path: { dealId: notice.dealId }, body: { message } },
              {
                onSuccess: (sent) => {
                  form.reset();
                  onClose();
                  notify.success(
                    `Nudge sent by ${sent.channels.map((channel) => channelWords[channel] ?? channel).join(', ')}`,
                  );
                },
                onError: (failure) => {
                  notify.error(messageOf(failure, 'The nudge was not sent. Please try again.'));
                },
              },
            );
          })(event);
        }}
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor="nudge-message" className={fieldLabelClass}>
            Note to the brand
          </label>
          <textarea
            id="nudge-message"
            rows={4}
            maxLength={NUDGE_MAX}
            className={fieldControlClass(Boolean(error))}
            {...errorAttributes('nudge-message-error', error)}
            {...form.register('message')}
          />
          <FieldError id="nudge-message-error" message={error} />
        </div>
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            disabled={nudge.isPending}
            className="rounded-lg bg-indigo-700 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-800 disabled:opacity-60"
          >
            {nudge.isPending ? 'Sending…' : 'Send the nudge'}
          </button>
          <Dialog.Close asChild>
            <button
              type="button"
              className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold dark:border-slate-700"
            >
              Cancel
            </button>
          </Dialog.Close>
        </div>
      </form>
    </Modal>
  );
}
