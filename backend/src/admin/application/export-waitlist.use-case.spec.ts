import { Clock } from '../../common/application/clock.js';
import {
  type DirectoryEntry,
  type DirectoryFilter,
  type DirectoryPage,
  WaitlistDirectory,
  type WaitlistFigures,
} from '../../waitlist/waitlist.contract.js';
import { ExportLimitReachedError } from '../domain/admin.errors.js';
import type { WaitlistQuery } from './admin-queries.js';
import { ExportWaitlist, MAX_CONCURRENT_EXPORTS } from './export-waitlist.use-case.js';
import { AdminSettings } from './ports/admin-settings.js';
import { ExportAllowance } from './ports/export-allowance.js';
import { InMemoryAuditLog } from '../../../test/support/in-memory-audit-log.js';

const NOW = new Date('2026-11-23T05:00:00Z');

function entry(seat: number, fullName: string): DirectoryEntry {
  return {
    id: `id-${seat}`,
    fullName,
    email: `p${seat}@example.com`,
    phone: `98765000${String(seat).padStart(2, '0')}`,
    instagramHandle: `p_${seat}`,
    userType: 'influencer',
    status: 'confirmed',
    seat,
    earlyAccess: true,
    joinedAt: NOW,
    confirmedAt: null,
    account: null,
    history: [],
  };
}

class FakeDirectory extends WaitlistDirectory {
  filters: DirectoryFilter[] = [];
  constructor(private readonly entries: DirectoryEntry[]) {
    super();
  }
  page(): Promise<DirectoryPage> {
    throw new Error('not used');
  }
  async *stream(filter: DirectoryFilter): AsyncIterable<DirectoryEntry> {
    this.filters.push(filter);
    for (const item of this.entries) {
      await Promise.resolve();
      yield item;
    }
  }
  findById(): Promise<DirectoryEntry | null> {
    throw new Error('not used');
  }
  figures(): Promise<WaitlistFigures> {
    throw new Error('not used');
  }
}

class RecordingAuditLog extends InMemoryAuditLog {}

class CountingAllowance extends ExportAllowance {
  taken = 0;
  take(_adminId: string, _now: Date, perMinute: number): Promise<boolean> {
    this.taken++;
    return Promise.resolve(this.taken <= perMinute);
  }
}

class FixedClock extends Clock {
  now(): Date {
    return NOW;
  }
}

const clock = new FixedClock();
const ADMIN = { userId: 'admin-1', email: 'ops@paylock.in' };

function setUp(entries: DirectoryEntry[], perMinute = 5) {
  const directory = new FakeDirectory(entries);
  const auditLog = new RecordingAuditLog();
  const exporter = new ExportWaitlist(
    directory,
    auditLog,
    new CountingAllowance(),
    new AdminSettings(perMinute),
    clock,
  );
  return { directory, auditLog, exporter };
}

async function collect(rows: AsyncIterable<string[]>): Promise<string[][]> {
  const all: string[][] = [];
  for await (const row of rows) all.push(row);
  return all;
}

describe('ExportWaitlist', () => {
  const query: WaitlistQuery = {
    filter: {
      statuses: ['confirmed'],
      search: { text: 'asha', email: 'asha', phoneDigits: null, handle: null },
    },
    sort: { field: 'joinedAt', direction: 'desc' },
    page: 1,
    pageSize: 25,
    summary: 'status=confirmed&q=(4 characters)&sort=joinedAt&order=desc',
  };

  it('yields the header and one neutralised row per entry, then records the export', async () => {
    const { auditLog, exporter, directory } = setUp([entry(1, 'Asha'), entry(2, '=cmd|x')]);
    const rows = await collect((await exporter.execute(ADMIN, query)).rows);
    expect(rows).toHaveLength(3);
    expect(rows[0]?.[0]).toBe('Seat');
    expect(rows[2]?.slice(0, 2)).toEqual(['2', "'=cmd|x"]);
    expect(directory.filters).toEqual([query.filter]);
    expect(auditLog.events).toEqual([
      {
        at: NOW,
        actor: ADMIN,
        action: 'waitlist.exported',
        details: {
          filter: 'status=confirmed&q=(4 characters)&sort=joinedAt&order=desc',
          rowCount: 2,
          completed: true,
        },
      },
    ]);
  });

  it('records a download that stopped early with the rows sent', async () => {
    const { auditLog, exporter } = setUp([entry(1, 'A'), entry(2, 'B'), entry(3, 'C')]);
    const { rows } = await exporter.execute(ADMIN, query);
    for await (const row of rows) {
      if (row[0] === '1') break;
    }
    expect(auditLog.events[0]?.details).toMatchObject({ rowCount: 1, completed: false });
  });

  it("refuses once the admin's exports per minute are used", async () => {
    const { exporter } = setUp([], 1);
    await collect((await exporter.execute(ADMIN, query)).rows);
    await expect(exporter.execute(ADMIN, query)).rejects.toBeInstanceOf(ExportLimitReachedError);
  });

  it(`streams at most ${MAX_CONCURRENT_EXPORTS} exports at once`, async () => {
    const { exporter } = setUp([entry(1, 'A')], 10);
    const running = await Promise.all(
      Array.from({ length: MAX_CONCURRENT_EXPORTS }, async () => {
        const iterator = (await exporter.execute(ADMIN, query)).rows[Symbol.asyncIterator]();
        await iterator.next();
        return iterator;
      }),
    );
    await expect(exporter.execute(ADMIN, query)).rejects.toBeInstanceOf(ExportLimitReachedError);
    for (const iterator of running) await iterator.return?.();
    await expect(exporter.execute(ADMIN, query)).resolves.toBeDefined();
  });
});
