/** What other modules (and the tests) may use of retention. */
export { RetentionModule } from './retention.module.js';
export { PrunersModule } from './pruners.module.js';
export { RunRetention, type RetentionResult } from './application/run-retention.use-case.js';
export {
  Pruners,
  RETENTION_PERIODS,
  RetainedEntries,
  type RetentionFigures,
  RetentionReports,
  type Pruner,
} from './retention.contract.js';
