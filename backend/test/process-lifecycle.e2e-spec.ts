import { buildBackend, spawnServer, startServer } from './support/server-process.js';
import { testDatabaseUri } from './support/test-database.js';

/** The compiled server as an operator runs it: `node dist/main.js`. */
describe('the server process', () => {
  beforeAll(async () => {
    await buildBackend();
  }, 120_000);

  it('refuses a bad configuration with one line per variable and no stack trace', async () => {
    const { code, stderr } = await spawnServer({ PORT: 'abc', MONGODB_URI: 'postgres://nope' })
      .exited;

    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines.every((line) => line.startsWith('Invalid configuration: '))).toBe(true);
    expect(stderr).toContain('PORT');
    expect(stderr).toContain('MONGODB_URI');
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('serves, then exits 0 on SIGTERM', async () => {
    const server = await startServer({ MONGODB_URI: testDatabaseUri('process') });

    server.child.kill('SIGTERM');
    const { code } = await server.exited;

    expect(code).toBe(0);
  });
});
