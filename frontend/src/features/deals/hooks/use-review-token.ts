import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';

export type ReviewToken = { status: 'none' } | { status: 'ready'; token: string };

/**
 * The brand's review link token, taken from the address once on arrival (even when effects run
 * twice) and kept in memory only: the address bar and the history lose it at once, so it is not
 * left in the history, a screenshot or a shared address. Every review call sends it in its body.
 */
export function useReviewToken(): ReviewToken {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const fromAddress = searchParams.get('token');
  // Its shape is the server's to check: a mangled token is answered as an invalid link.
  const [token] = useState<ReviewToken>(() =>
    fromAddress === null ? { status: 'none' } : { status: 'ready', token: fromAddress },
  );
  const cleared = useRef(false);

  useEffect(() => {
    if (fromAddress === null || cleared.current) return;
    cleared.current = true;
    void navigate(paths.dealReview, { replace: true });
  }, [fromAddress, navigate]);

  return token;
}
