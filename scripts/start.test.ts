/**
 * `npm start` as a newcomer uses it, with no MONGODB_URI (so it starts its own database):
 * the production build and the API on one printed URL; the other loopback names redirected there
 * and sign-in through the Google button flow (the local identity provider) working from each;
 * the builds skipped when nothing changed; SIGINT, or the database dying, stops everything.
 *   node --test scripts/start.test.ts
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ROOT } from './lib/paths.ts';
import { httpAnswers, waitUntil } from './lib/processes.ts';

const READY_LINE = /Paylock is running: (http:\/\/\S+)/;
const START_TIMEOUT_MS = 240_000;

interface StartRun {
  readonly child: ChildProcess;
  readonly url: string;
  readonly output: () => string;
  readonly exited: Promise<unknown[]>;
}

async function startPaylock(dataDir: string): Promise<StartRun> {
  const environment = { ...process.env };
  delete environment.MONGODB_URI;
  delete environment.PUBLIC_URL;
  delete environment.SMTP_URL; // npm test exports its own MailDev: npm start must start one
  delete environment.SMS_BASE_URL; // npm start must start its own SMS inbox
  delete environment.RAZORPAY_KEY_ID; // and its own payment gateway
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: ROOT,
    env: { ...environment, PAYLOCK_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = once(child, 'exit');
  let output = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`npm start was not ready within ${START_TIMEOUT_MS} ms:\n${output}`));
    }, START_TIMEOUT_MS);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      const match = READY_LINE.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`npm start exited before it was ready:\n${output}`));
    });
  });
  let url: string;
  try {
    url = await ready;
  } catch (error) {
    const children = await childrenOf(child.pid);
    child.kill('SIGKILL');
    for (const pid of children.filter(isRunning)) process.kill(pid, 'SIGKILL');
    throw error;
  }
  return { child, url, output: () => output, exited };
}

/** Command lines of running processes that mention `text` (Linux /proc), with their ids. */
async function processesMentioning(text: string): Promise<{ pid: number; command: string }[]> {
  const pids = (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry));
  const found = await Promise.all(
    pids.map(async (pid) => ({
      pid: Number(pid),
      command: (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).replaceAll(
        '\0',
        ' ',
      ),
    })),
  );
  return found.filter(({ command }) => command.includes(text));
}

/** Ids of the running child processes of `parent` (the database server, the API). */
async function childrenOf(parent: number | undefined): Promise<number[]> {
  const pids = (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry));
  const stats = await Promise.all(
    pids.map((pid) => readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')),
  );
  // /proc/<pid>/stat: "pid (command) state ppid …"; the command may hold spaces and parentheses.
  return stats
    .map((stat) => stat.slice(stat.lastIndexOf(')') + 2).split(' '))
    .flatMap((fields, index) => (Number(fields[1]) === parent ? [Number(pids[index])] : []));
}

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** After a failed test: nothing this run started may outlive it (the next test counts servers). */
async function killAll(run: StartRun, dataDir: string): Promise<void> {
  const children = await childrenOf(run.child.pid);
  run.child.kill('SIGKILL');
  for (const pid of children.filter(isRunning)) process.kill(pid, 'SIGKILL');
  for (const { pid } of await processesMentioning(dataDir)) process.kill(pid, 'SIGKILL');
}

/** A browser's cookie jar, enough for the sign-in redirects: cookies by host name. */
class CookieJar {
  private readonly cookies = new Map<string, Map<string, string>>();

  store(url: string, response: Response): void {
    const host = new URL(url).host;
    const jar = this.cookies.get(host) ?? new Map<string, string>();
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const separator = pair.indexOf('=');
      const value = pair.slice(separator + 1);
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(cookie) || value === '') {
        jar.delete(pair.slice(0, separator));
      } else {
        jar.set(pair.slice(0, separator), value);
      }
    }
    this.cookies.set(host, jar);
  }

  header(url: string): string {
    const jar = this.cookies.get(new URL(url).host) ?? new Map<string, string>();
    return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  names(host: string): string[] {
    return [...(this.cookies.get(host)?.keys() ?? [])];
  }
}

/** Follows redirects as a browser does, with cookies; returns every address visited. */
async function browse(start: string, jar: CookieJar): Promise<string[]> {
  const visited = [start];
  let url = start;
  for (let hop = 0; hop < 10; hop += 1) {
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { Cookie: jar.header(url), Accept: 'text/html' },
    });
    jar.store(url, response);
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) {
      assert.equal(response.status, 200, `${url} answered ${response.status}`);
      return visited;
    }
    url = new URL(location, url).toString();
    visited.push(url);
  }
  throw new Error(`too many redirects: ${visited.join(' -> ')}`);
}

