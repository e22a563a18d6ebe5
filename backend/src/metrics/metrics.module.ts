import { Module } from '@nestjs/common';
import { MailModule } from '../mail/index.js';
import { WaitlistModule } from '../waitlist/index.js';
import { PrometheusMetrics } from './infrastructure/prometheus-metrics.js';

/**
 * Prometheus metrics (issue #29): configureApp mounts PrometheusMetrics' request recorder and its
 * GET /metrics endpoint (outside the API prefix and the OpenAPI document; METRICS_TOKEN).
 */
@Module({
  imports: [WaitlistModule, MailModule],
  providers: [PrometheusMetrics],
  exports: [PrometheusMetrics],
})
export class MetricsModule {}
