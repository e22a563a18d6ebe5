import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { type DirectoryEntry, WaitlistDirectory } from '../../waitlist/waitlist.contract.js';
import { ExportLimitReachedError } from '../domain/admin.errors.js';
import type { AuditActor } from '../domain/audit-event.js';
import { neutraliseCell } from '../../common/domain/csv-cells.js';
import type { WaitlistQuery } from './admin-queries.js';
import { AdminSettings } from './ports/admin-settings.js';
import { AuditLog } from './ports/audit-log.js';
import { ExportAllowance } from './ports/export-allowance.js';

/** Exports one server streams at once; more wait for a minute (429), the public API comes first. */
export const MAX_CONCURRENT_EXPORTS = 2;

export const EXPORT_COLUMNS = [
  'Seat',
  'Full name',
  'Email',
  'Phone',
  'Instagram',
  'User type',
  'Status',
  'Early access',
  'Joined at',
  'Confirmed at',
] as const;

function cellsOf(entry: DirectoryEntry): string[] {
  return [
    entry.seat === null ? '' : String(entry.seat),
    entry.fullName,
    entry.email,
    entry.phone,
    entry.instagramHandle,
    entry.userType,
    entry.status,
    entry.earlyAccess ? 'yes' : 'no',
    entry.joinedAt.toISOString(),
    entry.confirmedAt?.toISOString() ?? '',
  ].map(neutraliseCell);
}

export interface WaitlistExport {
  /** The header, then one row per entry; recorded in the audit log once the rows end. */
  readonly rows: AsyncIterable<string[]>;
}

/**
 * A CSV export of the entries matching a filter, row by row from a cursor (constant memory
 * whatever the count), every cell neutralised against spreadsheet formulas. Each export uses one
 * of the admin's exports per minute and is recorded in the audit log with its filter and the
 * number of rows sent, also when the download stops early.
 */
@Injectable()
export class ExportWaitlist {
  private running = 0;

  constructor(
    private readonly directory: WaitlistDirectory,
    private readonly auditLog: AuditLog,
    private readonly allowance: ExportAllowance,
    private readonly settings: AdminSettings,
    private readonly clock: Clock,
  ) {}

  /** Throws ExportLimitReachedError when the admin's budget or this server's capacity is used up. */
  async execute(actor: AuditActor, query: WaitlistQuery): Promise<WaitlistExport> {
    if (this.running >= MAX_CONCURRENT_EXPORTS) throw new ExportLimitReachedError();
    const allowed = await this.allowance.take(
      actor.userId,
      this.clock.now(),
      this.settings.exportsPerMinute,
    );
    if (!allowed) throw new ExportLimitReachedError();
    return { rows: this.rows(actor, query) };
  }

  private async *rows(actor: AuditActor, query: WaitlistQuery): AsyncGenerator<string[]> {
    let rowCount = 0;
    let completed = false;
    this.running++; // counted from the first row asked for: an export never started holds nothing
    try {
      yield [...EXPORT_COLUMNS];
      for await (const entry of this.directory.stream(query.filter, query.sort)) {
        rowCount++;
        yield cellsOf(entry);
      }
      completed = true;
    } finally {
      this.running--;
      await this.auditLog.append({
        at: this.clock.now(),
        actor,
        action: 'waitlist.exported',
        details: { filter: query.summary, rowCount, completed },
      });
    }
  }
}
