import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False in the prerendered HTML and during hydration, true from the render after it (and at once
 * on a page rendered in the browser). A prerendered form's submit button is a plain button until
 * then: the hydration scripts arrive after the first paint, and a native submission before them
 * would send the form to the page's own address instead of to the app.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
