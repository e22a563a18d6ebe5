import { useState } from 'react';
import { notify } from '@/lib/notify';
import { useInviteNext, useInviteSelected } from '../api/admin-queries';
import { describeWave, MAX_WAVE_SIZE } from '../invite-wave';

const buttonClass =
  'rounded-lg bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800 disabled:opacity-60';

/** "Invite next N": confirmed entries, not yet invited, by seat. */
export function InviteNextControl() {
  const [count, setCount] = useState('10');
  const inviteNext = useInviteNext();
  const n = Number(count);
  const valid = Number.isInteger(n) && n >= 1 && n <= MAX_WAVE_SIZE;
  return (
    <form
      className="flex items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!valid) return;
        inviteNext.mutate(
          { body: { count: n } },
          {
            onSuccess: (result) => {
              notify.success(describeWave(result));
            },
            onError: () => {
              notify.error('The invites could not be sent. Please try again.');
            },
          },
        );
      }}
    >
      <label htmlFor="invite-next-count" className="text-sm text-slate-700 dark:text-slate-300">
        Invite next
      </label>
      <input
        id="invite-next-count"
        type="number"
        min={1}
        max={MAX_WAVE_SIZE}
        value={count}
        onChange={(event) => {
          setCount(event.target.value);
        }}
        aria-invalid={!valid}
        className="w-24 rounded-lg border border-slate-400 bg-white px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-900"
      />
      <button type="submit" disabled={!valid || inviteNext.isPending} className={buttonClass}>
        {inviteNext.isPending ? 'Inviting…' : 'Send invites'}
      </button>
    </form>
  );
}

/** "Invite selected": the rows ticked in the table; invited ones get their invite re-sent. */
export function InviteSelectedButton({
  entryIds,
  onDone,
}: {
  entryIds: readonly string[];
  onDone: () => void;
}) {
  const inviteSelected = useInviteSelected();
  return (
    <button
      type="button"
      disabled={entryIds.length === 0 || inviteSelected.isPending}
      onClick={() => {
        inviteSelected.mutate(
          { body: { entryIds: [...entryIds] } },
          {
            onSuccess: (result) => {
              notify.success(describeWave(result));
              onDone();
            },
            onError: () => {
              notify.error('The invites could not be sent. Please try again.');
            },
          },
        );
      }}
      className={buttonClass}
    >
      {inviteSelected.isPending ? 'Inviting…' : 'Invite selected'}
    </button>
  );
}
