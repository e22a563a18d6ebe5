import { Injectable } from '@nestjs/common';
import { DatabaseReady } from '../../common/application/database-ready.js';
import { PeriodicJob } from '../../common/infrastructure/periodic-job.js';
import { BuildDataExports, DataExportSettings } from '../application/data-exports.use-case.js';

/**
 * Every instance, every interval once the database is open: prepares the data exports asked for
 * (#41). Each export is claimed per attempt window, so any number of instances may run it.
 */
@Injectable()
export class DataExportsWorker extends PeriodicJob {
  constructor(
    private readonly build: BuildDataExports,
    private readonly settings: DataExportSettings,
    database: DatabaseReady,
  ) {
    super(database, { name: 'Data exports', each: 'pass' });
  }

  protected intervalMs(): number {
    return this.settings.workerIntervalMs;
  }

  /** One pass now (tests call it instead of waiting for the timer): how many it finished. */
  runOnce(): Promise<number> {
    return this.build.pass();
  }
}
