import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ConfirmedPlaceDto } from '@/api/generated';
import { PageLayout } from '@/components/layouts/page-layout';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { EARLY_ACCESS_SLOTS } from '@/config/early-access';
import { LINK_TOKEN_PATTERN } from '@/config/link-token';
import { paths } from '@/config/paths';
import { formatCount } from '@/utils/format-count';
import {
  confirmFailureTexts,
  describeConfirmFailure,
  type ConfirmFailure,
} from '../api/confirm-failure';
import { useConfirmWaitlistPlace } from '../api/use-confirm-waitlist-place';
import { linkClass } from './form-card';
import { ResendConfirmationForm } from './resend-confirmation-form';
import { SlotsLeft } from './slots-left';

const buttonClass =
  'inline-flex items-center justify-center self-start rounded-lg bg-indigo-600 px-5 py-3 font-semibold text-white transition-colors hover:bg-indigo-700';

function Confirmed({ place }: { place: ConfirmedPlaceDto }) {
  const seat = formatCount(place.seat);
  const slots = formatCount(EARLY_ACCESS_SLOTS);
  return (
    <div className="flex flex-col gap-4">
      <p className="text-lg">
        {place.alreadyConfirmed
          ? 'You had already confirmed your place: it is yours, nothing more to do.'
          : "Thank you: your e-mail address is confirmed and your place is yours. We'll reach out with updates soon!"}
      </p>
      <dl className="grid gap-4 rounded-2xl border border-slate-200 p-6 sm:grid-cols-2 dark:border-slate-800">
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-400">Your place</dt>
          <dd className="text-3xl font-bold text-indigo-700 dark:text-indigo-300">#{seat}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-400">Early access</dt>
          <dd className="text-lg font-semibold">
            {place.earlyAccess
              ? `Yes: early-access slot ${seat} of ${slots}`
              : `Not this time: all ${slots} early-access slots were taken first`}
          </dd>
        </div>
      </dl>
      {!place.earlyAccess && (
        <p>
          You are on the waitlist after them, and we&apos;ll tell you as soon as more places open.
        </p>
      )}
      <SlotsLeft />
      <Link to={paths.home} className={buttonClass}>
        Go Back Home
      </Link>
    </div>
  );
}

function NotConfirmed({ failure, onRetry }: { failure: ConfirmFailure; onRetry: () => void }) {
  if (failure.kind === 'unavailable') {
    return (
      <div className="flex flex-col gap-4">
        <p role="alert">{failure.message}</p>
        <button type="button" onClick={onRetry} className={buttonClass}>
          Try again
        </button>
      </div>
    );
  }
  const { title, text } = confirmFailureTexts[failure.kind];
  return (
    <div className="flex flex-col gap-6">
      <div role="alert" className="flex flex-col gap-2">
        <h2 className="text-xl font-semibold">{title}</h2>
        <p>{text}</p>
      </div>
      <ResendConfirmationForm />
      <p>
        Not on the waitlist yet?{' '}
        <Link to={paths.waitlist} className={linkClass}>
          Join the waitlist
        </Link>
      </p>
    </div>
  );
}

/**
 * /waitlist/confirm?token=…: the page the confirmation e-mail links to. Confirms once on arrival
 * (confirming again is harmless: the same seat), then shows the seat, whether it comes with early
 * access and the slots left; or, for a link that cannot confirm, why, and a way to get a new one.
 */
export function ConfirmPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const wellFormed = LINK_TOKEN_PATTERN.test(token);
  const confirm = useConfirmWaitlistPlace();
  const { mutate } = confirm;
  const confirmedToken = useRef<string | null>(null);

  useEffect(() => {
    if (!wellFormed || confirmedToken.current === token) return;
    confirmedToken.current = token;
    mutate({ body: { token } });
  }, [mutate, token, wellFormed]);

  const retry = () => {
    mutate({ body: { token } });
  };

  let title = 'Confirming your place';
  let content = <LoadingIndicator label="Confirming your place…" />;
  if (!wellFormed) {
    title = 'Confirm your place';
    content = <NotConfirmed failure={{ kind: 'incomplete' }} onRetry={retry} />;
  } else if (confirm.isSuccess) {
    title = 'Your place is confirmed';
    content = <Confirmed place={confirm.data.data} />;
  } else if (confirm.isError) {
    title = 'Confirm your place';
    content = <NotConfirmed failure={describeConfirmFailure(confirm.error)} onRetry={retry} />;
  }
  return <PageLayout title={title}>{content}</PageLayout>;
}
