import { Global, Module } from '@nestjs/common';
import { ReconciliationSummary } from '../admin/admin.contract.js';
import { ReconciliationReports } from './application/ports/reconciliation-reports.js';
import { MongoReconciliationReports } from './infrastructure/mongo-reconciliation-reports.js';
import { ReportsReconciliationSummary } from './infrastructure/reconciliation-summary.adapter.js';

/**
 * The reconciliation's reports, global: the admin overview reads its difference count
 * (`ReconciliationSummary`) without the admin module importing the payments module (which
 * imports the admin module for its audit log).
 */
@Global()
@Module({
  providers: [
    { provide: ReconciliationReports, useClass: MongoReconciliationReports },
    { provide: ReconciliationSummary, useClass: ReportsReconciliationSummary },
  ],
  exports: [ReconciliationReports, ReconciliationSummary],
})
export class PaymentsSummaryModule {}
