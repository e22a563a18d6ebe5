import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { PersonalPageResponseDto } from '@/api/generated';
import { PageLayout } from '@/components/layouts/page-layout';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { EARLY_ACCESS_SLOTS } from '@/config/early-access';
import { paths } from '@/config/paths';
import { errorCodeOf, messageOf } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { formatCount } from '@/utils/format-count';
import { formatDateTime } from '@/utils/format-date-time';
import {
  saveMyData,
  useEndPersonalSession,
  useErasePersonalEntry,
  useOpenPersonalPage,
  usePersonalPage,
} from '../api/use-personal-page';
import { useExchangeLinkToken } from '../hooks/use-exchange-link-token';
import { userTypeOptions } from '../waitlist-schema';
import { EmailChangeConfirmation } from './email-change-page';
import { cardClass, linkClass, primaryButton, secondaryButton } from './form-card';
import { CorrectEntryForm, EmailChangeForm } from './personal-page-forms';
import { PersonalLinkForm } from './personal-link-form';

const dangerButton =
  'inline-flex items-center justify-center rounded-lg bg-red-700 px-5 py-3 font-semibold text-white transition-colors hover:bg-red-800 disabled:opacity-60';

const STATUS_LABELS: Record<PersonalPageResponseDto['status'], string> = {
  awaiting_confirmation: 'Awaiting confirmation of your e-mail address',
  confirmed: 'Confirmed',
  invited: 'Invited to Paylock',
  joined: 'Joined Paylock',
};

const LINK_FAILURES: Record<string, { title: string; text: string }> = {
  PERSONAL_LINK_NOT_FOUND: {
    title: 'This link is not valid',
    text: 'It may have been mistyped, or the place it opened was erased. Ask for a new link below.',
  },
  PERSONAL_LINK_EXPIRED: {
    title: 'This link has expired',
    text: 'Links to your page work for 7 days. Ask for a new one below.',
  },
  PERSONAL_LINK_USED: {
    title: 'This link has already been used',
    text: 'Each link opens your page once. Ask for a new one below.',
  },
  VALIDATION_FAILED: {
    title: 'This link is incomplete',
    text: 'Open the whole link from the e-mail (or copy all of it), or ask for a new one below.',
  },
};

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-4">
      <dt className="text-sm text-slate-600 sm:w-44 sm:shrink-0 dark:text-slate-400">{term}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}

function Details({ page }: { page: PersonalPageResponseDto }) {
  const userType =
    userTypeOptions.find((option) => option.value === page.userType)?.label ?? page.userType;
  return (
    <section aria-labelledby="details-heading" className={cardClass}>
      <h2 id="details-heading" className="text-lg font-semibold">
        Your place on the list
      </h2>
      <dl className="flex flex-col gap-3">
        <Row term="Name">{page.fullName}</Row>
        <Row term="E-mail">
          {page.email}
          {page.pendingEmail && (
            <span className="block text-sm font-normal text-slate-600 dark:text-slate-400">
              Changing to {page.pendingEmail} once you open the link we e-mailed to it.
            </span>
          )}
        </Row>
        <Row term="Phone">{page.phoneNumber}</Row>
        <Row term="Instagram">@{page.instagramHandle}</Row>
        <Row term="I am a">{userType}</Row>
        <Row term="Status">{STATUS_LABELS[page.status]}</Row>
        <Row term="Seat">
          {page.seat === null
            ? 'None yet: your seat is claimed when you confirm your e-mail address'
            : `#${formatCount(page.seat)}${
                page.earlyAccess
                  ? ` (early access: slot ${formatCount(page.seat)} of ${formatCount(EARLY_ACCESS_SLOTS)})`
                  : ' (on the waitlist after the early-access slots)'
              }`}
        </Row>
        <Row term="Early-access slots left">{formatCount(page.slotsLeft)}</Row>
        <Row term="Your consent">
          Privacy notice version {page.consent.privacyNoticeVersion}, given{' '}
          {formatDateTime(page.consent.consentedAt)}
        </Row>
      </dl>
    </section>
  );
}

