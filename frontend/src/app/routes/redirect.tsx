import { Navigate, useLocation } from 'react-router';

/** A replacing redirect that keeps the location state (a guard's notice survives the rewrite). */
export function Redirect({ to }: { to: string }) {
  return <Navigate to={to} replace state={useLocation().state as unknown} />;
}
