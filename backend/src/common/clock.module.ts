import { Global, Module } from '@nestjs/common';
import { BackgroundWork } from './application/background-work.js';
import { Clock } from './application/clock.js';
import { SystemClock } from './infrastructure/system-clock.js';

/**
 * The one `Clock` every module injects (the system's, bound once for the whole app), and the one
 * `BackgroundWork` register of the process.
 */
@Global()
@Module({
  providers: [{ provide: Clock, useClass: SystemClock }, BackgroundWork],
  exports: [Clock, BackgroundWork],
})
export class ClockModule {}
