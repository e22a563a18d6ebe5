/**
 * The local OAuth 2 / OpenID Connect provider for `npm start` without Google credentials, the
 * browser tests and the API fuzzing: the workspace package packages/identity-provider.
 */
export {
  DEMO_ADMIN_IDENTITY,
  DEMO_IDENTITY,
  startIdentityProvider,
  type Identity,
  type IdentityProvider,
  type IdentityProviderOptions,
  type IdTokenOptions,
} from '@paylock/identity-provider';
