import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ReconciliationSummary } from '../admin/admin.contract.js';
import { ReconciliationReports } from './application/ports/reconciliation-reports.js';
import {
  MongoReconciliationReports,
  ReconciliationReportRecord,
  ReconciliationReportSchema,
  ReconciliationRunRecord,
  ReconciliationRunSchema,
} from './infrastructure/mongo-reconciliation-reports.js';
import { ReportsReconciliationSummary } from './infrastructure/reconciliation-summary.adapter.js';

/**
 * The reconciliation's reports: the admin overview reads their difference count
 * (`ReconciliationSummary`, admin.contract.ts) through this module, which the app's wiring hands
 * to `AdminModule.forRoot`, so the back-office never imports payments (ADR 0062).
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: ReconciliationRunRecord.name, schema: ReconciliationRunSchema },
      { name: ReconciliationReportRecord.name, schema: ReconciliationReportSchema },
    ]),
  ],
  providers: [
    { provide: ReconciliationReports, useClass: MongoReconciliationReports },
    { provide: ReconciliationSummary, useClass: ReportsReconciliationSummary },
  ],
  exports: [ReconciliationReports, ReconciliationSummary],
})
export class PaymentsSummaryModule {}
