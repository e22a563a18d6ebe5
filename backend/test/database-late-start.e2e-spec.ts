import { setTimeout as sleep } from 'node:timers/promises';
import { FerretDbProcess, findFreePort } from './support/ferretdb-process.js';
import {
  buildBackend,
  killServer,
  type ServerProcess,
  spawnServer,
} from './support/server-process.js';

interface LogLine {
  readonly level: number;
  readonly msg?: string;
  readonly context?: string;
}

/** The JSON log lines a server process writes, and a wait for the first one matching. */
function watchLogs(server: ServerProcess) {
  const lines: LogLine[] = [];
  const waiters: { match: (line: LogLine) => boolean; resolve: (line: LogLine) => void }[] = [];
  let partial = '';
  server.child.stdout?.on('data', (chunk: string) => {
    const parts = (partial + chunk).split('\n');
    partial = parts.pop() ?? '';
    for (const text of parts) {
      if (!text.startsWith('{')) continue;
      const line = JSON.parse(text) as LogLine;
      lines.push(line);
      for (const waiter of waiters.filter(({ match }) => match(line))) waiter.resolve(line);
    }
  });
  return {
    lines,
    next(match: (line: LogLine) => boolean): Promise<LogLine> {
      const seen = lines.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
  };
}

const WARN = 40;
const saying = (text: string) => (line: LogLine) => line.msg?.includes(text) ?? false;

/**
 * Start-up work waits for the database (issue #29): the API starts with its database 10 s away;
 * once it comes up, the invites' repair runs and the outbox worker starts, and nothing before
 * that logged an error (only the supervisor's own "unreachable, retrying" warnings).
 */
describe('the API started before its database', () => {
  let ferret: FerretDbProcess;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    await buildBackend();
    ferret = await FerretDbProcess.onFreePort(); // nothing listens there yet
  }, 120_000);

  afterAll(async () => {
    await killServer(server);
    await ferret.destroy();
  });

  it('runs the start-up repair and the outbox worker once the database is up, logging no error', async () => {
    server = spawnServer({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      PORT: String(await findFreePort()),
      MONGODB_URI: ferret.uri('paylock_late_database'),
      // A mail server and an SMS provider that are never contacted: both outboxes are empty.
      SMTP_URL: `smtp://127.0.0.1:${await findFreePort()}`,
      SMS_BASE_URL: `http://127.0.0.1:${await findFreePort()}`,
    });
    const logs = watchLogs(server);
    await logs.next(saying('Paylock API listening'));
    await logs.next(saying('Database unreachable'));

    await sleep(10_000); // the database comes up 10 s late
    await ferret.start();

    await logs.next(saying('Database connection established'));
    await logs.next(saying('Checked for invited entries left unmarked'));
    await logs.next(saying('Delivering the outbox as'));

    const complaints = logs.lines.filter(
      (line) => line.level >= WARN && !saying('Database unreachable')(line),
    );
    expect(complaints).toEqual([]);
    expect(server.child.exitCode).toBeNull();
  }, 40_000);
});
