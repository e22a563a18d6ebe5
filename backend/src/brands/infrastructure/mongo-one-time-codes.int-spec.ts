import mongoose, { type Connection } from 'mongoose';
import { waitForDatabase } from '../../../test/support/create-test-app.js';
import { testDatabaseUri } from '../../../test/support/test-database.js';
import { type CodeChallenge, newChallenge } from '../domain/one-time-code.js';
import {
  MongoOneTimeCodes,
  PhoneCodeClaimRecord,
  PhoneCodeClaimSchema,
  PhoneCodeRecord,
  PhoneCodeSchema,
} from './mongo-one-time-codes.js';

const NOW = new Date('2026-11-25T10:00:00Z');

function challenge(phone: string, previous: CodeChallenge | null = null): CodeChallenge {
  return newChallenge({ phone, purpose: 'signup', codeHash: 'ab'.repeat(32) }, previous, NOW);
}

describe('MongoOneTimeCodes against the real database: every claim is an insert', () => {
  let connection: Connection;
  let codes: MongoOneTimeCodes;

  beforeAll(async () => {
    connection = mongoose.createConnection(testDatabaseUri('int'));
    await waitForDatabase(connection);
    await connection.dropDatabase();
    codes = new MongoOneTimeCodes(
      connection.model(PhoneCodeRecord.name, PhoneCodeSchema),
      connection.model(PhoneCodeClaimRecord.name, PhoneCodeClaimSchema),
    );
  });

  afterAll(async () => {
    await connection.dropDatabase();
    await connection.close();
  });

  it('stores one of two codes racing for the same sequence number, and finds the latest', async () => {
    const first = challenge('+919800000001');
    expect(await codes.issue(first)).toBe(true);
    const racing = await Promise.all(
      Array.from({ length: 5 }, () => codes.issue(challenge('+919800000001', first))),
    );
    expect(racing.filter(Boolean)).toHaveLength(1);
    expect(await codes.find('+919800000001')).toMatchObject({ sequence: 2 });
    expect(await codes.find('+919800000002')).toBeNull();
  });

  it('hands out exactly five tries of a code to 20 simultaneous verifications', async () => {
    const code = challenge('+919800000003');
    await codes.issue(code);
    const tries = await Promise.all(Array.from({ length: 20 }, () => codes.claimAttempt(code, 5)));
    expect(tries.filter((attempt) => attempt !== null).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('lets one of 20 simultaneous verifications use a code', async () => {
    const code = challenge('+919800000004');
    await codes.issue(code);
    const uses = await Promise.all(Array.from({ length: 20 }, () => codes.consume(code)));
    expect(uses.filter(Boolean)).toHaveLength(1);
  });

  it('removes a code that was refused or not sent: the code it was to replace is current again', async () => {
    const first = challenge('+919800000005');
    await codes.issue(first);
    const second = challenge('+919800000005', first);
    await codes.issue(second);
    await codes.remove(second);
    expect(await codes.find('+919800000005')).toEqual(first);
  });

  it('forgets the replaced codes once the new one has gone out', async () => {
    const first = challenge('+919800000006');
    await codes.issue(first);
    const second = challenge('+919800000006', first);
    await codes.issue(second);
    await codes.retireReplaced(second);
    await codes.remove(second);
    expect(await codes.find('+919800000006')).toBeNull();
  });
});
