/**
 * MailDev (npm `maildev`): a real SMTP server with a web inbox and a REST API, for tests and
 * `npm start`. Each caller starts its own on free loopback ports (both servers bound to
 * 127.0.0.1; MailDev's web default is 0.0.0.0) with a private mail directory (its default,
 * /tmp/maildev, is shared and restored at start-up).
 *
 * Self-contained (package imports only, erasable TypeScript) so Node, Jest and Playwright can all
 * load it; the scripts and the browser tests import it through scripts/lib/maildev.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { MailDev } from 'maildev';

const HOST = '127.0.0.1';

export interface MailAddress {
  readonly address: string;
  readonly name: string;
}

/** A message as MailDev's REST API lists it (`GET /api/email`), with the fields tests read. */
export interface ReceivedMail {
  /** MailDev's own id (not the Message-ID). */
  readonly id: string;
  readonly subject: string;
  readonly from: readonly MailAddress[];
  readonly to: readonly MailAddress[];
  /** Lower-case header names. */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly text?: string;
  readonly html?: string;
  readonly time: string;
  /** Files sent with the message, as MailDev lists them. */
  readonly attachments?: readonly {
    readonly fileName: string;
    readonly generatedFileName: string;
    readonly contentType: string;
    readonly length: number;
  }[];
}

