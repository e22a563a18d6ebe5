/** Sort keys and page cursors of the keyed pages' lists (keyed-pages.ts). */
import { createHash } from 'node:crypto';
import { InvalidCursorError } from './read-models/opaque-cursor.js';

export { InvalidCursorError };

/** A sort key for newest first: the time's distance to the year 275760, fixed width. */
export function newestFirstKey(at: Date, id: string): string {
  return `${String(8_640_000_000_000_000 - at.getTime()).padStart(16, '0')}:${id}`;
}

const CURSOR_KEY = /^[\w:.@+#-]{1,300}$/;

/**
 * Opaque page cursors: the sort key a page ended at, with a digest binding it to its owner and
 * list. The list read is always the one of the signed-in owner, so a cursor can only position a
 * read in that list; one made for another owner or list, or altered, fails its digest: 400.
 */
export const pageCursors = {
  encode(owner: string, list: string, sortKey: string): string {
    const payload = Buffer.from(sortKey).toString('base64url');
    return `${payload}.${digest(owner, list, payload)}`;
  },
  decode(owner: string, list: string, cursor: string): string {
    const [payload, mac, ...rest] = cursor.split('.');
    if (payload === undefined || mac === undefined || rest.length > 0) {
      throw new InvalidCursorError();
    }
    if (mac !== digest(owner, list, payload)) throw new InvalidCursorError();
    const sortKey = Buffer.from(payload, 'base64url').toString();
    if (!CURSOR_KEY.test(sortKey)) throw new InvalidCursorError();
    return sortKey;
  },
};

function digest(owner: string, list: string, payload: string): string {
  return createHash('sha256')
    .update(`paylock-page-cursor\n${owner}\n${list}\n${payload}`)
    .digest('base64url')
    .slice(0, 22);
}
