/**
 * A copy of the named fields of a record, and of nothing else: a stored document becomes a domain
 * object (or a domain object a response) without the stray fields a spread would carry along. The
 * compiler checks every name, and the result's type lists exactly them.
 */
export function pick<T extends object, K extends keyof T>(
  source: T,
  keys: readonly K[],
): Pick<T, K> {
  const picked: Partial<Pick<T, K>> = {};
  for (const key of keys) picked[key] = source[key];
  return picked as Pick<T, K>;
}
