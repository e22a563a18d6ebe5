/** A fetch that gives up after `ms`, still honouring the caller's own abort signal. */
export const fetchWithTimeout =
  (ms: number): typeof fetch =>
  (input, init) => {
    const signals = [AbortSignal.timeout(ms)];
    if (input instanceof Request) signals.push(input.signal);
    if (init?.signal) signals.push(init.signal);
    return fetch(input, { ...init, signal: AbortSignal.any(signals) });
  };
