import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { LINK_TOKEN_PATTERN } from '@/config/link-token';
import { paths } from '@/config/paths';

/**
 * Sends an e-mailed link's token to `exchange` once on arrival, even when effects run twice (a
 * link works once), and takes it out of the address bar (and the history) at once, whatever the
 * answer. A token not shaped like one is not sent: the answer is whether it is `malformed`.
 * Without a token (null) nothing happens.
 */
export function useExchangeLinkToken(
  linkToken: string | null,
  exchange: (variables: { body: { token: string } }) => void,
): { malformed: boolean } {
  const navigate = useNavigate();
  const exchanged = useRef(false);

  useEffect(() => {
    if (linkToken === null || exchanged.current) return;
    exchanged.current = true;
    void navigate(paths.waitlistMe, { replace: true });
    if (LINK_TOKEN_PATTERN.test(linkToken)) exchange({ body: { token: linkToken } });
  }, [linkToken, exchange, navigate]);

  return { malformed: linkToken !== null && !LINK_TOKEN_PATTERN.test(linkToken) };
}
