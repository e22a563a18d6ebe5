/**
 * Waits for a condition that a later event makes true (a record written, a message listed),
 * checking it every `intervalMs`; fails with `what` after `timeoutMs`. The way to wait for
 * "nothing more will happen" is to wait for the record that proves it, never a fixed pause.
 */
export async function eventually(
  condition: () => Promise<boolean> | boolean,
  { timeoutMs = 15_000, intervalMs = 50, what = 'the condition' } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
