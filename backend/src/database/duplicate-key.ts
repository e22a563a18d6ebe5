/** MongoDB's (and FerretDB's) code for a write refused by a unique index. */
export const DUPLICATE_KEY = 11000;

/**
 * Whether a write was refused by a unique index. Matched on the code alone: FerretDB 1.x gives
 * neither keyPattern nor keyValue, so which index refused is not known from the error.
 */
export function isDuplicateKeyError(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === DUPLICATE_KEY;
}
