import { Link } from 'react-router';
import { SupportEmailLink } from '@/components/ui/support-email-link';
import { brand } from '@/config/brand';
import { paths } from '@/config/paths';
import { PRIVACY_NOTICE_VERSION } from '../waitlist-config';
import { linkClass } from './form-card';

export function PrivacyNotice() {
  return (
    <p className="text-xs leading-relaxed text-slate-600 dark:text-slate-400">
      <strong className="font-semibold">Your data:</strong> {brand.name} stores the role, name,
      email, phone number and Instagram username you enter here, with the time you joined, only to
      contact you about early access. We don&apos;t sell or share them. Every email from us links to{' '}
      <Link to={paths.waitlistMe} className={linkClass}>
        your own page
      </Link>
      , where you can see, correct, download or erase them at any time (or write to{' '}
      <SupportEmailLink />
      ).{' '}
      <Link to={paths.privacy} className={linkClass}>
        How we handle your data
      </Link>
      . By joining you agree to this notice (version {PRIVACY_NOTICE_VERSION}).
    </p>
  );
}
