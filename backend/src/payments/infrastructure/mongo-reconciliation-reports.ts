import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection, Connection } from 'mongoose';
import { pick } from '../../common/domain/pick.js';
import { insertedFirst } from '../../database/duplicate-key.js';
import {
  type ReconciliationReport,
  ReconciliationReports,
} from '../application/ports/reconciliation-reports.js';

export const RECONCILIATION_RUNS_COLLECTION = 'payment_reconciliation_runs';
export const RECONCILIATION_REPORTS_COLLECTION = 'payment_reconciliation_reports';

type ReportDocument = ReconciliationReport & { _id: string };

/** Reports are kept this many (the newest), older ones removed by the next save. */
const KEPT = 50;

/** Runs claimed by window (an insert keyed by the window's start) and their reports. */
@Injectable()
export class MongoReconciliationReports extends ReconciliationReports {
  constructor(@InjectConnection() private readonly connection: Connection) {
    super();
  }

  private get runs(): Collection<{ _id: string; at: Date }> {
    return this.connection.collection(RECONCILIATION_RUNS_COLLECTION);
  }

  private get reports(): Collection<ReportDocument> {
    return this.connection.collection(RECONCILIATION_REPORTS_COLLECTION);
  }

  async claimWindow(windowStart: Date): Promise<boolean> {
    return insertedFirst(() =>
      this.runs.insertOne({ _id: windowStart.toISOString(), at: windowStart }),
    );
  }

  async save(report: ReconciliationReport): Promise<void> {
    await this.reports.insertOne({
      _id: `${report.ranAt.toISOString()}:${Math.random().toString(36).slice(2, 10)}`,
      ...report,
      differences: report.differences.map((item) => ({ ...item })),
    });
    const old = await this.reports
      .find({}, { projection: { _id: 1 } })
      .sort({ ranAt: -1 })
      .skip(KEPT)
      .toArray();
    if (old.length > 0) await this.reports.deleteMany({ _id: { $in: old.map(({ _id }) => _id) } });
  }

  async latest(): Promise<ReconciliationReport | undefined> {
    const [found] = await this.reports.find({}).sort({ ranAt: -1, _id: -1 }).limit(1).toArray();
    if (!found) return undefined;
    return pick(found, ['ranAt', 'checkedMilestones', 'checkedTransactions', 'differences']);
  }
}
