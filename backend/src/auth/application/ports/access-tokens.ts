/** What a valid access token says: whose it is and which session it belongs to. */
export interface AccessTokenClaims {
  readonly userId: string;
  readonly sessionId: string;
}

/** Issues and verifies the short-lived access tokens (signed JWTs). */
export abstract class AccessTokens {
  abstract issue(claims: AccessTokenClaims): Promise<string>;

  /** The claims of a genuine, unexpired token; null for anything else. */
  abstract verify(token: string): Promise<AccessTokenClaims | null>;
}
