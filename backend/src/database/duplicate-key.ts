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

/**
 * The claim-once write (an insert against a unique index, the one write that is atomic on
 * MongoDB and FerretDB alike): true when this insert stored its document, false when a unique
 * index refused it because another caller stored it first. Any other failure is thrown.
 */
export async function insertedFirst(insert: () => Promise<unknown>): Promise<boolean> {
  try {
    await insert();
    return true;
  } catch (error) {
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
}

/**
 * An upsert that two callers may race (two instances, or two requests of one): the loser's
 * insert is refused by `_id` (MongoDB and FerretDB alike), and its update, run again, finds the
 * document the winner stored.
 */
export async function upsertRacing(update: () => Promise<unknown>): Promise<void> {
  try {
    await update();
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    await update();
  }
}
