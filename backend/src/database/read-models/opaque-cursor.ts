/**
 * Opaque cursors (#38): a page position handed to a client as a token it cannot read or make.
 * The token is the position (JSON, base64url) and an HMAC-SHA256 over the owner's id and the
 * position, so a token altered, made up, or taken from another owner fails `decode` (the API
 * answers 400) and can never address another owner's data. The position is still re-checked by
 * its reader (a number in range): the signature proves origin, not sense.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export class InvalidCursorError extends Error {
  constructor() {
    super('The cursor is not one this server gave you');
  }
}

const MAX_TOKEN_LENGTH = 512;

export class OpaqueCursor<Position> {
  private readonly key: Buffer;

  /** `purpose` separates the keys of different lists, so one list's cursor fails another's. */
  constructor(secret: string, purpose: string) {
    this.key = createHmac('sha256', secret).update(`opaque-cursor:${purpose}`).digest();
  }

  encode(owner: string, position: Position): string {
    const body = Buffer.from(JSON.stringify(position)).toString('base64url');
    return `${body}.${this.mac(owner, body).toString('base64url')}`;
  }

  /** The position, or InvalidCursorError when the token was not made by `encode` for `owner`. */
  decode(owner: string, token: string): Position {
    const [body, signature, extra] = token.length <= MAX_TOKEN_LENGTH ? token.split('.') : [];
    if (!body || !signature || extra !== undefined) throw new InvalidCursorError();
    const given = Buffer.from(signature, 'base64url');
    const expected = this.mac(owner, body);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new InvalidCursorError();
    try {
      return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Position;
    } catch {
      throw new InvalidCursorError();
    }
  }

  private mac(owner: string, body: string): Buffer {
    return createHmac('sha256', this.key).update(`${owner}\n${body}`).digest();
  }
}
