/** The insights' contract face (#40): the figures' domain, for other features' code. */
export type { DealFacts } from './domain/deal-facts.js';
export type { Analytics, Figures } from './domain/figures.js';
export { InvalidRangeError, type Period, type PeriodPreset } from './domain/india-time.js';
export { EMPTY_TRACK_RECORD, onTimePercent, type TrackRecord } from './domain/track-record.js';
export { InsightsErasure } from './application/ports/insights-erasure.js';
