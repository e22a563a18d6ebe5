/** The insights' wiring face (#40): the Nest module, and its worker for tests. */
export { InsightsModule } from './insights.module.js';
export { InsightsWorker, MongoInsights } from './infrastructure/mongo-insights.js';
