import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRevokeInvite, useWaitlistEntry } from '../api/admin-queries';
import { notify } from '@/lib/notify';
import { formatDateTime } from '@/utils/format-date-time';
import { statusLabel, userTypeLabel } from '../waitlist-query';
import { QueryState } from './query-state';

const format = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

/** Withdraws the entry's invite: its link stops creating an account (audited). */
function RevokeInviteButton({ entryId, disabled }: { entryId: string; disabled: boolean }) {
  const revoke = useRevokeInvite();
  return (
    <button
      type="button"
      disabled={disabled || revoke.isPending}
      title={disabled ? 'The invite was used: the account exists' : undefined}
      onClick={() => {
        revoke.mutate(
          { path: { entryId } },
          {
            onSuccess: () => {
              notify.success('Invite revoked');
            },
            onError: () => {
              notify.error('The invite could not be revoked.');
            },
          },
        );
      }}
      className="mt-4 rounded-lg border border-red-300 px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:opacity-50 dark:border-red-800 dark:text-red-200 dark:hover:bg-red-950"
    >
      Revoke invite
    </button>
  );
}

/** A side panel with one entry and its history; focus moves in, Escape closes it. */
export function EntryDrawer({ entryId, onClose }: { entryId: string | null; onClose: () => void }) {
  const { data, isPending, error } = useWaitlistEntry(entryId);
  return (
    <Dialog.Root
      open={entryId !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/50" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col overflow-y-auto bg-white p-6 text-slate-900 shadow-xl dark:bg-slate-900 dark:text-slate-100">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-bold">
              {data?.fullName ?? 'Waitlist entry'}
            </Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="inline-flex size-9 items-center justify-center rounded-full hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="text-sm text-slate-600 dark:text-slate-300">
            The entry as stored and what happened to it.
          </Dialog.Description>
          <QueryState isPending={isPending} error={error} label="entry">
            {data && (
              <>
                <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
                  <dt className="text-slate-600 dark:text-slate-300">E-mail</dt>
                  <dd className="break-all">{data.email}</dd>
                  <dt className="text-slate-600 dark:text-slate-300">Phone</dt>
                  <dd>+91 {data.phone}</dd>
                  <dt className="text-slate-600 dark:text-slate-300">Instagram</dt>
                  <dd>@{data.instagramHandle}</dd>
                  <dt className="text-slate-600 dark:text-slate-300">User type</dt>
                  <dd>{userTypeLabel(data.userType)}</dd>
                  <dt className="text-slate-600 dark:text-slate-300">Status</dt>
                  <dd>{statusLabel(data.status)}</dd>
                  <dt className="text-slate-600 dark:text-slate-300">Seat</dt>
                  <dd>
                    {data.seat ?? '—'}
                    {data.earlyAccess && ' (early access)'}
                  </dd>
                  <dt className="text-slate-600 dark:text-slate-300">Joined</dt>
                  <dd>{format(data.joinedAt)}</dd>
                  <dt className="text-slate-600 dark:text-slate-300">Confirmed</dt>
                  <dd>{format(data.confirmedAt)}</dd>
                  {data.account && (
                    <>
                      <dt className="text-slate-600 dark:text-slate-300">Account</dt>
                      <dd className="break-all">
                        {data.account.email}
                        {data.account.email !== data.email && (
                          <span className="ml-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-100">
                            differs from the waitlist e-mail
                          </span>
                        )}
                      </dd>
                    </>
                  )}
                </dl>
                {(data.status === 'invited' || data.status === 'joined') && (
                  <RevokeInviteButton entryId={data.id} disabled={data.status === 'joined'} />
                )}
                <h3 className="mt-6 font-semibold">History</h3>
                <ol className="mt-2 space-y-2 border-l-2 border-indigo-200 pl-4 text-sm dark:border-indigo-800">
                  {data.history.map((event, index) => (
                    <li key={`${event.at}-${String(index)}`}>
                      <span className="font-medium capitalize">
                        {event.event.replaceAll('_', ' ')}
                      </span>
                      {event.fields && event.fields.length > 0 && ` (${event.fields.join(', ')})`}
                      <br />
                      <time dateTime={event.at} className="text-slate-600 dark:text-slate-300">
                        {format(event.at)}
                      </time>
                    </li>
                  ))}
                </ol>
              </>
            )}
          </QueryState>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
