import { Module } from '@nestjs/common';
import { Pruners } from './retention.contract.js';

/**
 * The one registry of pruners (retention.contract.ts): each module that keeps records only for a
 * while imports this module and registers its Pruner at start; the retention job runs them.
 */
@Module({
  providers: [{ provide: Pruners, useFactory: () => new Pruners() }],
  exports: [Pruners],
})
export class PrunersModule {}
