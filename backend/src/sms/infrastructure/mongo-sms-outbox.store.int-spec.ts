import { databaseEmptiedBeforeEachTest } from '../../../test/support/int-database.js';
import {
  MongoSmsOutboxStore,
  SmsClaimRecord,
  SmsClaimSchema,
  SmsRecord,
  SmsSchema,
} from './mongo-sms-outbox.store.js';
import { SmsCodeSeal } from './sms-code-seal.js';

const NOW = new Date('2026-11-25T10:00:00.000Z');
const SECRET = 'an-int-test-otp-secret-of-32-characters-or-more';

describe('MongoSmsOutboxStore against the real database', () => {
  const database = databaseEmptiedBeforeEachTest();

  function store(secrets = [SECRET]) {
    const connection = database();
    return new MongoSmsOutboxStore(
      connection.models[SmsRecord.name] ?? connection.model(SmsRecord.name, SmsSchema),
      connection.models[SmsClaimRecord.name] ??
        connection.model(SmsClaimRecord.name, SmsClaimSchema),
      new SmsCodeSeal(secrets),
    );
  }

  it('keeps a waiting code sealed at rest, gives the worker the code, and blanks it once sent', async () => {
    const outbox = store();
    await outbox.add(
      {
        key: 'otp:+919876543210:1',
        to: '+919876543210',
        kind: 'otp',
        code: '482913',
        expiresAt: new Date(NOW.getTime() + 600_000),
      },
      NOW,
    );
    const raw = await database().collection('sms_outbox').findOne({});
    expect(JSON.stringify(raw)).not.toContain('482913');
    expect(raw?.code).toMatch(/^v1:/);

    const [due] = await outbox.due(NOW, 10);
    expect(due?.code).toBe('482913');
    // Another deployment's secrets (or a removed one) cannot open it: the message has no code.
    expect(
      (await store(['another-secret-of-at-least-32-characters!']).find(due?.id ?? ''))?.code,
    ).toBeNull();

    if (!due) throw new Error('nothing due');
    expect(await outbox.claimAttempt(due, NOW, new Date(NOW.getTime() + 15_000))).toBe(true);
    await outbox.markSent(due.id, 1, NOW, 'request-1');
    const sent = await database().collection('sms_outbox').findOne({});
    expect(sent).toMatchObject({ status: 'sent', code: null });
  });
});
