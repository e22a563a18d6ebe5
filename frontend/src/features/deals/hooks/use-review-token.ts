import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { CHECKOUT_TOKEN_KEY } from '../api/money-queries';
import type { CheckoutReturn } from '../components/brand-money-section';

export type ReviewToken =
  | { status: 'none' }
  | {
      status: 'ready';
      token: string;
      checkoutReturn: CheckoutReturn | null;
      /** The milestone a notice's link opens the page at (`&milestone=<id>` beside the token). */
      openAt: string | null;
    };

function readCheckoutReturn(searchParams: URLSearchParams): CheckoutReturn | null {
  const payment = searchParams.get('payment');
  const milestoneId = searchParams.get('milestone');
  if ((payment !== 'success' && payment !== 'failed') || !milestoneId) return null;
  return { payment, milestoneId };
}

/** The token kept in this tab while the brand was at the hosted checkout (never in a URL). */
const keptToken = (): string | null => {
  try {
    return window.sessionStorage.getItem(CHECKOUT_TOKEN_KEY);
  } catch {
    return null;
  }
};

/**
 * The brand's review link token, taken from the address once on arrival (even when effects run
 * twice) and kept in memory only: the address bar and the history lose it at once, so it is not
 * left in the history, a screenshot or a shared address. Every review call sends it in its body.
 * Coming back from the hosted checkout (`?payment=…&milestone=…`, no token), the token is the one
 * the page left in this tab's session storage before it went there; it is removed once read.
 * A notice's link names the milestone to open at beside the token: kept with it, it only points.
 */
export function useReviewToken(): ReviewToken {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const fromAddress = searchParams.get('token');
  // Its shape is the server's to check: a mangled token is answered as an invalid link.
  const [token] = useState<ReviewToken>(() => {
    if (fromAddress !== null) {
      const openAt = searchParams.get('milestone');
      return { status: 'ready', token: fromAddress, checkoutReturn: null, openAt };
    }
    const checkoutReturn = readCheckoutReturn(searchParams);
    const kept = checkoutReturn ? keptToken() : null;
    return kept === null
      ? { status: 'none' }
      : { status: 'ready', token: kept, checkoutReturn, openAt: null };
  });
  const cleared = useRef(false);
  const inAddress = fromAddress !== null || searchParams.has('payment');

  useEffect(() => {
    if (!inAddress || cleared.current) return;
    cleared.current = true;
    if (token.status === 'ready' && token.checkoutReturn) {
      window.sessionStorage.removeItem(CHECKOUT_TOKEN_KEY);
    }
    void navigate(paths.dealReview, { replace: true });
  }, [inAddress, token, navigate]);

  return token;
}
