/**
 * Indian tax identifiers, shared by every feature that takes or prints one (a brand's billing
 * details, the invoices, the creator's payout profile): plain domain code, no Nest module.
 */
export { GSTIN_PATTERN, isValidGstin } from './domain/gstin.js';
