import { SupportEmailLink } from '../../../components/ui/support-email-link';
import { brand } from '../../../config/brand';
import { PRIVACY_NOTICE_VERSION } from '../waitlist-config';

export function PrivacyNotice() {
  return (
    <p className="text-xs leading-relaxed text-slate-600 dark:text-slate-400">
      <strong className="font-semibold">Your data:</strong> {brand.name} stores the role, name,
      email, phone number and Instagram username you enter here, with the time you joined, only to
      contact you about early access. We don&apos;t sell or share them. You can ask us at any time
      to correct or delete them by writing to <SupportEmailLink /> or replying to any email from us.
      By joining you agree to this notice (version {PRIVACY_NOTICE_VERSION}).
    </p>
  );
}
