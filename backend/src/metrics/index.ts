/** What the bootstrap uses of metrics. */
export { MetricsModule } from './metrics.module.js';
export { PrometheusMetrics } from './infrastructure/prometheus-metrics.js';
