/** Link tokens' contract face: the `LinkTokens` port and what a token is for and looks like. */
export { LinkTokens, type LinkTokenRequest } from './application/ports/link-tokens.js';
export { LINK_TOKEN_PATTERN, type LinkPurpose, type LinkTokenCheck } from './domain/link-token.js';
