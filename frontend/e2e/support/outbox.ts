/**
 * Puts e-mail into a stack's outbox through the backend's own store (its built code, the code the
 * API enqueues with), for specs that need mail before a feature sends it. The backend's worker
 * then delivers it to the stack's SMTP server like any other message.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface OutgoingMail {
  readonly key: string;
  readonly kind: 'waitlist-confirmation';
  readonly to: { readonly email: string; readonly name: string };
  readonly data: Readonly<Record<string, string>>;
}

interface Connection {
  asPromise(): Promise<Connection>;
  close(): Promise<void>;
}
interface OutboxStore {
  enqueue(mail: OutgoingMail): Promise<void>;
}

const backendDir = path.resolve(import.meta.dirname, '../../../backend');
const backendModule = (file: string) => pathToFileURL(path.join(backendDir, 'dist', file)).href;

export async function enqueueMail(
  mongodbUri: string,
  mails: readonly OutgoingMail[],
): Promise<void> {
  // The backend's own mongoose (a backend dependency) and store, loaded from its build.
  const mongoose = (await import(
    pathToFileURL(createRequire(path.join(backendDir, 'package.json')).resolve('mongoose')).href
  )) as { default: { createConnection(uri: string): Connection } };
  const { MongoOutboxStore } = (await import(
    backendModule('mail/infrastructure/persistence/mongo/mongo-outbox.store.js')
  )) as { MongoOutboxStore: new (connection: Connection, clock: object) => OutboxStore };
  const { SystemClock } = (await import(
    backendModule('common/infrastructure/system-clock.js')
  )) as { SystemClock: new () => object };
  const connection = await mongoose.default.createConnection(mongodbUri).asPromise();
  try {
    const store = new MongoOutboxStore(connection, new SystemClock());
    for (const mail of mails) await store.enqueue(mail);
  } finally {
    await connection.close();
  }
}
