import { isDuplicateKeyError } from '../../database/duplicate-key.js';

/**
 * An upsert that two instances may race: the loser's insert is refused by `_id` (MongoDB and
 * FerretDB alike), and its update, run again, finds the document the winner stored.
 */
export async function upsertRacing(update: () => Promise<unknown>): Promise<void> {
  try {
    await update();
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    await update();
  }
}
