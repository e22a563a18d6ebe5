/**
 * The deals' contract face: what other features' domain and application code may use (pure TS,
 * nothing from Nest or Mongoose). The money issue builds on these.
 */
export {
  DEAL_STATES,
  MILESTONE_STATES,
  type Deal,
  type DealState,
  type Milestone,
  type MilestoneState,
} from './domain/deal.js';
export {
  formatRupees,
  rupeesInWords,
  MAX_MILESTONE_PAISE,
  MIN_MILESTONE_PAISE,
} from './domain/money.js';
export { DealRepository } from './application/ports/deal.repository.js';
export { GSTIN_PATTERN, isValidGstin } from './domain/gstin.js';
