/** What other modules may use of the link tokens. */
export { LinkTokensModule } from './link-tokens.module.js';
export { LinkTokens, type LinkTokenRequest } from './application/ports/link-tokens.js';
export { LINK_TOKEN_PATTERN, type LinkPurpose, type LinkTokenCheck } from './domain/link-token.js';
