/** Runs `action` and says how long it took: the outage tests bound how fast an answer comes. */
export async function timed<T>(
  action: () => Promise<T>,
): Promise<{ result: T; elapsedMs: number }> {
  const startedAt = Date.now();
  const result = await action();
  return { result, elapsedMs: Date.now() - startedAt };
}
