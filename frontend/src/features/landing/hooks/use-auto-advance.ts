import { useEffect, useRef, useState } from 'react';

interface AutoAdvance {
  index: number;
  goTo: (index: number) => void;
}

/**
 * The index of the current item out of `count`, moving on by itself every `interval` ms while not
 * `paused`. A pause keeps the time already spent on the item: resuming waits only for the rest.
 */
export function useAutoAdvance(count: number, interval: number, paused: boolean): AutoAdvance {
  const [index, setIndex] = useState(0);
  const elapsed = useRef(0);
  const timedIndex = useRef(index);

  useEffect(() => {
    if (timedIndex.current !== index) {
      timedIndex.current = index;
      elapsed.current = 0;
    }
    if (paused || count < 2) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => {
      setIndex((current) => (current + 1) % count);
    }, interval - elapsed.current);
    return () => {
      clearTimeout(timer);
      elapsed.current += Date.now() - startedAt;
    };
  }, [index, paused, count, interval]);

  const goTo = (next: number) => {
    setIndex(((next % count) + count) % count);
  };
  return { index, goTo };
}
