/**
 * The local OAuth 2 / OpenID Connect provider for `npm start` without Google credentials and for
 * the browser tests. One implementation, kept with the backend's test support (whose type check
 * admits no file outside backend/).
 */
export {
  DEMO_IDENTITY,
  startIdentityProvider,
  type Identity,
  type IdentityProvider,
  type IdentityProviderOptions,
  type IdTokenOptions,
} from '../../backend/test/support/identity-provider.ts';
