/**
 * `npm run bench:mail`: throughput of the outbox into MailDev, in messages per second.
 *
 * Builds the backend, starts the database (MONGODB_URI if set, else as `npm start` does), MailDev
 * and BENCH_MAIL_INSTANCES API processes (default 2) delivering the same outbox, writes
 * BENCH_MAIL_MESSAGES queued messages (default 1000) straight into the `outbox` collection (the
 * document the API's Outbox.enqueue writes), and times until MailDev holds them all. Then checks
 * that each arrived exactly once (by Message-ID) and every one is recorded as sent.
 *
 * The other half of issue #12's benchmark, the waitlist POST ratio with mail enabled, is
 * `npm run bench:waitlist`: its API process delivers into a MailDev; once joining the waitlist
 * enqueues a confirmation, that ratio includes mail.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import getPort from 'get-port';
import { MongoClient } from 'mongodb';
import { databaseUri, startDatabase } from '../scripts/lib/database.ts';
import { messageIdOf, startMailDev } from '../scripts/lib/maildev.ts';
import { ROOT, TMP_DIR } from '../scripts/lib/paths.ts';
import {
  httpAnswers,
  type RunningProcess,
  startProcess,
  waitUntil,
} from '../scripts/lib/processes.ts';
import { BENCH_SMS_ENV, buildBackend } from './support.ts';

const MESSAGES = Number(process.env.BENCH_MAIL_MESSAGES ?? 1000);
const INSTANCES = Number(process.env.BENCH_MAIL_INSTANCES ?? 2);
const CONCURRENCY = process.env.MAIL_CONCURRENCY ?? '4';

async function startApi(mongodbUri: string, smtpUrl: string): Promise<RunningProcess> {
  const port = await getPort();
  const child = startProcess('api', process.execPath, ['backend/dist/main.js'], {
    dropStdout: true,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      MONGODB_URI: mongodbUri,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: 'https://paylock.invalid',
      GOOGLE_CLIENT_ID: 'bench',
      GOOGLE_CLIENT_SECRET: 'bench',
      ...BENCH_SMS_ENV,
      JWT_SECRET: randomUUID() + randomUUID(),
      SMTP_URL: smtpUrl,
      MAIL_POLL_INTERVAL_MS: '100',
      MAIL_CONCURRENCY: CONCURRENCY,
    },
  });
  await waitUntil('the API', () => httpAnswers(`http://127.0.0.1:${port}/api/v1/health`), 30_000);
  return child;
}

async function main(): Promise<number> {
  if (!(await buildBackend())) return 1;
  const database = await startDatabase({
    dataDir: path.join(TMP_DIR, 'bench-mail-database'),
    ephemeral: true,
  });
  const mailDev = await startMailDev();
  const apis: RunningProcess[] = [];
  const mongodbUri = databaseUri(database.uri, 'paylock_bench_mail');
  const client = await new MongoClient(mongodbUri).connect();
  try {
    await client.db().dropDatabase();
    for (let index = 0; index < INSTANCES; index += 1) {
      apis.push(await startApi(mongodbUri, mailDev.smtpUrl));
    }
    const outbox = client.db().collection<{ _id: string }>('outbox');
    const now = new Date();
    const startedAt = performance.now();
    await outbox.insertMany(
      Array.from({ length: MESSAGES }, (_, n) => ({
        _id: randomUUID(),
        key: `bench:${n}`,
        kind: 'waitlist-confirmation',
        to: { email: `bench${n}@example.com`, name: `Bench ${n}` },
        data: { confirmUrl: `https://paylock.invalid/c?t=${n}`, expiresInHours: '72' },
        status: 'queued',
        attempts: 0,
        roundStartedAfter: 0,
        createdAt: now,
        nextAttemptAt: now,
      })),
    );
    const enqueuedMs = performance.now() - startedAt;
    for (;;) {
      if ((await mailDev.inbox.count()) >= MESSAGES) break;
      await sleep(100);
    }
    const seconds = (performance.now() - startedAt) / 1000;
    await sleep(1000);
    const received = await mailDev.inbox.list();
    const distinct = new Set(received.map(messageIdOf)).size;
    const sent = await outbox.countDocuments({ status: 'sent' });
    console.log(
      [
        '',
        `Outbox → MailDev, ${INSTANCES} API instance(s), MAIL_CONCURRENCY=${CONCURRENCY}, ${database.description}`,
        `  messages:            ${MESSAGES} (written in ${enqueuedMs.toFixed(0)} ms)`,
        `  all received after:  ${seconds.toFixed(1)} s`,
        `  throughput:          ${(MESSAGES / seconds).toFixed(1)} messages/s`,
        `  received / distinct: ${received.length} / ${distinct} (recorded sent: ${sent})`,
        '',
      ].join('\n'),
    );
    return received.length === MESSAGES && distinct === MESSAGES && sent === MESSAGES ? 0 : 1;
  } finally {
    await client.close();
    for (const api of apis) await api.stop();
    await mailDev.stop();
    await database.stop();
  }
}

process.chdir(ROOT);
process.exitCode = await main();