void describe('npm start', { timeout: 2 * START_TIMEOUT_MS }, () => {
  let dataDir: string;

  before(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'paylock-start-'));
  });

  after(async () => {
    for (const { pid } of await processesMentioning(dataDir)) process.kill(pid, 'SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  // The tests of one run share it and run in order: the last one stops it.
  void describe('a first run', () => {
    let started: StartRun | undefined;
    let url: string;
    let port: string;
    let appShell: string;
    const run = (): StartRun => started ?? assert.fail('npm start did not start');

    before(async () => {
      started = await startPaylock(dataDir);
      url = started.url;
      port = new URL(url).port;
      appShell = await readFile(path.join(ROOT, 'frontend/dist/app.html'), 'utf8');
    });

    after(async () => {
      if (started) await killAll(started, dataDir);
    });

    const mailLine = (): RegExpExecArray | null =>
      /^\s*Mail:\s+(http:\/\/localhost:\d+)$/m.exec(run().output());
    const smsLine = (): RegExpExecArray | null =>
      /^\s*SMS:\s+(http:\/\/localhost:\d+)\/$/m.exec(run().output());
    const paymentsLine = (): RegExpExecArray | null =>
      /^\s*Payments:\s+(http:\/\/localhost:\d+)\/ .*$/m.exec(run().output());

    // npm test built and stamped both before this suite (scripts/build.ts); its other suites run
    // servers from backend/dist at the same time, so npm start must not rebuild it under them.
    void it(
      'reuses the builds npm test made and stamped',
      {
        skip:
          process.env.PAYLOCK_BUILDS_STAMPED !== '1' && 'only under npm test, which builds first',
      },
      () => {
        assert.match(run().output(), /API build: up to date/);
        assert.match(run().output(), /web app build: up to date/);
      },
    );

    void it('prints one URL to open, on localhost', () => {
      assert.equal(new URL(url).hostname, 'localhost');
      // Every address printed is on that origin (no second banner), except the local mail and
      // SMS inboxes and the local payment gateway, each on its own labelled line.
      const mail = mailLine();
      const sms = smsLine();
      const payments = paymentsLine();
      assert.ok(mail && sms && payments, run().output());
      const printed =
        run()
          .output()
          .replace(mail[0], '')
          .replace(sms[0], '')
          .replace(payments[0], '')
          .match(/https?:\/\/[^\s/]+/g) ?? [];
      assert.deepEqual(new Set(printed), new Set([url]), run().output());
    });

    void it('prints the demo media kit, published at /@demo', async () => {
      const kit = /^\s*Demo media kit:\s+(http:\/\/localhost:\d+\/@demo)$/m.exec(run().output());
      assert.ok(kit?.[1], run().output());
      const page = await fetch(kit[1]);
      assert.equal(page.status, 200);
      const html = await page.text();
      assert.ok(html.includes('<h2>Rate card</h2>') && html.includes('self-reported on'), html);
      assert.ok(!html.includes('Launch bundle'), 'the hidden package is not on the page');
    });

    void it('prints a local mail inbox that answers', async () => {
      const inbox = mailLine()?.[1];
      assert.ok(inbox, run().output());
      assert.equal((await fetch(`${inbox}/api/email`)).status, 200);
    });

    void it('prints a local SMS inbox that answers', async () => {
      const inbox = smsLine()?.[1];
      assert.ok(inbox, run().output());
      assert.equal((await fetch(`${inbox}/api/messages`)).status, 200);
      // The API's SMS notices are registered there, under the ids the API sends them with.
      const templates = (await (await fetch(`${inbox}/api/templates`)).json()) as { id: string }[];
      const ids = templates.map(({ id }) => id);
      for (const notice of ['local-funding_due', 'local-work_submitted', 'local-dispute_opened'])
        assert.ok(ids.includes(notice), ids.join(', '));
    });

    void it('prints a local payment gateway that answers, and lets pages post to its checkout', async () => {
      const gateway = paymentsLine()?.[1];
      assert.ok(gateway, run().output());
      assert.equal((await fetch(`${gateway}/__control/state`)).status, 200);
      const page = await fetch(url);
      const port = new URL(gateway).port;
      assert.match(
        page.headers.get('content-security-policy') ?? '',
        new RegExp(
          `form-action 'self' https://api\\.razorpay\\.com http://127\\.0\\.0\\.1:${port};`,
        ),
      );
    });

    void it('says how long starting the database took', () => {
      assert.match(run().output(), /database: done in \d+\.\d s/);
    });

    void it('serves the landing page compressed, revalidated and with security headers', async () => {
      const page = await fetch(url, { headers: { 'Accept-Encoding': 'gzip' } });
      assert.equal(page.status, 200);
      assert.match(await page.text(), /<div id="root"/);
      assert.equal(page.headers.get('content-encoding'), 'gzip');
      assert.equal(page.headers.get('cache-control'), 'no-cache');
      assert.match(page.headers.get('content-security-policy') ?? '', /script-src 'self' 'sha256-/);
      assert.equal(page.headers.get('x-frame-options'), 'SAMEORIGIN');
      assert.equal(page.headers.get('x-powered-by'), null);
    });

    void it('serves prerendered pages at their addresses and the app shell elsewhere', async () => {
      const waitlist = await (await fetch(`${url}/waitlist`)).text();
      const dashboard = await fetch(`${url}/creator/dashboard`);
      assert.notEqual(waitlist, appShell);
      assert.equal(await dashboard.text(), appShell);
    });

    void it('answers 404 for missing files and the server-rendering bundle', async () => {
      assert.equal((await fetch(`${url}/assets/missing.js`)).status, 404);
      assert.equal((await fetch(`${url}/.ssr/entry-server.js`)).status, 404);
    });

    void it('serves hashed assets as immutable', async () => {
      const script = /src="(\/assets\/[^"]+\.js)"/.exec(appShell)?.[1] ?? '';
      const asset = await fetch(url + script);
      assert.equal(asset.status, 200);
      assert.equal(asset.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    });

    void it('serves the API on the same origin', async () => {
      // Started means live; the database connection may still be opening.
      await waitUntil('the API ready', () => httpAnswers(`${url}/api/v1/health`), 30_000);
      const readiness = await fetch(`${url}/api/v1/health`);
      assert.equal(readiness.status, 200);
      assert.equal(((await readiness.json()) as { status: string }).status, 'ok');
    });

    void it('redirects the other loopback names to the printed URL', async () => {
      for (const other of [`http://127.0.0.1:${port}`, `http://[::1]:${port}`]) {
        const answer = await fetch(`${other}/login?next=x`, { redirect: 'manual' });
        assert.equal(answer.status, 308, `${other} redirects`);
        assert.equal(answer.headers.get('location'), `${url}/login?next=x`);
      }
    });

    // The Google button, pressed on a page opened under each loopback name, signs in.
    const intents = { localhost: 'signup', '127.0.0.1': 'login', '[::1]': 'login' } as const;
    for (const [name, intent] of Object.entries(intents)) {
      void it(`signs in (${intent}) through the local identity provider from ${name}`, async () => {
        const jar = new CookieJar();
        const origin = `http://${name}:${port}`;
        const landing = await browse(`${origin}/register`, jar);
        const pageOrigin = new URL(landing.at(-1) ?? '').origin;
        const atChooser = await browse(`${pageOrigin}/api/v1/auth/google?intent=${intent}`, jar);
        // The local provider shows its account chooser: pick the demo creator, as a person would.
        const chooser = new URL(atChooser.at(-1) ?? '');
        assert.equal(chooser.pathname, '/choose', atChooser.join(' -> '));
        const chosen = new URL(`/choose/continue${chooser.search}`, chooser);
        chosen.searchParams.set('account', 'creator');
        const visited = [...atChooser, ...(await browse(chosen.toString(), jar))];
        assert.equal(
          visited.at(-1),
          `${url}/creator/dashboard?signedIn=${intent}`,
          visited.join(' -> '),
        );
        assert.ok(jar.names(new URL(url).host).includes('paylock_refresh'));
      });
    }

    void it('stops the web server, the API and the database on Ctrl-C, exiting 0', async () => {
      const children = await childrenOf(run().child.pid);
      assert.ok(children.length >= 2, 'the database and the API run as child processes');
      run().child.kill('SIGINT');
      const [code] = (await run().exited) as [number | null];
      assert.equal(code, 0);
      assert.deepEqual(children.filter(isRunning), [], 'the API and the database are gone');
      await assert.rejects(fetch(url), 'the web server is gone');
      assert.deepEqual(await processesMentioning(dataDir), [], 'the database server is gone');
    });
  });

  void describe('a second run', () => {
    let started: StartRun | undefined;
    const run = (): StartRun => started ?? assert.fail('npm start did not start');

    before(async () => {
      started = await startPaylock(dataDir);
    });

    after(async () => {
      if (started) await killAll(started, dataDir);
    });

    void it('skips the builds when nothing changed', () => {
      assert.match(run().output(), /API build: up to date/);
      assert.match(run().output(), /web app build: up to date/);
      assert.doesNotMatch(run().output(), /first run/);
    });

    void it('stops everything, exiting 1, when the database dies', async () => {
      const children = await childrenOf(run().child.pid);
      const database = (await processesMentioning(dataDir)).filter(({ command }) =>
        command.includes('ferretdb'),
      );
      assert.equal(database.length, 1, 'one database server');
      process.kill(database[0]?.pid ?? 0, 'SIGKILL');

      const [code] = (await run().exited) as [number | null];
      assert.equal(code, 1);
      assert.match(run().output(), /the database stopped unexpectedly/);
      await assert.rejects(fetch(run().url), 'the web server is gone');
      assert.deepEqual(children.filter(isRunning), [], 'the API is gone too');
    });
  });
});
