/**
 * The brands module's contract face (issue #25): the port the deals module provides so that a
 * number a creator sent a deal to may sign up in invite mode, and the code purposes.
 */
export { BrandDealInvitations } from './application/ports/brand-sign-up-allowance.js';
export { CODE_PURPOSES, type CodePurpose } from './domain/one-time-code.js';
