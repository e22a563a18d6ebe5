import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageLayout } from '@/components/layouts/page-layout';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { LINK_TOKEN_PATTERN } from '@/config/link-token';
import { paths } from '@/config/paths';
import { messageOf } from '@/lib/api-error';
import { useConfirmContactEmail } from '../api/contact-email';

const linkClass =
  'font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300';

const settingsLink = (
  <Link to={`${paths.creatorSettings}#profile`} className={linkClass}>
    Open your settings
  </Link>
);

/**
 * /account/contact-email?token=…: the link mailed to a new contact address. The token is sent once
 * (a link works once) and taken out of the address bar at once, whatever the answer.
 */
export function ContactEmailConfirmPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const confirm = useConfirmContactEmail();
  const { mutate } = confirm;
  // Read once: the address bar loses the token at once.
  const [token] = useState(() => search.get('token'));
  const sent = useRef(false);
  const malformed = token === null || !LINK_TOKEN_PATTERN.test(token);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void navigate(paths.accountContactEmail, { replace: true });
    if (!malformed) mutate({ body: { token } });
  }, [mutate, malformed, navigate, token]);

  let content = <LoadingIndicator label="Confirming your contact e-mail…" />;
  if (malformed) {
    content = (
      <p role="alert">
        This link is incomplete. Open the whole link from the e-mail, or ask for a new one in your
        settings.
      </p>
    );
  } else if (confirm.isSuccess) {
    content = (
      <p role="status">
        Paylock sends your notices to <strong>{confirm.data.contactEmail}</strong> from now on.{' '}
        {settingsLink}
      </p>
    );
  } else if (confirm.isError) {
    content = (
      <p role="alert">
        {messageOf(confirm.error, 'We could not confirm your address right now. Please try again.')}{' '}
        {settingsLink}
      </p>
    );
  }
  return <PageLayout title="Your contact e-mail">{content}</PageLayout>;
}
