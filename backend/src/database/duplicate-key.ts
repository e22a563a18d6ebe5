/** MongoDB's (and FerretDB's) code for a write refused by a unique index. */
export const DUPLICATE_KEY = 11000;

/**
 * Whether a write was refused by a unique index. Matched on the code alone: FerretDB 1.x gives
 * neither keyPattern nor keyValue, so which index refused is not known from the error.
 */
export function isDuplicateKeyError(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === DUPLICATE_KEY;
}

/**
 * Whether an unordered bulk write failed only because some documents were already stored: every
 * write error it carries is a duplicate key (the driver gives one as an object, several as an
 * array). Anything else, a lost connection included, is a real failure.
 */
export function isDuplicateKeysOnly(error: unknown): boolean {
  if (isDuplicateKeyError(error)) return true;
  const refused = (error as { writeErrors?: unknown } | null)?.writeErrors;
  const errors: unknown[] = Array.isArray(refused) ? refused : refused ? [refused] : [];
  return errors.length > 0 && errors.every(isDuplicateKeyError);
}
