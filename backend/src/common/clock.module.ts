import { Global, Module } from '@nestjs/common';
import { Clock } from './application/clock.js';
import { SystemClock } from './infrastructure/system-clock.js';

/** The one `Clock` every module injects: the system's, bound once for the whole app. */
@Global()
@Module({
  providers: [{ provide: Clock, useClass: SystemClock }],
  exports: [Clock],
})
export class ClockModule {}
