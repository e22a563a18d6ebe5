import { useId } from 'react';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { PageHeader, QueryProblem } from '@/components/ui/page-header';
import {
  useNotificationPreferences,
  useSetNotificationPreferences,
} from '../api/notification-queries';

type Choice = 'remindersByEmail' | 'remindersBySms';

const CHOICES: readonly { key: Choice; label: string; hint: string }[] = [
  {
    key: 'remindersByEmail',
    label: 'Reminders by e-mail',
    hint: 'Funding due, work waiting for approval, changes waiting for you.',
  },
  {
    key: 'remindersBySms',
    label: 'Reminders by SMS',
    hint: 'For brands signed in with a mobile number.',
  },
];

/**
 * Which reminders a person gets by e-mail and SMS (#39). Notices about money (funded, released,
 * disputes) and security are always sent; the bell always shows everything.
 */
export function NotificationPreferencesPage() {
  const preferences = useNotificationPreferences();
  const save = useSetNotificationPreferences();
  const hintId = useId();
  const { data, error } = preferences;
  return (
    <>
      <PageHeader
        title="Notification settings"
        description="Notices about your money (funded, released, disputes) and security are always sent."
      />
      {error ? (
        <QueryProblem error={error} what="your notification settings" />
      ) : !data ? (
        <LoadingIndicator label="Loading your notification settings…" />
      ) : (
        <fieldset className="max-w-xl space-y-4" aria-describedby={hintId}>
          <legend className="mb-2 font-semibold text-slate-900 dark:text-white">Reminders</legend>
          <p id={hintId} className="text-sm text-slate-700 dark:text-slate-300">
            Changes are saved at once.
          </p>
          {CHOICES.map(({ key, label, hint }) => (
            <label key={key} className="flex items-start gap-3">
              <input
                type="checkbox"
                className="mt-1 size-4"
                checked={data[key]}
                disabled={save.isPending}
                onChange={(event) => {
                  save.mutate({ body: { ...data, [key]: event.target.checked } });
                }}
              />
              <span>
                <span className="block font-medium text-slate-900 dark:text-white">{label}</span>
                <span className="block text-sm text-slate-700 dark:text-slate-300">{hint}</span>
              </span>
            </label>
          ))}
          {save.isError && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              Could not save. Try again.
            </p>
          )}
        </fieldset>
      )}
    </>
  );
}
