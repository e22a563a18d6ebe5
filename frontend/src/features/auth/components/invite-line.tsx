import { describeInviteFailure, useInvitePreview } from '../api/use-invite-preview';

/** "You're invited as a***k@g***l.com", or why the invite in the link cannot be used. */
export function InviteLine({ code, brand = false }: { code: string; brand?: boolean }) {
  const preview = useInvitePreview(code);
  if (preview.isPending) {
    return (
      <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
        Checking your invite…
      </p>
    );
  }
  if (preview.isError) {
    return (
      <p
        role="alert"
        className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
      >
        {describeInviteFailure(preview.error)}
      </p>
    );
  }
  return (
    <p
      role="status"
      className="rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100"
    >
      You&apos;re invited as <strong>{preview.data.maskedEmail}</strong>.{' '}
      {brand
        ? 'Sign up with the mobile number you gave the waitlist: the invite links it to your place.'
        : 'Sign up with any Google account: the invite links it to your place on the waitlist.'}
    </p>
  );
}
