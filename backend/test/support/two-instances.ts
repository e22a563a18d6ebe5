import { randomBytes } from 'node:crypto';
import mongoose, { type Connection } from 'mongoose';
import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';
import { authTestEnv } from './auth-flow.js';
import { waitForDatabase } from './create-test-app.js';
import { buildBackend, type RunningServer, startServer, stopServer } from './server-process.js';
import { testDatabaseUri } from './test-database.js';

/**
 * Two compiled API processes (`node dist/main.js`) sharing one fresh database and one local
 * identity provider, as two replicas behind a load balancer: the harness of the race and
 * scale-out tests.
 */
export interface TwoInstances {
  readonly database: Connection;
  readonly idp: IdentityProvider;
  readonly instances: readonly RunningServer[];
  /** The instance that serves the n-th request: one and the other in turn. */
  instance(index: number): RunningServer;
  stop(): Promise<void>;
}

export async function startTwoInstances(
  databaseName: string,
  env: Record<string, string> = {},
): Promise<TwoInstances> {
  await buildBackend();
  const databaseUri = testDatabaseUri(databaseName);
  const database = mongoose.createConnection(databaseUri);
  await waitForDatabase(database);
  await database.dropDatabase();
  const idp = await startIdentityProvider();
  const shared = {
    ...authTestEnv(idp),
    NODE_ENV: 'test',
    MONGODB_URI: databaseUri,
    JWT_SECRET: randomBytes(32).toString('base64url'), // the same on both instances
    ...env,
  };
  const instances = await Promise.all([
    startServer(shared, { timeoutMs: 30_000 }),
    startServer(shared, { timeoutMs: 30_000 }),
  ]);
  return {
    database,
    idp,
    instances,
    instance: (index) => instances[index % 2] as RunningServer,
    async stop() {
      await Promise.all(instances.map(stopServer));
      await idp.stop();
      await database.dropDatabase();
      await database.close();
    },
  };
}

export interface JsonAnswer<Body> {
  status: number;
  body: Body;
}

/** POSTs JSON to an instance's API, with the bearer token when given; the answer's status and body. */
export async function postJson<Body>(
  instance: RunningServer,
  path: string,
  body?: object,
  token?: string,
): Promise<JsonAnswer<Body>> {
  const response = await fetch(`${instance.api}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token && { authorization: `Bearer ${token}` }),
    },
    ...(body && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Body };
}
