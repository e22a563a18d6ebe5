import { Laptop, Smartphone, Tablet, Tv } from 'lucide-react';
import type { AccountSessionDto } from '@/api/generated/types.gen';
import { Button } from '@/components/ui/button';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { QueryProblem } from '@/components/ui/page-header';
import { messageOf } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { formatDateTime } from '@/utils/format-date-time';
import { useAccountSessions, useRevokeOtherSessions, useRevokeSession } from '../api/sessions';
import { deviceName } from '../device-name';

const REVOKE_FAILED = 'We could not sign that session out. Please try again.';

const PLATFORM_ICONS = {
  mobile: Smartphone,
  tablet: Tablet,
  tv: Tv,
  desktop: Laptop,
  unknown: Laptop,
} as const;

function SessionRow({
  session,
  onRevoke,
  revoking,
}: {
  session: AccountSessionDto;
  onRevoke: () => void;
  revoking: boolean;
}) {
  const Icon = PLATFORM_ICONS[session.platform];
  const name = deviceName(session);
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 p-3 dark:border-slate-700">
      <Icon aria-hidden="true" className="size-5 shrink-0 text-slate-600 dark:text-slate-300" />
      <div className="flex min-w-0 flex-1 flex-col">
        <p className="font-medium">
          {name}
          {session.current && (
            <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-950 dark:text-emerald-100">
              This device
            </span>
          )}
        </p>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Signed in {formatDateTime(session.firstSeenAt)} · Last active{' '}
          {formatDateTime(session.lastActiveAt)}
        </p>
      </div>
      {!session.current && (
        <Button
          variant="secondary"
          aria-label={`Sign out ${name}`}
          pending={revoking}
          pendingLabel="Signing out…"
          onClick={onRevoke}
        >
          Sign out
        </Button>
      )}
    </li>
  );
}

/**
 * Security: every browser the account is signed in on (from its User-Agent; no location), when
 * it signed in and was last active; sign one out, or every one but this.
 */
export function SessionsSection() {
  const sessions = useAccountSessions();
  const revokeOne = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();

  const signOut = (session: AccountSessionDto) => {
    revokeOne.revoke(session.id).then(
      () => {
        notify.success(`${deviceName(session)} is signed out.`);
      },
      (error: unknown) => {
        notify.error(messageOf(error, REVOKE_FAILED));
      },
    );
  };

  const signOutOthers = () => {
    revokeOthers.revokeOthers().then(
      ({ revoked }) => {
        notify.success(
          revoked === 1
            ? 'One other session is signed out.'
            : `${String(revoked)} other sessions are signed out.`,
        );
      },
      (error: unknown) => {
        notify.error(messageOf(error, REVOKE_FAILED));
      },
    );
  };

  if (sessions.isPending) return <LoadingIndicator label="Loading your sessions…" />;
  if (sessions.isError) return <QueryProblem error={sessions.error} what="your sessions" />;
  const list = sessions.data.sessions;
  const others = list.filter((session) => !session.current).length;
  return (
    <div className="flex flex-col gap-4">
      <h3 className="text-base font-semibold">Where you are signed in</h3>
      <ul className="flex flex-col gap-2" aria-label="Active sessions">
        {list.map((session) => (
          <SessionRow
            key={session.id}
            session={session}
            revoking={revokeOne.isPending && revokeOne.variables.path.id === session.id}
            onRevoke={() => {
              signOut(session);
            }}
          />
        ))}
      </ul>
      {others === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          You are signed in on this device only.
        </p>
      ) : (
        <Button
          variant="danger"
          className="self-start"
          pending={revokeOthers.isPending}
          pendingLabel="Signing out…"
          onClick={signOutOthers}
        >
          Sign out everywhere else
        </Button>
      )}
    </div>
  );
}