/** The Message-ID header of a received message ('' when absent). */
export function messageIdOf(mail: ReceivedMail): string {
  const value = mail.headers['message-id'];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/** Reads (and empties) a MailDev inbox through its REST API. */
export class MailDevInbox {
  /** MailDev's web origin, e.g. http://127.0.0.1:1080 (MAILDEV_API_URL). */
  readonly apiUrl: string;

  constructor(apiUrl: string) {
    this.apiUrl = apiUrl;
  }

  async list(): Promise<ReceivedMail[]> {
    const response = await fetch(`${this.apiUrl}/api/email`, {
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`MailDev answered ${response.status} to GET /api/email`);
    return (await response.json()) as ReceivedMail[];
  }

  /** The messages to `address` (case-insensitive), oldest first. */
  async to(address: string): Promise<ReceivedMail[]> {
    const wanted = address.toLowerCase();
    return (await this.list()).filter((mail) =>
      mail.to.some((recipient) => recipient.address.toLowerCase() === wanted),
    );
  }

  /** Polls until `predicate` holds for the inbox (or throws with what was there). */
  async waitFor(
    predicate: (mails: readonly ReceivedMail[]) => boolean,
    { timeoutMs = 10_000, what = 'the expected mail' }: { timeoutMs?: number; what?: string } = {},
  ): Promise<ReceivedMail[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mails = await this.list();
      if (predicate(mails)) return mails;
      if (Date.now() > deadline) {
        throw new Error(
          `MailDev: no ${what} within ${timeoutMs} ms (${mails.length} in the inbox)`,
        );
      }
      await sleep(100);
    }
  }

  /**
   * Waits until at least `count` messages are in the inbox, for as long as messages keep
   * arriving: fails only after `stallMs` without a new one (a busy machine is slow, not stuck).
   */
  async waitForCountWhileArriving(count: number, stallMs = 30_000): Promise<ReceivedMail[]> {
    let last = -1;
    let lastChangeAt = Date.now();
    for (;;) {
      const received = await this.count();
      if (received >= count) return this.list();
      if (received !== last) {
        last = received;
        lastChangeAt = Date.now();
      } else if (Date.now() - lastChangeAt > stallMs) {
        throw new Error(`MailDev: stuck at ${received} of ${count} messages for ${stallMs} ms`);
      }
      await sleep(250);
    }
  }

  /** How many messages the inbox holds (cheap: MailDev's summary, no bodies). */
  async count(): Promise<number> {
    const response = await fetch(`${this.apiUrl}/api/email/summary?limit=1`, {
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`MailDev answered ${response.status} to the summary`);
    return ((await response.json()) as { storeTotal: number }).storeTotal;
  }

  /** Waits until at least `count` messages are in the inbox, then lists them all. */
  async waitForCount(count: number, timeoutMs = 10_000): Promise<ReceivedMail[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const received = await this.count();
      if (received >= count) return this.list();
      if (Date.now() > deadline) {
        throw new Error(`MailDev: ${received} of ${count} messages within ${timeoutMs} ms`);
      }
      await sleep(250);
    }
  }

  /** Waits for the first message to `address` (optionally with this subject). */
  async waitForMailTo(
    address: string,
    { subject, timeoutMs = 10_000 }: { subject?: string; timeoutMs?: number } = {},
  ): Promise<ReceivedMail> {
    const wanted = address.toLowerCase();
    const matches = (mail: ReceivedMail) =>
      mail.to.some((recipient) => recipient.address.toLowerCase() === wanted) &&
      (subject === undefined || mail.subject === subject);
    const mails = await this.waitFor((all) => all.some(matches), {
      timeoutMs,
      what: `mail to ${address}`,
    });
    const mail = mails.find(matches);
    if (!mail) throw new Error('unreachable');
    return mail;
  }

  /** The bytes of one attachment of a received message. */
  async attachment(mail: ReceivedMail, generatedFileName: string): Promise<Buffer> {
    const response = await fetch(
      `${this.apiUrl}/api/email/${mail.id}/attachment/${encodeURIComponent(generatedFileName)}`,
      { signal: AbortSignal.timeout(10_000) },
    );
    if (!response.ok) throw new Error(`MailDev answered ${response.status} to an attachment`);
    return Buffer.from(await response.arrayBuffer());
  }

  async clear(): Promise<void> {
    const response = await fetch(`${this.apiUrl}/api/email/all`, { method: 'DELETE' });
    if (!response.ok)
      throw new Error(`MailDev answered ${response.status} to DELETE /api/email/all`);
  }
}

export interface MailDevServer {
  readonly smtpPort: number;
  readonly webPort: number;
  /** What the backend's SMTP_URL should be. */
  readonly smtpUrl: string;
  /** MailDev's web origin: the inbox page and the REST API (MAILDEV_API_URL). */
  readonly apiUrl: string;
  readonly inbox: MailDevInbox;
  stop(): Promise<void>;
}

export interface MailDevOptions {
  /** 0 or absent: a free port. */
  readonly smtpPort?: number;
  readonly webPort?: number;
}

/** A TCP port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  const address = server.address();
  await new Promise<void>((resolve) => {
    server.close(() => {
      resolve();
    });
  });
  if (address === null || typeof address === 'string') throw new Error('no TCP port assigned');
  return address.port;
}

/**
 * @maildev/api announces its address with console.info whatever `silent` says; the caller prints
 * the inbox URL a person should open (npm start's banner), so that line is held back.
 */
async function startQuietly(maildev: MailDev): Promise<void> {
  const info = console.info;
  console.info = () => undefined;
  try {
    await maildev.start();
  } finally {
    console.info = info;
  }
}

export async function startMailDev(options: MailDevOptions = {}): Promise<MailDevServer> {
  const smtpPort = options.smtpPort || (await freePort());
  let webPort = options.webPort || (await freePort());
  while (webPort === smtpPort) webPort = await freePort();
  const mailDirectory = mkdtempSync(join(tmpdir(), 'paylock-maildev-'));
  const maildev = new MailDev({
    smtp: smtpPort,
    ip: HOST,
    web: webPort,
    webIp: HOST,
    mailDirectory,
    silent: true,
  });
  await startQuietly(maildev);
  const apiUrl = `http://${HOST}:${webPort}`;
  return {
    smtpPort,
    webPort,
    smtpUrl: `smtp://${HOST}:${smtpPort}`,
    apiUrl,
    inbox: new MailDevInbox(apiUrl),
    async stop() {
      await maildev.stop();
      rmSync(mailDirectory, { recursive: true, force: true });
    },
  };
}
