import { Navigate, Outlet, useNavigate } from 'react-router';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { brand } from '@/config/brand';
import { brandPaths } from './brand-paths';
import { notify } from '@/lib/notify';
import { formatPhone, useBrandProfile } from '../api/brand-profile';
import { ProfileForm } from './profile-form';
import { AlertText } from '@/components/ui/alert-text';

const PROFILE_LOAD_FAILED = 'We could not load your company profile. Please reload the page.';

function ProfileLoadFailure() {
  return <AlertText>{PROFILE_LOAD_FAILED}</AlertText>;
}

/**
 * Until the brand has given its company and contact names (once, after its first sign-in), every
 * workspace address leads to that step.
 */
export function RequireBrandProfile() {
  const profile = useBrandProfile();
  if (profile.isPending) return <LoadingIndicator label="Loading your workspace…" />;
  if (profile.isError) return <ProfileLoadFailure />;
  if (profile.data.profileRequired) return <Navigate to={brandPaths.welcome} replace />;
  return <Outlet />;
}

/** The one-time step after the first verification: company name and contact name. */
export function BrandWelcomePage() {
  const profile = useBrandProfile();
  const navigate = useNavigate();
  if (profile.isPending) return <LoadingIndicator label="Loading your workspace…" />;
  if (profile.isError) return <ProfileLoadFailure />;
  if (!profile.data.profileRequired) return <Navigate to={brandPaths.deals} replace />;
  return (
    <main className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-12 sm:px-6 md:py-16">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Welcome to {brand.name}</h1>
        <p className="text-slate-700 dark:text-slate-300">
          Your number {formatPhone(profile.data.phone)} is verified. Tell creators who you are: we
          ask this once, and you can change it later in your company profile.
        </p>
      </div>
      <ProfileForm
        initial={{ companyName: '', contactName: '' }}
        submitLabel="Continue"
        onSaved={() => {
          void navigate(brandPaths.deals, { replace: true });
        }}
      />
    </main>
  );
}

/** The company profile: what creators see of the brand, and its edit form. */
export function BrandProfilePage() {
  const profile = useBrandProfile();
  if (profile.isPending) return <LoadingIndicator label="Loading your company profile…" />;
  if (profile.isError) return <ProfileLoadFailure />;
  const { companyName, contactName, phone } = profile.data;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8">
      <h1 className="text-3xl font-bold tracking-tight">Company profile</h1>
      <dl className="grid gap-4 rounded-2xl border border-slate-200 p-6 sm:grid-cols-3 dark:border-slate-800">
        <ProfileRow term="Company name">{companyName}</ProfileRow>
        <ProfileRow term="Contact name">{contactName}</ProfileRow>
        <ProfileRow term="Mobile number">{formatPhone(phone)}</ProfileRow>
      </dl>
      <section aria-labelledby="edit-profile-heading" className="flex flex-col gap-4">
        <h2 id="edit-profile-heading" className="text-xl font-semibold">
          Edit your company profile
        </h2>
        <ProfileForm
          initial={{ companyName: companyName ?? '', contactName: contactName ?? '' }}
          submitLabel="Save changes"
          onSaved={() => {
            notify.success('Your company profile is saved.');
          }}
        />
      </section>
    </div>
  );
}

function ProfileRow({ term, children }: { term: string; children: string | null }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{term}</dt>
      <dd className="font-semibold break-words">{children}</dd>
    </div>
  );
}
