import { Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { pick } from '../../common/domain/pick.js';
import { insertedFirst } from '../../database/duplicate-key.js';
import {
  type ReconciliationDifference,
  type ReconciliationReport,
  ReconciliationReports,
} from '../application/ports/reconciliation-reports.js';

export const RECONCILIATION_RUNS_COLLECTION = 'payment_reconciliation_runs';
export const RECONCILIATION_REPORTS_COLLECTION = 'payment_reconciliation_reports';

/** A reconciliation run's claim: `_id` is its window's start, so one instance runs each window. */
@Schema({
  collection: RECONCILIATION_RUNS_COLLECTION,
  versionKey: false,
  autoIndex: false,
  autoCreate: false,
})
export class ReconciliationRunRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: Date, required: true })
  at!: Date;
}

export const ReconciliationRunSchema = SchemaFactory.createForClass(ReconciliationRunRecord);

/** One reconciliation's report. */
@Schema({
  collection: RECONCILIATION_REPORTS_COLLECTION,
  versionKey: false,
  minimize: false,
  autoIndex: false,
  autoCreate: false,
})
export class ReconciliationReportRecord {
  /** The run's time and a random suffix. */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: Date, required: true })
  ranAt!: Date;

  @Prop({ type: Number, required: true })
  checkedMilestones!: number;

  @Prop({ type: Number, required: true })
  checkedTransactions!: number;

  @Prop({ type: [Object], required: true })
  differences!: ReconciliationDifference[];
}

export const ReconciliationReportSchema = SchemaFactory.createForClass(ReconciliationReportRecord);

/** Reports are kept this many (the newest), older ones removed by the next save. */
const KEPT = 50;

/** Runs claimed by window (an insert keyed by the window's start) and their reports. */
@Injectable()
export class MongoReconciliationReports extends ReconciliationReports {
  constructor(
    @InjectModel(ReconciliationRunRecord.name)
    private readonly runs: Model<ReconciliationRunRecord>,
    @InjectModel(ReconciliationReportRecord.name)
    private readonly reports: Model<ReconciliationReportRecord>,
  ) {
    super();
  }

  async claimWindow(windowStart: Date): Promise<boolean> {
    return insertedFirst(() =>
      this.runs.create({ _id: windowStart.toISOString(), at: windowStart }),
    );
  }

  async save(report: ReconciliationReport): Promise<void> {
    await this.reports.create({
      _id: `${report.ranAt.toISOString()}:${Math.random().toString(36).slice(2, 10)}`,
      ...report,
      differences: report.differences.map((item) => ({ ...item })),
    });
    const old = await this.reports
      .find({}, { _id: 1 })
      .sort({ ranAt: -1 })
      .skip(KEPT)
      .lean<Pick<ReconciliationReportRecord, '_id'>[]>()
      .exec();
    if (old.length > 0)
      await this.reports.deleteMany({ _id: { $in: old.map(({ _id }) => _id) } }).exec();
  }

  async latest(): Promise<ReconciliationReport | undefined> {
    const found = await this.reports
      .findOne({})
      .sort({ ranAt: -1, _id: -1 })
      .lean<ReconciliationReportRecord>()
      .exec();
    if (!found) return undefined;
    return pick(found, ['ranAt', 'checkedMilestones', 'checkedTransactions', 'differences']);
  }
}
