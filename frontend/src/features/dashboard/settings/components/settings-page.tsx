import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { SupportEmailLink } from '@/components/ui/support-email-link';
import { creatorPagePath, paths } from '@/config/paths';
import type { AuthUser } from '@/lib/auth/auth-context';
import { useAuth } from '@/lib/auth/use-auth';
import { helpPathFor, type SettingsSection } from '../settings-paths';
import { BrandSupportRequestForm } from './brand-support-request-form';
import { ContactEmailForm } from './contact-email-form';
import { DisplayNameForm } from './display-name-form';
import { DownloadMyData } from './download-my-data';
import { EraseAccount } from './erase-account';
import { NomineeForm } from './nominee-form';
import { SessionsSection } from './sessions-section';
import { MySupportRequests } from './my-support-requests';
import { PhotoForm } from './photo-form';
import { SupportRequestForm } from './support-request-form';

const linkClass =
  'font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300';

const SECTION_TITLES: Record<SettingsSection, string> = {
  profile: 'Profile',
  security: 'Security',
  data: 'Data & privacy',
  help: 'Help & support',
};

function Section({ id, children }: { id: SettingsSection; children: ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      tabIndex={-1}
      className="flex scroll-mt-20 flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 focus:outline-none dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {SECTION_TITLES[id]}
      </h2>
      {children}
    </section>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex flex-col">
      <dt className="text-sm text-slate-700 dark:text-slate-300">{term}</dt>
      <dd className="font-medium break-words">{value || '—'}</dd>
    </div>
  );
}

const isBrand = (user: AuthUser) => user.roles.includes('brand');

function ProfileSection({ user }: { user: AuthUser }) {
  return (
    <Section id="profile">
      <PhotoForm />
      {!isBrand(user) && <DisplayNameForm key={user.displayName} current={user.displayName} />}
      <dl className="grid gap-3 sm:grid-cols-2">
        {isBrand(user) ? (
          <>
            <Detail term="Name" value={user.displayName} />
            <Detail term="Mobile number (you sign in with it)" value={user.phone ?? ''} />
          </>
        ) : (
          <Detail term="E-mail you sign in with (your Google account)" value={user.email} />
        )}
      </dl>
      <ContactEmailForm />
      {isBrand(user) ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Your company name, contact name and billing details are on your{' '}
          <Link to={`${paths.brand}/profile`} className={linkClass}>
            company profile
          </Link>
          .
        </p>
      ) : (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Your photo comes from the Google account you sign in with; the name you save here stays
          when you sign in again. Notices can go to another address once you confirm it.
        </p>
      )}
    </Section>
  );
}

function DataSection({ user }: { user: AuthUser }) {
  return (
    <Section id="data">
      <p className="text-slate-700 dark:text-slate-300">
        How Paylock uses your data, who it goes to and how long it is kept is in our{' '}
        <Link to={paths.privacy} className={linkClass}>
          privacy notice
        </Link>
        .
      </p>
      {!isBrand(user) && (
        <p className="text-slate-700 dark:text-slate-300">
          Download or erase your payout details (PAN, bank account, UPI ID) in{' '}
          <Link to={creatorPagePath('wallet', 'settings')} className={linkClass}>
            Wallet settings
          </Link>
          .
        </p>
      )}
      <p className="text-slate-700 dark:text-slate-300">
        To correct your data, edit your profile above
        {isBrand(user) ? ' and your company profile' : ''}.
      </p>
      <DownloadMyData />
      <NomineeForm />
      <EraseAccount />
    </Section>
  );
}

function HelpSection({ user }: { user: AuthUser }) {
  return (
    <Section id="help">
      <p className="text-slate-700 dark:text-slate-300">
        Questions about a deal, a payment or your account: write to <SupportEmailLink /> and name
        the deal if it is about one. Grievances about your personal data go to the grievance contact
        named in the{' '}
        <Link to={paths.privacy} className={linkClass}>
          privacy notice
        </Link>
        .
      </p>
      <p className="text-slate-700 dark:text-slate-300">
        What each state of a deal or milestone means and what to do in it, and how to file a
        grievance:{' '}
        <Link to={helpPathFor(user)} className={linkClass}>
          the help page
        </Link>
        .
      </p>
      {isBrand(user) ? <BrandSupportRequestForm /> : <SupportRequestForm />}
      <MySupportRequests />
    </Section>
  );
}

/** Brings the section the address names (`#security`) into view and focus. */
function useSectionFromHash() {
  const { hash } = useLocation();
  useEffect(() => {
    const section = hash ? document.getElementById(hash.slice(1)) : null;
    if (!section) return;
    // Focusing it also scrolls it into view (its scroll margin clears the top bar).
    section.focus();
  }, [hash]);
}

/**
 * Settings (`/creator/settings`, and `/brand/settings` in the brand workspace): the account's
 * profile, where it is signed in, its data and where to get help. The account card's entries
 * open its sections.
 */
export function SettingsPage() {
  const { user } = useAuth();
  useSectionFromHash();
  if (!user) return null;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <PageHeader
        title="Settings"
        description="Your profile, where you are signed in, your data, and where to get help."
      />
      <ProfileSection user={user} />
      <Section id="security">
        <SessionsSection />
      </Section>
      <DataSection user={user} />
      <HelpSection user={user} />
    </div>
  );
}
