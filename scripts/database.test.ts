import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { MongoClient } from 'mongodb';
import { getContainerRuntimeClient } from 'testcontainers';
import { databaseUri, startDatabase } from './lib/database.ts';

const RUNTIME_PROBE_TIMEOUT_MS = 15_000;
/** Long enough for a first pull of the MongoDB image on a slow network. */
const CONTAINER_TEST_TIMEOUT_MS = 600_000;

/** Why no container runtime can be used here, or undefined when one answers. */
async function containerRuntimeProblem(): Promise<string | undefined> {
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
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `npm start` and `npm test` prefer a MongoDB container to FerretDB when a container runtime
 * answers (a developer's machine, CI): this runs that path of scripts/lib/database.ts for real,
 * and is skipped, saying why, where no runtime answers.
 */
void test(
  'with a container runtime, the database is a MongoDB 8 container that answers',
  { timeout: CONTAINER_TEST_TIMEOUT_MS },
  async (t) => {
    const problem = await containerRuntimeProblem();
    if (problem !== undefined) {
      t.skip(`no container runtime: ${problem}`);
      return;
    }
    // npm test passes its own database down to every suite; this test is about choosing one.
    delete process.env.MONGODB_URI;
    const dataDir = await mkdtemp(path.join(tmpdir(), 'paylock-database-test-'));
    const database = await startDatabase({ dataDir, ephemeral: true });
    const client = new MongoClient(databaseUri(database.uri, 'paylock_container_test'), {
      serverSelectionTimeoutMS: 10_000,
    });
    try {
      assert.match(database.description, /^mongo:8 container$/);
      const admin = client.db().admin();
      assert.equal((await admin.ping()).ok, 1);
      const { version } = await admin.buildInfo();
      assert.match(String(version), /^8\./, 'a real MongoDB 8, not FerretDB');
    } finally {
      await client.close();
      await database.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
);
