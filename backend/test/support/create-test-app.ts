import type { DynamicModule } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test, type TestingModuleBuilder } from '@nestjs/testing';
import mongoose, { type Connection } from 'mongoose';
import type { App } from 'supertest/types.js';
import { AppModule } from '../../src/app.module.js';
import { Outbox } from '../../src/mail/index.js';
import { configureApp } from '../../src/bootstrap/configure-app.js';
import { parseConfig } from '../../src/app-settings.js';
import type { AppConfig } from '../../src/config/app-config.js';
import { testDatabaseUri } from './test-database.js';

export interface TestApp {
  readonly app: NestExpressApplication;
  readonly server: App;
  readonly config: AppConfig;
  readonly connection: Connection;
  /** Closes the app, then drops the test database (when it was reachable). */
  close(): Promise<void>;
}

/** Test configuration: quiet logs and this worker's own e2e database unless overridden. */
export function testConfig(env: Record<string, string> = {}): AppConfig {
  return parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    MONGODB_URI: testDatabaseUri('e2e'),
    // Suites submit the same people many times; the budget itself is tested with its default.
    RATE_LIMIT_WAITLIST_ALREADY_REGISTERED_PER_HOUR: '1000000',
    // Suites send one brand contact many deals; the creator limits are tested with their own.
    DEAL_SENDS_PER_DAY: '10000',
    DEAL_SENDS_PER_RECIPIENT_PER_DAY: '1000',
    DEAL_CANCELLATION_PROPOSALS_PER_DAY: '1000',
    DEAL_CANCELLATION_COOLDOWN_MINUTES: '0',
    ...env,
  });
}

export async function waitForDatabase(connection: Connection, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (connection.readyState !== mongoose.ConnectionStates.connected) {
    if (Date.now() > deadline) throw new Error(`Database not connected after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The whole application in-process, configured exactly as in production by configureApp(), on a
 * real database. Pass `waitForDatabase: false` to test an app whose database is down.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    waitForDatabase?: boolean;
    /** Records what the app enqueues instead of the real outbox (tests that read links sent). */
    outbox?: Outbox;
    /** More provider overrides (a fake clock, a scheduler kept still). */
    configure?: (builder: TestingModuleBuilder) => void;
    /** More modules beside the app's (e.g. a global one providing a port the app leaves optional). */
    imports?: DynamicModule[];
  } = {},
): Promise<TestApp> {
  const config = testConfig(options.env);
  const builder = Test.createTestingModule({
    imports: [AppModule.forRoot(config), ...(options.imports ?? [])],
  });
  if (options.outbox) builder.overrideProvider(Outbox).useValue(options.outbox);
  options.configure?.(builder);
  const moduleRef = await builder.compile();
  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment -- Nest types its options as a class; a literal is its documented use
  const app = moduleRef.createNestApplication<NestExpressApplication>({
    bufferLogs: true,
    bodyParser: false, // as createApp: configureApp registers the JSON parser
  });
  configureApp(app, config);
  const fresh = options.waitForDatabase ?? true;
  // Dropped before the app starts its workers, and after it stopped them: on FerretDB (SQLite) a
  // database file deleted under a connection still reading it can crash the server (SIGBUS).
  if (fresh) await dropTestDatabase(config.mongodbUri);
  await app.init();
  const connection = app.get<Connection>(getConnectionToken());
  if (fresh) await waitForDatabase(connection);
  return {
    app,
    server: app.getHttpServer() as App,
    config,
    connection,
    async close() {
      const reachable = connection.readyState === mongoose.ConnectionStates.connected;
      await app.close();
      if (reachable) await dropTestDatabase(config.mongodbUri);
    },
  };
}

/** Drops a test database through a connection of its own (the app's may not exist yet or any more). */
async function dropTestDatabase(uri: string): Promise<void> {
  const connection = await mongoose
    .createConnection(uri, { serverSelectionTimeoutMS: 10_000 })
    .asPromise();
  try {
    await connection.dropDatabase();
  } finally {
    await connection.close();
  }
}
