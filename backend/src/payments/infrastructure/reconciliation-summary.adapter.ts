import { Injectable } from '@nestjs/common';
import { ReconciliationSummary } from '../../admin/admin.contract.js';
import { ReconciliationReports } from '../application/ports/reconciliation-reports.js';

/** The admin overview's reconciliation figure, from the last stored report. */
@Injectable()
export class ReportsReconciliationSummary extends ReconciliationSummary {
  constructor(private readonly reports: ReconciliationReports) {
    super();
  }

  async lastDifferenceCount(): Promise<{ count: number; ranAt: Date } | null> {
    const report = await this.reports.latest();
    return report ? { count: report.differences.length, ranAt: report.ranAt } : null;
  }
}
