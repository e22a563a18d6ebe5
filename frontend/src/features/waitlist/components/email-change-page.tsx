import { Link } from 'react-router';
import { PageLayout } from '@/components/layouts/page-layout';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { paths } from '@/config/paths';
import { messageOf } from '@/lib/api-error';
import { useConfirmEmailChange } from '../api/use-personal-page';
import { useExchangeLinkToken } from '../hooks/use-exchange-link-token';
import { linkClass } from './form-card';

/** /waitlist/me?change=…: the link e-mailed to a new address switches the entry to it. */
export function EmailChangeConfirmation({ linkToken }: { linkToken: string }) {
  const confirm = useConfirmEmailChange();
  const { malformed } = useExchangeLinkToken(linkToken, confirm.mutate);
  let content = <LoadingIndicator label="Changing your e-mail address…" />;
  if (malformed) {
    content = (
      <p role="alert">
        This link is incomplete. Open the whole link from the e-mail, or ask for the change again on{' '}
        <Link to={paths.waitlistMe} className={linkClass}>
          your page
        </Link>
        .
      </p>
    );
  } else if (confirm.isSuccess) {
    content = <p role="status">{confirm.data.message}</p>;
  } else if (confirm.isError) {
    content = (
      <p role="alert">
        {messageOf(confirm.error, 'We could not change your address right now. Please try again.')}{' '}
        <Link to={paths.waitlistMe} className={linkClass}>
          Open your page
        </Link>
      </p>
    );
  }
  return <PageLayout title="Your new e-mail address">{content}</PageLayout>;
}
