/**
 * With a container runtime (Podman's API socket that `npm test` starts here, or a user's Docker),
 * `npm start` and `npm test` take their database from a container started by Testcontainers:
 * mongo:8 where it can be pulled, else the project's FerretDB image. This runs that path of
 * scripts/lib/database.ts for real; without a runtime every test is skipped, saying why.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { MongoClient } from 'mongodb';
import { getContainerRuntimeClient } from 'testcontainers';
import { databaseUri, startDatabase, type DatabaseServer } from './lib/database.ts';

const RUNTIME_PROBE_TIMEOUT_MS = 15_000;

/** Why no container runtime can be used here, or undefined when one answers. */
async function containerRuntimeProblem(): Promise<string | undefined> {
  if (process.env.PAYLOCK_CONTAINERS_SKIP) return process.env.PAYLOCK_CONTAINERS_SKIP;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => {
      resolve(`no answer within ${RUNTIME_PROBE_TIMEOUT_MS} ms`);
    }, RUNTIME_PROBE_TIMEOUT_MS);
  });
  const probe = getContainerRuntimeClient().then(
    () => undefined,
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
  try {
    const problem = await Promise.race([probe, timeout]);
    return problem === undefined ? undefined : `no container runtime: ${problem}`;
  } finally {
    clearTimeout(timer);
  }
}

const skipReason = await containerRuntimeProblem();

/** Local addresses listening on a TCP port, from the kernel's table (hex, as /proc shows them). */
async function listeningAddresses(port: number): Promise<string[]> {
  const portHex = port.toString(16).toUpperCase().padStart(4, '0');
  const addresses: string[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = await readFile(table, 'utf8').catch(() => '');
    for (const line of text.split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      // 0A: LISTEN
      if (state === '0A' && local?.endsWith(`:${portHex}`))
        addresses.push(local.split(':')[0] ?? '');
    }
  }
  return addresses;
}

void describe('the database container (Testcontainers)', () => {
  let dataDir = '';
  let database: DatabaseServer;
  let client: MongoClient;
  let runningBefore = 0;

  before(async () => {
    if (skipReason) return;
    // npm test passes its own database down to every suite; this is about choosing one.
    delete process.env.MONGODB_URI;
    runningBefore = (await (await getContainerRuntimeClient()).container.list()).length;
    dataDir = await mkdtemp(path.join(tmpdir(), 'paylock-database-test-'));
    database = await startDatabase({ dataDir, ephemeral: true });
    client = new MongoClient(databaseUri(database.uri, 'paylock_container_test'), {
      serverSelectionTimeoutMS: 10_000,
    });
  });

  after(async () => {
    if (skipReason) return;
    await client.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  void it(
    'is a container: mongo:8 where it can be pulled, else the FerretDB image',
    { skip: skipReason },
    async (t) => {
      t.diagnostic(database.description);
      assert.match(database.description, /^(mongo:8 container|FerretDB v[\d.]+ container \(.+\))$/);
      assert.equal((await client.db().admin().ping()).ok, 1);
      const { version } = await client.db().admin().buildInfo();
      if (database.description.startsWith('mongo:8')) {
        assert.match(String(version), /^8\./, 'a real MongoDB 8');
      }
    },
  );

  void it(
    'is reached on 127.0.0.1 and listens on loopback only',
    { skip: skipReason },
    async () => {
      const url = new URL(database.uri);
      assert.equal(url.hostname, '127.0.0.1');
      const addresses = await listeningAddresses(Number(url.port));
      assert.ok(addresses.length > 0, 'something listens on the port');
      // 0100007F is 127.0.0.1; an IPv6 loopback is fine too; any address (0.0.0.0, ::) is not.
      for (const address of addresses) {
        assert.ok(
          address === '0100007F' || address === '00000000000000000000000001000000',
          `listens on ${address}`,
        );
      }
    },
  );

  void it(
    'answers a duplicate on a unique index with code 11000 (what claim-once relies on)',
    { skip: skipReason },
    async () => {
      const collection = client.db().collection<{ seat: number }>('seats');
      await collection.createIndexes([{ key: { seat: 1 }, name: 'seat_unique', unique: true }]);
      await collection.insertOne({ seat: 1 });
      await assert.rejects(collection.insertOne({ seat: 1 }), (error: unknown) => {
        assert.equal((error as { code?: unknown }).code, 11000);
        return true;
      });
      assert.equal(await collection.countDocuments(), 1);
    },
  );

  void it('stops, and its container is gone', { skip: skipReason }, async () => {
    await client.close();
    await database.stop();
    const running = (await (await getContainerRuntimeClient()).container.list()).length;
    assert.equal(running, runningBefore, 'no container of it still runs');
  });
});
