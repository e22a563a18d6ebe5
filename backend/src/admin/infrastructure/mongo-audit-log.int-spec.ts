import mongoose, { type Connection, Types } from 'mongoose';
import { waitForDatabase } from '../../../test/support/create-test-app.js';
import { testDatabaseUri } from '../../../test/support/test-database.js';
import { AuditLog } from '../application/ports/audit-log.js';
import { ExportAllowance } from '../application/ports/export-allowance.js';
import {
  AUDIT_LOG_COLLECTION,
  AuditRecord,
  AuditRecordSchema,
  MongoAuditLog,
} from './mongo-audit-log.js';
import { MongoExportAllowance } from './mongo-export-allowance.js';

const ACTOR = { userId: 'admin-1', email: 'ops@paylock.in' };

describe('Admin adapters against the real database', () => {
  let connection: Connection;

  beforeAll(async () => {
    connection = mongoose.createConnection(testDatabaseUri('int'));
    await waitForDatabase(connection);
    await connection.dropDatabase();
  });

  const auditModel = () =>
    connection.models[AuditRecord.name] ?? connection.model(AuditRecord.name, AuditRecordSchema);

  afterAll(async () => {
    await connection.dropDatabase();
    await connection.close();
  });

  describe('MongoAuditLog', () => {
    it('appends events and reads them newest first, each kept as written', async () => {
      const log: AuditLog = new MongoAuditLog(auditModel());
      const first = new Date('2026-11-23T05:00:00Z');
      const second = new Date('2026-11-23T05:01:00Z');
      await log.append({
        at: first,
        actor: ACTOR,
        action: 'waitlist.exported',
        details: { filter: 'sort=seat&order=asc', rowCount: 10, completed: true },
      });
      await log.append({
        at: second,
        actor: ACTOR,
        action: 'waitlist.exported',
        details: { filter: 'status=confirmed', rowCount: 3, completed: false },
      });
      const page = await log.list(1, 10);
      expect(page.total).toBe(2);
      expect(page.items.map((event) => [event.at, event.details.rowCount])).toEqual([
        [second, 3],
        [first, 10],
      ]);
      expect((await log.list(2, 1)).items.map((event) => event.at)).toEqual([first]);
    });

    it('offers no way to remove an event; its one change forgets an erased entry (append-only port)', () => {
      const adapterMethods = Object.getOwnPropertyNames(MongoAuditLog.prototype).filter(
        (name) => name !== 'constructor',
      );
      expect(adapterMethods.sort()).toEqual(['append', 'appendOnce', 'forgetEntry', 'list']);
    });

    it('appends an event under a given id once, and forgets an entry id keeping the event', async () => {
      await connection.collection(AUDIT_LOG_COLLECTION).deleteMany({});
      const log: AuditLog = new MongoAuditLog(auditModel());
      const id = new Types.ObjectId().toHexString();
      const event = {
        at: new Date('2026-11-20T10:00:00Z'),
        actor: { userId: 'system', email: 'system' },
        action: 'retention.applied' as const,
        details: { erasedEntries: 2 },
      };
      await log.appendOnce(id, event);
      await log.appendOnce(id, { ...event, details: { erasedEntries: 5 } });
      await log.append({
        at: new Date('2026-11-20T09:00:00Z'),
        actor: { userId: 'admin', email: 'ops@paylock.in' },
        action: 'invite.revoked',
        details: { entryId: 'entry-1' },
      });
      await log.forgetEntry('entry-1');

      const { items } = await log.list(1, 10);
      expect(items.map(({ id: eventId, details }) => [eventId === id, details])).toEqual([
        [true, { erasedEntries: 2 }],
        [false, {}],
      ]);
    });

    it("stores nothing but the event: no one else's data rides along", async () => {
      const log = new MongoAuditLog(auditModel());
      await log.append({
        at: new Date(),
        actor: { ...ACTOR, ...{ phone: '9876543210' } },
        action: 'waitlist.exported',
        details: { rowCount: 1 },
      });
      const raw = await connection
        .collection(AUDIT_LOG_COLLECTION)
        .find({}, { sort: { at: -1 }, limit: 1 })
        .toArray();
      expect(Object.keys(raw[0]?.actor as object)).toEqual(['userId', 'email']);
    });
  });

  describe('MongoExportAllowance', () => {
    it('allows N exports per admin per minute, shared by every instance', async () => {
      const one: ExportAllowance = new MongoExportAllowance(connection);
      const other: ExportAllowance = new MongoExportAllowance(connection);
      const now = new Date('2026-11-23T05:00:10Z');
      const takes = await Promise.all([
        one.take('admin-1', now, 3),
        other.take('admin-1', now, 3),
        one.take('admin-1', now, 3),
        other.take('admin-1', now, 3),
      ]);
      expect(takes.filter(Boolean)).toHaveLength(3);
      expect(await one.take('admin-2', now, 3)).toBe(true);
      expect(await one.take('admin-1', new Date('2026-11-23T05:01:00Z'), 3)).toBe(true);
    });
  });
});
