import { useEffect, useState } from 'react';

const secondsLeft = (deadline: number) => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));

/**
 * Whole seconds until `deadline` (a Date.now() time), updated every second and 0 from then on.
 * Read from the clock on each tick, so a throttled background tab is right again when it wakes.
 */
export function useCountdown(deadline: number): number {
  const [left, setLeft] = useState(() => secondsLeft(deadline));
  const [counting, setCounting] = useState(deadline);
  if (counting !== deadline) {
    setCounting(deadline);
    setLeft(secondsLeft(deadline));
  }
  useEffect(() => {
    if (secondsLeft(deadline) === 0) return undefined;
    const timer = setInterval(() => {
      const next = secondsLeft(deadline);
      setLeft(next);
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => {
      clearInterval(timer);
    };
  }, [deadline]);
  return left;
}

/** 75 → "1:15". */
export const clockText = (seconds: number): string =>
  `${String(Math.floor(seconds / 60))}:${String(seconds % 60).padStart(2, '0')}`;
