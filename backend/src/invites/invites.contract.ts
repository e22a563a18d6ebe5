/**
 * Invites' contract face: what the admin's waves and the sign-up ask of invites — the wave and
 * redemption services, their types and limits, the invite errors. Nothing from Nest's wiring,
 * Mongoose or an adapter (index.ts has the module and the HTTP status table).
 */
export {
  MAX_WAVE_SIZE,
  SendInvites,
  SKIP_REASONS,
  type InviteSelection,
  type SkipReason,
  type WaveResult,
} from './application/send-invites.use-case.js';
export { RevokeInvite } from './application/revoke-invite.use-case.js';
export { GetInviteFunnel } from './application/get-invite-funnel.use-case.js';
export { InviteRedemptions } from './application/invite-redemptions.js';
export { MAX_INVITE_INPUT_LENGTH, type WaveFunnel } from './domain/invite.js';
export * from './domain/invite.errors.js';
