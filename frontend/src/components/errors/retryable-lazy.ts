import { createElement, lazy, type ComponentType } from 'react';

type Load<Props> = () => Promise<{ default: ComponentType<Props> }>;

/** How to start over each component whose load failed since the last retryFailedLoads(). */
const startOvers = new Set<() => void>();

/**
 * React.lazy, except that a failed load (a chunk lost to a dropped connection) is attempted again
 * once retryFailedLoads() has run: React.lazy alone keeps the failure for good, so 'Try again'
 * could never show the component. The fresh attempt waits for that explicit call, not for the next
 * render, because React renders a failed component again on its own before it shows the error.
 */
export function retryableLazy<Props extends object>(load: Load<Props>): ComponentType<Props> {
  const attempt = () =>
    lazy(async () => {
      try {
        return await load();
      } catch (error) {
        startOvers.add(() => {
          current = attempt();
        });
        throw error;
      }
    });
  let current = attempt();
  return function RetryableLazy(props: Props) {
    return createElement(current, props);
  };
}

/** Lets every component whose load has failed load again the next time it renders. */
export function retryFailedLoads(): void {
  for (const startOver of startOvers) startOver();
  startOvers.clear();
}