function EraseSection({ onErased }: { onErased: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const erase = useErasePersonalEntry();
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  return (
    <section aria-labelledby="erase-heading" className={cardClass}>
      <h2 id="erase-heading" className="text-lg font-semibold">
        Erase my data and withdraw my consent
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Your name, e-mail address, phone number and Instagram handle are erased at once, with every
        link and e-mail we hold for you. Only your seat number and its time stay, with nothing about
        you, so nobody else&apos;s place moves. You can join again later as a new entry.
      </p>
      {confirming ? (
        <div role="group" aria-labelledby="erase-confirm-text" className="flex flex-col gap-3">
          <p id="erase-confirm-text" className="font-semibold">
            Erase everything now? This cannot be undone.
          </p>
          <div className="flex flex-wrap gap-3">
            <button
              ref={confirmRef}
              type="button"
              className={dangerButton}
              disabled={erase.isPending}
              onClick={() => {
                erase.mutate(
                  {},
                  {
                    onSuccess: onErased,
                    onError: (error) => {
                      notify.error(
                        messageOf(error, 'We could not erase your data. Please try again.'),
                      );
                    },
                  },
                );
              }}
            >
              Yes, erase my data
            </button>
            <button
              type="button"
              className={secondaryButton}
              onClick={() => {
                setConfirming(false);
              }}
            >
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          className={`${dangerButton} self-start`}
          onClick={() => {
            setConfirming(true);
          }}
        >
          Erase my data
        </button>
      )}
    </section>
  );
}

function OpenPage({
  page,
  onClosed,
}: {
  page: PersonalPageResponseDto;
  onClosed: (why: 'done' | 'erased') => void;
}) {
  const end = useEndPersonalSession();
  const [downloading, setDownloading] = useState(false);
  return (
    <div className="flex flex-col gap-6">
      <Details page={page} />
      <CorrectEntryForm page={page} />
      <EmailChangeForm />
      <section aria-labelledby="download-heading" className={cardClass}>
        <h2 id="download-heading" className="text-lg font-semibold">
          Download my data
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Everything we hold about your place on the list, as a JSON file.
        </p>
        <button
          type="button"
          className={`${secondaryButton} self-start`}
          disabled={downloading}
          onClick={() => {
            setDownloading(true);
            saveMyData()
              .catch((error: unknown) => {
                notify.error(error instanceof Error ? error.message : 'Download failed');
              })
              .finally(() => {
                setDownloading(false);
              });
          }}
        >
          Download my data
        </button>
      </section>
      <EraseSection
        onErased={() => {
          onClosed('erased');
        }}
      />
      <p className="text-sm">
        Questions, or a complaint about how we handle your data? Write to{' '}
        <a href={`mailto:${page.grievanceEmail}`} className={linkClass}>
          {page.grievanceEmail}
        </a>{' '}
        (
        <Link to={paths.privacy} className={linkClass}>
          how we handle your data
        </Link>
        ).
      </p>
      <div className="flex flex-col gap-2">
        <button
          type="button"
          className={`${primaryButton} self-start`}
          disabled={end.isPending}
          onClick={() => {
            end.mutate(
              {},
              {
                onSettled: () => {
                  onClosed('done');
                },
              },
            );
          }}
        >
          Done
        </button>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Closes your page on this device. It also closes by itself after 30 minutes.
        </p>
      </div>
    </div>
  );
}

function RequestLink({ failure }: { failure?: { title: string; text: string } | undefined }) {
  return (
    <div className="flex flex-col gap-6">
      {failure ? (
        <div role="alert" className="flex flex-col gap-2">
          <h2 className="text-xl font-semibold">{failure.title}</h2>
          <p>{failure.text}</p>
        </div>
      ) : (
        <p>
          See where you stand on the waitlist, correct your details, download them, or erase them.
          Your page opens with a link we e-mail you.
        </p>
      )}
      <PersonalLinkForm />
      <p className="text-sm">
        <Link to={paths.privacy} className={linkClass}>
          How we handle your data
        </Link>
      </p>
    </div>
  );
}

/**
 * /waitlist/me: a person's own page (#13). With ?token=… (the e-mailed link) the token is
 * exchanged once for the page's session cookie and removed from the address; without, the page
 * shows the open session's entry, or the form that e-mails a link.
 */
export function PersonalPage() {
  const [searchParams] = useSearchParams();
  // The links' tokens, read once on arrival: the address loses them right after.
  const [linkToken] = useState(() => searchParams.get('token'));
  const [changeToken] = useState(() => searchParams.get('change'));
  if (changeToken !== null) return <EmailChangeConfirmation linkToken={changeToken} />;
  return <MyPlace linkToken={linkToken} />;
}

function MyPlace({ linkToken }: { linkToken: string | null }) {
  const open = useOpenPersonalPage();
  const { malformed } = useExchangeLinkToken(linkToken, open.mutate);
  const [closed, setClosed] = useState<'done' | 'erased' | null>(null);
  const waitingForExchange = linkToken !== null && !malformed && !open.isSuccess && !open.isError;
  const page = usePersonalPage(
    !waitingForExchange && !open.isError && !malformed && closed === null,
  );

  let title = 'My place on the list';
  let content: React.ReactNode;
  if (closed === 'erased') {
    title = 'Your data is erased';
    content = (
      <div role="status" className="flex flex-col gap-4">
        <p>
          Your details are erased and your consent is withdrawn. We&apos;ve e-mailed you a
          confirmation; that was the last e-mail you&apos;ll get from us.
        </p>
        <Link to={paths.home} className={`${primaryButton} self-start`}>
          Go Back Home
        </Link>
      </div>
    );
  } else if (closed === 'done') {
    content = (
      <div className="flex flex-col gap-6">
        <p role="status">
          Your page is closed. Ask for a new link whenever you want to open it again.
        </p>
        <PersonalLinkForm />
      </div>
    );
  } else if (malformed) {
    content = <RequestLink failure={LINK_FAILURES.VALIDATION_FAILED} />;
  } else if (open.isError) {
    const code = errorCodeOf(open.error);
    content = (
      <RequestLink
        failure={
          (code && LINK_FAILURES[code]) || {
            title: 'We could not open your page',
            text: messageOf(open.error, 'Please try again in a moment.'),
          }
        }
      />
    );
  } else if (waitingForExchange || page.isPending) {
    content = <LoadingIndicator label="Opening your page…" />;
  } else if (page.isSuccess) {
    content = <OpenPage page={page.data} onClosed={setClosed} />;
  } else if (errorCodeOf(page.error) === 'PERSONAL_SESSION_REQUIRED') {
    content = <RequestLink />;
  } else {
    content = (
      <RequestLink
        failure={{
          title: 'We could not open your page',
          text: messageOf(page.error, 'Please try again in a moment.'),
        }}
      />
    );
  }
  return <PageLayout title={title}>{content}</PageLayout>;
}
